import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, stubServer, testMember } from '../../../test/render';

describe('publisher application', () => {
  it('opened straight from a link, Back goes to Settings (where it is offered), not the tools home', async () => {
    stubServer({
      account: testMember,
      routes: ({ path }) => (path === '/api/publisher-request' ? { body: null } : undefined),
    });
    const { router } = renderApp('/publisher-request');
    const back = await screen.findByRole('link', { name: /Back/ });
    expect(back.getAttribute('href')).toBe('/settings');
    fireEvent.click(back);
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
  });

  it('a member who has not applied (the API answers null) gets the form', async () => {
    stubServer({
      account: testMember,
      routes: ({ path }) => (path === '/api/publisher-request' ? { body: null } : undefined),
    });
    renderApp('/publisher-request');
    expect(await screen.findByRole('button', { name: 'Submit' })).toBeTruthy();
    // The reason's counter counts as the server does: an emoji is one.
    const reason = screen.getByRole('textbox', { name: /યોગ્ય/ });
    fireEvent.change(reason, { target: { value: '🙏🙏 ok' } });
    expect(await screen.findByText('5 / 300')).toBeTruthy();
  });
});
