import type { StaffProfile } from '@samaj/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, requestsTo, stubServer, testAdmin } from '../../../test/render';
import { profileFields } from '../lib/testProfile';

function staffProfile(id: string, name: string, status: StaffProfile['status'] = 'requested'): StaffProfile {
  return {
    ...profileFields,
    id,
    name,
    description: 'Calm',
    expectation: 'Kind',
    address: 'Anand',
    status,
    gotra: null,
    user: { id, name, dp: 'newuser', labels: [] },
    verifiedAt: null,
    openReports: 0,
  };
}

describe('matrimony verification (staff)', () => {
  it('shows the phone to call, approves, and bans only with a reason, its buttons in Gujarati', async () => {
    const fetchMock = stubServer({
      account: testAdmin,
      routes: ({ path, query }) => {
        if (path === '/api/admin/summary') {
          return {
            body: { posts: 0, reports: 0, publisherRequests: 0, surnameSubmissions: 0, matrimonyProfiles: 2 },
          };
        }
        if (path === '/api/admin/matrimony/profiles' && query.get('status') === 'requested') {
          return {
            body: {
              documents: [staffProfile('rohan', 'Rohan Patel'), staffProfile('amit', 'Amit Shah')],
              nextCursor: null,
            },
          };
        }
        if (path.startsWith('/api/admin/matrimony/profiles/'))
          return { body: staffProfile('x', 'X', 'active') };
        return undefined;
      },
    });
    renderApp('/admin/matrimony');
    const rohan = await screen.findByRole('article', { name: 'Rohan Patelની મેટ્રિમોની પ્રોફાઇલ' });
    expect(within(rohan).getByRole('link', { name: '98250 12345' }).getAttribute('href')).toBe(
      'tel:9825012345',
    );
    fireEvent.click(within(rohan).getByRole('button', { name: 'મંજૂર કરો' }));
    await waitFor(() =>
      expect(requestsTo(fetchMock, '/api/admin/matrimony/profiles/rohan')).toEqual([
        'POST /api/admin/matrimony/profiles/rohan/approve',
      ]),
    );

    const amit = screen.getByRole('article', { name: 'Amit Shahની મેટ્રિમોની પ્રોફાઇલ' });
    fireEvent.click(within(amit).getByRole('button', { name: 'બંધ કરો' }));
    fireEvent.click(within(amit).getByRole('button', { name: 'પ્રોફાઇલ બંધ કરો' }));
    expect(await within(amit).findByText('બંધ કરવાનું કારણ લખો.')).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/admin/matrimony/profiles/amit')).toEqual([]);
    fireEvent.change(within(amit).getByRole('textbox', { name: /કારણ/ }), {
      target: { value: 'Fake photos' },
    });
    fireEvent.click(within(amit).getByRole('button', { name: 'પ્રોફાઇલ બંધ કરો' }));
    await waitFor(() =>
      expect(requestsTo(fetchMock, '/api/admin/matrimony/profiles/amit')).toEqual([
        'POST /api/admin/matrimony/profiles/amit/ban',
      ]),
    );
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/amit/ban')) ?? [];
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({ reason: 'Fake photos' });
  });
});
