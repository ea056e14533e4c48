import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, stubServer, testMember } from '../../../test/render';

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });

async function changeEmail(email: string) {
  await screen.findByRole('button', { name: 'સાચવો' });
  type('ઈમેલ', email);
  fireEvent.change(screen.getByLabelText('હાલનો પાસવર્ડ', { selector: 'input' }), {
    target: { value: 'my current password' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'સાચવો' }));
}

describe('Manage Profile: a new email address', () => {
  it('says a confirmation was sent to it, for whatever address the server took', async () => {
    stubServer({
      account: testMember,
      routes: ({ path, method, body }) =>
        path === '/api/account' && method === 'PATCH'
          ? { body: { user: testMember, pendingEmail: (body as { email: string }).email } }
          : undefined,
    });
    renderApp('/settings/profile');
    await changeEmail('someone.else@example.org');
    const notice = await screen.findByText(/someone\.else@example\.org/);
    expect(notice.textContent).toBe(
      'અમે someone.else@example.org પર ખાતરીની લિંક મોકલી છે. તે લિંક ખોલશો ત્યારે તમારો ઈમેલ બદલાશે; ત્યાં સુધી તે ramesh@example.org જ રહેશે.',
    );
  });

  it('too many changes: asks to wait a while (the limit runs for up to an hour)', async () => {
    stubServer({
      account: testMember,
      routes: ({ path, method }) =>
        path === '/api/account' && method === 'PATCH'
          ? {
              status: 429,
              body: {
                message: 'Too many email changes for this account. Please try again in 60 minutes.',
                code: 429,
                type: 'general_rate_limit_exceeded',
              },
            }
          : undefined,
    });
    renderApp('/settings/profile');
    await changeEmail('new.address@example.org');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'ઘણા બધા પ્રયત્નો થયા. થોડી વાર રાહ જોઈને ફરી પ્રયત્ન કરો.',
    );
  });
});
