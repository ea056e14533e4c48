import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, requestsTo, stubServer, testMember } from '../../../test/render';

const SENT = 'જો કોઈ એકાઉન્ટ આ સરનામું વાપરતું હોય, તો અમે તેના પર લિંક મોકલી છે';

describe('forgot password', () => {
  it('on a server without mail, says the staff can help and how to reach them (no email field)', async () => {
    stubServer({
      config: { mailEnabled: false, contactPhone: '+91 98765 43210', contactEmail: 'staff@samaj.test' },
    });
    renderApp('/forgot-password');
    expect(await screen.findByText(/સમાજનો સ્ટાફ મદદ કરી શકે છે/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '+91 98765 43210' }).getAttribute('href')).toBe(
      'tel:+919876543210',
    );
    expect(screen.getByRole('link', { name: 'staff@samaj.test' }).getAttribute('href')).toBe(
      'mailto:staff@samaj.test',
    );
    expect(screen.queryByRole('textbox', { name: /ઈમેલ/ })).toBeNull();
  });

  it('sends the address with the app language and shows the one answer for every address', async () => {
    const fetchMock = stubServer({
      config: { mailEnabled: true },
      routes: (r) =>
        r.path === '/api/account/recovery'
          ? { body: { mailSent: true, contactPhone: null, contactEmail: null } }
          : undefined,
    });
    renderApp('/forgot-password');
    const field = await screen.findByRole('textbox', { name: /ઈમેલ/ });
    fireEvent.change(field, { target: { value: 'someone@example.com' } });
    const send = screen.getByRole('button', { name: 'લિંક મોકલો' });
    await waitFor(() => expect(send.hasAttribute('disabled')).toBe(false));
    fireEvent.click(send);
    expect((await screen.findByRole('status')).textContent).toBe(SENT);
    expect(requestsTo(fetchMock, '/api/account/recovery')).toEqual(['POST /api/account/recovery']);
    const body = fetchMock.mock.calls.find(([url]) => String(url) === '/api/account/recovery')?.[1]?.body;
    expect(JSON.parse(String(body))).toEqual({ email: 'someone@example.com', language: 'gu' });
  });
});

describe('reset password', () => {
  /** Types the new password into both fields and presses save once the form allows it. */
  async function setPassword(password: string) {
    const first = await screen.findByLabelText(/^નવો પાસવર્ડ\s*\*?$/, { selector: 'input' });
    const again = screen.getByLabelText(/^નવો પાસવર્ડ ફરી લખો/, { selector: 'input' });
    fireEvent.change(first, { target: { value: password } });
    fireEvent.change(again, { target: { value: password } });
    const save = screen.getByRole('button', { name: 'નવો પાસવર્ડ સાચવો' });
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    fireEvent.click(save);
  }

  it('an expired link says so and leads to asking again', async () => {
    stubServer({
      routes: (r) =>
        r.path === '/api/account/recovery' && r.method === 'PUT'
          ? {
              status: 410,
              body: { message: 'expired', code: 410, type: 'user_token_expired', field: 'token' },
            }
          : undefined,
    });
    renderApp('/reset-password?token=abcdefABCDEF0123456789');
    await setPassword('a brand new passphrase');
    expect((await screen.findByRole('alert')).textContent).toContain('આ લિંકની મુદત પૂરી થઈ ગઈ છે');
    expect(screen.getByRole('link', { name: 'નવી લિંક માગો' }).getAttribute('href')).toBe('/forgot-password');
  });

  it('a new password signs the member in and lands on the home page', async () => {
    stubServer({
      routes: (r) =>
        r.path === '/api/account/recovery' && r.method === 'PUT' ? { body: { user: testMember } } : undefined,
    });
    const { router } = renderApp('/reset-password?token=abcdefABCDEF0123456789');
    await setPassword('a brand new passphrase');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

it('a link cut short (no token) says so without asking the server', async () => {
  const fetchMock = stubServer();
  renderApp('/reset-password?token=');
  expect((await screen.findByRole('alert')).textContent).toContain('આ લિંક માન્ય નથી');
  expect(requestsTo(fetchMock, '/api/account/recovery')).toEqual([]);
});

describe('the notice for an unconfirmed address', () => {
  const unconfirmed = { ...testMember, emailVerified: false };

  it('shows on every page with "send again", and once put away stays away on this browser', async () => {
    localStorage.clear();
    const fetchMock = stubServer({
      account: unconfirmed,
      config: { mailEnabled: true },
      routes: (r) => (r.path === '/api/account/verification' ? { status: 204 } : undefined),
    });
    const first = renderApp('/settings');
    const notice = await screen.findByRole('region', { name: 'સરનામાની ખાતરી' });
    expect(notice.textContent).toContain('અમે તમને મેઇલ કરેલી લિંક ખોલીને તમારા સરનામાની ખાતરી કરો.');
    fireEvent.click(screen.getByRole('button', { name: 'ફરી મોકલો' }));
    expect((await screen.findByText(/મોકલી દીધી/)).textContent).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/account/verification')).toEqual(['POST /api/account/verification']);
    fireEvent.click(screen.getByRole('button', { name: 'આ સૂચના છુપાવો' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'સરનામાની ખાતરી' })).toBeNull());
    first.unmount();
    renderApp('/settings');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: 'સરનામાની ખાતરી' })).toBeNull();
  });

  it('is not shown when the address is confirmed, or when the server sends no mail', async () => {
    localStorage.clear();
    // Its code already here, so a notice due would be on screen by the time the page is.
    await import('../components/EmailNotice');
    const settled = () => new Promise((resolve) => setTimeout(resolve, 200));
    stubServer({ account: { ...testMember, emailVerified: true }, config: { mailEnabled: true } });
    const first = renderApp('/settings');
    await screen.findByRole('heading', { level: 1 });
    await settled();
    expect(screen.queryByRole('region', { name: 'સરનામાની ખાતરી' })).toBeNull();
    first.unmount();
    stubServer({ account: unconfirmed, config: { mailEnabled: false } });
    renderApp('/settings');
    await screen.findByRole('heading', { level: 1 });
    await settled();
    expect(screen.queryByRole('region', { name: 'સરનામાની ખાતરી' })).toBeNull();
  });
});
