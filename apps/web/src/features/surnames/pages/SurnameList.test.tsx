import type { SurnameView } from '@samaj/core';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, stubServer } from '../../../test/render';

const patel: SurnameView = {
  id: 'Patel',
  name: 'Patel',
  name_guj: 'પટેલ',
  gotra: '',
  pronounce: '',
  gam: '',
  kuldevta: '',
  description: '',
  user_count: 3,
  updatedAt: '2024-01-01T00:00:00.000Z',
};

describe('surname list', () => {
  it('says when the list could not be loaded and loads it again on retry', async () => {
    let calls = 0;
    stubServer({
      routes: ({ path }) => {
        if (path !== '/api/surnames') return undefined;
        calls += 1; // a 4xx is not retried by the query client, so the first answer reaches the page
        return calls === 1
          ? { status: 429, body: { message: 'Slow down', code: 429, type: 'general_rate_limit_exceeded' } }
          : { body: { documents: [patel], nextCursor: null } };
      },
    });
    renderApp('/surnames');
    expect((await screen.findByRole('alert')).textContent).toContain('અટકોની યાદી લોડ થઈ શકી નથી.');
    fireEvent.click(screen.getByRole('button', { name: 'ફરી પ્રયાસ કરો' }));
    expect(await screen.findByText('પટેલ')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
