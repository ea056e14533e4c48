import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, stubServer, testMember } from '../../test/render';

const member = testMember;

describe('shell navigation', () => {
  it('offers Login as the last entry to a visitor, and no back button on the root', async () => {
    stubServer();
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'મુખ્ય મેનૂ' });
    const login = await within(nav).findByRole('link', { name: 'Login' });
    expect(login.getAttribute('href')).toBe('/login');
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/posts', '/', '/login']);
    expect(screen.queryByRole('button', { name: 'પાછા જાઓ' })).toBeNull();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
  });

  it("ends with the member's name linking to their profile; Admin only for admins", async () => {
    stubServer({ account: member });
    renderApp('/posts');
    const nav = await screen.findByRole('navigation', { name: 'મુખ્ય મેનૂ' });
    const me = await within(nav).findByRole('link', { name: 'Ramesh Patel' });
    expect(me.getAttribute('href')).toBe('/profile/ramesh_patel');
    expect(within(nav).queryByRole('link', { name: 'Login' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'એડમિન' })).toBeNull();
    expect(screen.getByRole('button', { name: 'પાછા જાઓ' })).toBeTruthy();
  });

  it('shows the Admin entry to a member with the Admin label', async () => {
    stubServer({ account: { ...member, labels: ['Admin'] } });
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'મુખ્ય મેનૂ' });
    const admin = await within(nav).findByRole('link', { name: 'એડમિન' });
    expect(admin.getAttribute('href')).toBe('/admin');
    const hrefs = within(nav)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs.at(-1)).toBe('/profile/ramesh_patel');
  });

  it('puts the page name before the community name in the title', async () => {
    stubServer();
    renderApp('/surname/Patel');
    await waitFor(() => expect(document.title).toBe('Patel - surname | Test Samaj'));
    const canonical = document.head.querySelector('link[rel="canonical"]');
    expect(canonical?.getAttribute('href')).toBe(`${window.location.origin}/surname/Patel`);
  });
});

describe('logged-out member pages', () => {
  it('invites a visitor on the posts page to log in, coming back afterwards', async () => {
    stubServer();
    renderApp('/posts?x=1');
    const signup = await screen.findByRole('link', { name: 'Create New Account' });
    const forward = `?forward=${encodeURIComponent('/posts?x=1')}`;
    expect(signup.getAttribute('href')).toBe(`/signup${forward}`);
    // The nav entry stays plain /login; the card's Login button carries the way back.
    const logins = screen.getAllByRole('link', { name: 'Login' }).map((a) => a.getAttribute('href'));
    expect(logins).toEqual(expect.arrayContaining(['/login', `/login${forward}`]));
  });
});
