import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, stubServer, testAdmin } from '../../../test/render';

const summary = { posts: 0, reports: 0, publisherRequests: 0, surnameSubmissions: 2 };

describe('staff console', () => {
  it("names every tab in the console's language, the surname review and the carousel included", async () => {
    stubServer({
      account: testAdmin,
      routes: ({ path }) => {
        if (path === '/api/admin/summary') return { body: summary };
        if (path.startsWith('/api/admin/')) return { body: { documents: [], nextCursor: null } };
        return undefined;
      },
    });
    renderApp('/admin/posts');
    const tabs = await screen.findByRole('tablist');
    const names = within(tabs)
      .getAllByRole('tab')
      .map((tab) => tab.textContent);
    // The surnames tab used to read the raw key 'review.title' (its namespace was not loaded).
    expect(names.some((name) => name?.includes('review.title'))).toBe(false);
    expect(within(tabs).getByRole('tab', { name: /અટકની મોકલેલી માહિતી/ })).toBeTruthy();
    expect(within(tabs).getByRole('tab', { name: /સ્લાઇડ્સ/ })).toBeTruthy();
  });
});
