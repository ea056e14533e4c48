import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, stubServer } from '../../../test/render';

describe('404 screen', () => {
  it("shows '404' and 'Page Not Found' for an unknown path", async () => {
    stubServer();
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(screen.getByText('404')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Page Not Found | Test Samaj'));
  });

  it('does not show for a known route', async () => {
    stubServer();
    renderApp('/scholarships');
    expect(await screen.findByRole('heading', { name: 'શિષ્યવૃત્તિ' })).toBeTruthy();
    expect(screen.queryByText('Page Not Found')).toBeNull();
  });
});
