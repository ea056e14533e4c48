import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, stubServer, testMember, testPost } from '../../../test/render';

describe('own profile', () => {
  it('shows the new picture on the member’s own posts right after they change it, without a reload', async () => {
    let dp = 'old_pic';
    stubServer({
      account: { ...testMember, prefs: { dp } },
      routes: ({ path, method }) => {
        if (path === '/api/account/picture' && method === 'POST') {
          dp = 'new_pic';
          return { body: { dp } };
        }
        if (path === `/api/profiles/${testMember.id}`) {
          return {
            body: {
              id: testMember.id,
              name: testMember.name,
              dp,
              labels: [],
              createdAt: testMember.createdAt,
            },
          };
        }
        if (path === '/api/posts')
          return {
            body: {
              documents: [testPost({ user: { id: testMember.id, name: testMember.name, dp, labels: [] } })],
              nextCursor: null,
            },
          };
        return undefined;
      },
    });
    renderApp(`/profile/${testMember.id}`);
    const card = await screen.findByRole('article');
    // The avatar beside the name (its link is hidden from screen readers: the name links too).
    const avatar = () => card.querySelector('img')?.getAttribute('src');
    expect(avatar()).toContain('old_pic');

    fireEvent.click(screen.getByRole('button', { name: 'પ્રોફાઇલ ફોટો બદલો' }));
    const input = await screen.findByLabelText('Upload new image');
    fireEvent.change(input, { target: { files: [new File(['png'], 'me.png', { type: 'image/png' })] } });

    await waitFor(() => expect(avatar()).toContain('new_pic'));
  });
});

describe('a profile that cannot be read', () => {
  it.each([
    [503, 'general_database_unavailable', 'સર્વર અત્યારે માહિતી સુધી પહોંચી શકતું નથી. થોડી વાર પછી ફરી પ્રયત્ન કરો.'],
    [507, 'general_insufficient_storage', 'સર્વર પર જગ્યા ખૂટી ગઈ છે. થોડી વાર પછી ફરી પ્રયત્ન કરો.'],
    [500, 'general_unknown', 'Something went wrong'],
  ])('%s %s: the member reads %s', async (status, type, shown) => {
    stubServer({
      account: testMember,
      routes: ({ path }) =>
        path === '/api/profiles/someone_else'
          ? { status, body: { message: 'x', code: status, type } }
          : undefined,
    });
    renderApp('/profile/someone_else');
    expect((await screen.findByRole('alert')).textContent).toBe(shown);
  });
});
