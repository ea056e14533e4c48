import type { MyProfile } from '@samaj/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FakeRequest, renderApp, stubServer, testMember } from '../../../../test/render';
import { profileFields } from '../../lib/testProfile';

// The owner's photos dialog (docs/product/matrimony.md, "Photos"), in Gujarati as most members see it: the
// order is put with buttons, and Save sends the ids in that order with the choice of who sees them.

const single = {
  ...testMember,
  phone: null,
  prefs: { dp: 'newuser', dob: null, gender: null, marital_status: 'Single', matrimony: 'applied' },
};

function mine(extra: Partial<MyProfile> = {}): MyProfile {
  return {
    ...profileFields,
    id: testMember.id,
    name: testMember.name,
    description: 'Calm',
    expectation: 'Kind',
    address: '12 Station Road',
    status: 'active',
    gotra: null,
    gotraFilter: true,
    dp: 'file-a',
    photo: `/api/matrimony/profiles/${testMember.id}/photo?width=300`,
    photos: ['file-a', 'file-b', 'file-c'],
    photoVisibility: 'listed',
    ...extra,
  };
}

function server(saved: FakeRequest[]) {
  return stubServer({
    account: single,
    routes: (r) => {
      if (!r.path.startsWith('/api/matrimony')) return undefined;
      if (r.path === '/api/matrimony/profile') return { body: mine() };
      if (r.path === '/api/matrimony/photos' && r.method === 'PUT') {
        saved.push(r);
        const body = r.body as { photos: string[]; visibility: 'listed' | 'accepted' };
        return { body: mine({ dp: body.photos[0], photos: body.photos, photoVisibility: body.visibility }) };
      }
      if (r.path === '/api/matrimony/requests/count') return { body: { pending: 0 } };
      if (r.path === '/api/matrimony/matches/news') return { body: { matches: 0, answers: 0 } };
      if (r.path === '/api/matrimony/preferences') return { body: null };
      return { body: { documents: [], nextCursor: null } };
    },
  });
}

describe('matrimony: the photos dialog', () => {
  it('puts the photos in order with buttons, removes one, and saves the order with the choice', async () => {
    const saved: FakeRequest[] = [];
    server(saved);
    renderApp('/matrimony');
    fireEvent.click(await screen.findByRole('button', { name: 'ફોટા (3)' }));
    const dialog = await screen.findByRole('dialog', { name: 'તમારા ફોટા' });
    const items = () => within(dialog).getAllByRole('listitem');
    expect(items()).toHaveLength(3);
    // Each photo is the owner's own, through the checked route, marked with its file.
    const srcs = () => items().map((li) => li.querySelector('img')?.getAttribute('src') ?? '');
    expect(srcs()[2]).toBe(`/api/matrimony/profiles/${testMember.id}/photo?width=300&index=2&v=file-c`);
    // The first has no "earlier" and no "make main"; the last no "later".
    const button = (name: string) => within(dialog).getByRole('button', { name });
    expect(button('ફોટો 1 આગળ ખસેડો').hasAttribute('disabled')).toBe(true);
    expect(button('ફોટો 3 પાછળ ખસેડો').hasAttribute('disabled')).toBe(true);

    fireEvent.click(button('ફોટો 3 ને મુખ્ય ફોટો બનાવો'));
    expect(within(dialog).getByText('ફોટો 3 હવે મુખ્ય ફોટો છે.')).toBeTruthy();
    expect(srcs().map((s) => s.split('v=')[1])).toEqual(['file-c', 'file-a', 'file-b']);
    fireEvent.click(button('ફોટો 2 પાછળ ખસેડો'));
    expect(srcs().map((s) => s.split('v=')[1])).toEqual(['file-c', 'file-b', 'file-a']);
    // Focus went with the photo: now third, its "later" is off, so its "earlier" has it.
    expect(document.activeElement).toBe(button('ફોટો 3 આગળ ખસેડો'));
    fireEvent.click(button('ફોટો 2 કાઢી નાખો'));
    expect(items()).toHaveLength(2);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'જેમની વિનંતી મેં સ્વીકારી છે તે જ' }));
    fireEvent.click(button('ફોટા સાચવો'));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.body).toEqual({ photos: ['file-c', 'file-a'], visibility: 'accepted' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'તમારા ફોટા' })).toBeNull());
    expect(await screen.findByRole('button', { name: 'ફોટા (2)' })).toBeTruthy();
  });

  it('Cancel sends nothing', async () => {
    const saved: FakeRequest[] = [];
    server(saved);
    renderApp('/matrimony');
    fireEvent.click(await screen.findByRole('button', { name: 'ફોટા (3)' }));
    const dialog = await screen.findByRole('dialog', { name: 'તમારા ફોટા' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'ફોટો 1 કાઢી નાખો' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'રદ કરો' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'તમારા ફોટા' })).toBeNull());
    expect(saved).toEqual([]);
  });
});
