// docs/product/matrimony.md, "Photos", through the network: a listing's photos (main and the others, by
// ?index=) fetched by every viewer state, under each of the owner's choices — everyone who sees the listing
// ('listed'), or only members whose full-profile request the owner accepted and has not revoked ('accepted').
// The viewers who lose their access afterwards (blocked, banned, married) had an accepted request first, so
// the test shows the acceptance does not outlive them. Besides the bytes, no answer a viewer may not see
// photos in names the photo route or a file id.
import { type Gender, PHOTO_VISIBILITIES, type PhotoVisibility } from '@samaj/core';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/api.ts';
import * as images from '../../../test/fixtures/images.ts';
import { describeEachDatabase } from '../../../test/harness.ts';
import { bornYearsAgo } from '../../../test/listing.ts';
import { createAdmin, createMember, type TestMember } from '../../../test/members.ts';
import { runMemberCommand } from '../../cli/members.ts';
import { user } from '../../db/schema/index.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const formFor = (gender: Gender) => ({
  dob: bornYearsAgo(gender === 'Male' ? 28 : 25),
  gender,
  description: 'Simple family, likes music',
  number: `+91 9${Math.random().toString().slice(2, 11)}`,
  address: 'Station Road, Rajkot',
  education: 'B.Com',
  career: 'Accountant',
  expectation: 'Kind and honest',
});

/** The viewer states of the photos' privacy rule, and whether each may fetch the photos per choice. */
const STATES = [
  'visitor',
  'non-listed member',
  'listed same gender',
  'listed non-match',
  'match',
  'accepted',
  'revoked',
  'blocked',
  'banned',
  'operator-blocked',
  'married',
] as const;
type State = (typeof STATES)[number];

function allowed(state: State, visibility: PhotoVisibility): boolean {
  if (state === 'accepted') return true;
  if (['listed non-match', 'match', 'revoked'].includes(state)) return visibility === 'listed';
  return false;
}

describeEachDatabase('matrimony photos: each fetched only by a viewer allowed to see it', (ctx) => {
  let admin: TestMember;
  const api = (method: Method, url: string, who: TestMember | null, payload?: unknown) =>
    call(ctx.app, method, url, who, payload);

  beforeAll(async () => {
    admin = await createAdmin(ctx.app);
  }, 60_000);

  async function member(): Promise<TestMember> {
    const m = await createMember(ctx.app);
    await ctx.app.db.update(user).set({ maritalStatus: 'Single' }).where(eq(user.id, m.user.id));
    return m;
  }

  async function lister(gender: Gender): Promise<TestMember> {
    const m = await member();
    expect((await api('POST', '/api/matrimony/profile', m, formFor(gender))).statusCode).toBe(201);
    const ok = await api('POST', `/api/admin/matrimony/profiles/${m.user.id}/approve`, admin);
    expect(ok.statusCode, ok.body).toBe(200);
    return m;
  }

  async function uploadPhoto(who: TestMember): Promise<string> {
    const { payload, headers } = images.multipart([
      { filename: 'me.png', contentType: 'image/png', data: await images.png(48, 64) },
    ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/matrimony/photo',
      payload,
      headers: { ...headers, cookie: who.cookie },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().dp;
  }

  /** A man matched with `woman` (mutual shortlist). */
  async function matched(woman: TestMember): Promise<TestMember> {
    const man = await lister('Male');
    await api('POST', '/api/matrimony/shortlists', man, { profile: woman.user.id });
    const res = await api('POST', '/api/matrimony/shortlists', woman, { profile: man.user.id });
    expect(res.json().matched).toBe(true);
    return man;
  }

  /** A matched man whose full-profile request `woman` accepted. */
  async function accepted(woman: TestMember): Promise<TestMember> {
    const man = await matched(woman);
    expect((await api('POST', '/api/matrimony/requests', man, { profile: woman.user.id })).statusCode).toBe(
      201,
    );
    const ok = await api('POST', `/api/matrimony/requests/${man.user.id}/accept`, woman);
    expect(ok.statusCode, ok.body).toBe(200);
    return man;
  }

  /** One member (or the visitor) in each state, as seen by the owner `woman`. */
  async function viewersOf(woman: TestMember): Promise<Record<State, TestMember | null>> {
    const revoked = await accepted(woman);
    await api('POST', `/api/matrimony/requests/${revoked.user.id}/revoke`, woman);
    const blocked = await accepted(woman);
    expect((await api('POST', '/api/matrimony/blocks', woman, { profile: blocked.user.id })).statusCode).toBe(
      204,
    );
    const banned = await accepted(woman);
    const ban = await api('POST', `/api/admin/matrimony/profiles/${banned.user.id}/ban`, admin, {
      reason: 'Fake profile',
    });
    expect(ban.statusCode, ban.body).toBe(200);
    const operatorBlocked = await accepted(woman);
    await runMemberCommand(ctx.app.db, 'block', [operatorBlocked.user.id], ctx.app.events);
    const married = await accepted(woman);
    await ctx.app.db.update(user).set({ maritalStatus: 'Married' }).where(eq(user.id, married.user.id));
    return {
      visitor: null,
      'non-listed member': await member(),
      'listed same gender': await lister('Female'),
      'listed non-match': await lister('Male'),
      match: await matched(woman),
      accepted: await accepted(woman),
      revoked,
      blocked,
      banned,
      'operator-blocked': operatorBlocked,
      married,
    };
  }

  const photoUrl = (id: string, index: number) =>
    `/api/matrimony/profiles/${id}/photo?width=300${index ? `&index=${index}` : ''}`;

  for (const visibility of PHOTO_VISIBILITIES) {
    it(`"${visibility}": each photo's bytes, the profile and every list, for every viewer state`, async () => {
      const woman = await lister('Female');
      const files = [await uploadPhoto(woman), await uploadPhoto(woman), await uploadPhoto(woman)];
      const viewers = await viewersOf(woman);
      const saved = await api('PUT', '/api/matrimony/photos', woman, { photos: files, visibility });
      expect(saved.json()).toMatchObject({ photos: files, photoVisibility: visibility });
      const urls = files.map((_, i) => photoUrl(woman.user.id, i));
      const photoPath = `/api/matrimony/profiles/${woman.user.id}/photo`;

      const seen: Record<string, number[]> = {};
      const want: Record<string, number[]> = {};
      for (const state of STATES) {
        const who = viewers[state];
        const statuses = await Promise.all(urls.map(async (url) => (await api('GET', url, who)).statusCode));
        seen[state] = statuses;
        // The visitor, and a member the operator blocked (signed out at once), learn 401 first.
        const signedOut = who === null || state === 'operator-blocked';
        want[state] = urls.map(() => (signedOut ? 401 : allowed(state, visibility) ? 200 : 404));
        if (signedOut) continue;
        // Nothing beyond the photos either: no index past them, whoever asks.
        expect((await api('GET', photoUrl(woman.user.id, 3), who)).statusCode, state).toBe(404);
        const bodies: string[] = [];
        for (const list of [
          '/api/matrimony/suggestions',
          '/api/matrimony/matches',
          '/api/matrimony/shortlists',
          '/api/matrimony/shortlisted-me',
          '/api/matrimony/requests',
          '/api/matrimony/requests/sent',
        ]) {
          bodies.push((await api('GET', list, who)).body);
        }
        const profile = await api('GET', `/api/matrimony/profiles/${woman.user.id}`, who);
        bodies.push(profile.body);
        const all = bodies.join('\n');
        for (const id of files) expect(all, `${state} reads a file id`).not.toContain(id);
        if (allowed(state, visibility)) {
          expect(profile.json(), state).toMatchObject({ photo: urls[0], photoLocked: false, photos: urls });
        } else {
          expect(all, `${state} is told where a photo is`).not.toContain(photoPath);
          // Who sees the listing but not its photos gets the locked placeholder, not "no photo".
          if (profile.statusCode === 200) {
            expect(profile.json(), state).toMatchObject({ photo: null, photoLocked: true, photos: [] });
          } else {
            expect(profile.statusCode, state).toBe(404);
          }
        }
      }
      expect(seen).toEqual(want);
      // The owner and staff see every one; the public file route serves none to anyone.
      for (const who of [woman, admin]) {
        for (const url of urls) expect((await api('GET', url, who)).statusCode).toBe(200);
      }
      for (const id of files) {
        for (const state of STATES) {
          const res = await api('GET', `/api/files/${id}/preview?width=300`, viewers[state]);
          expect(res.statusCode, state).toBe(404);
        }
      }
    }, 120_000);
  }

  describe('the owner changes the choice', () => {
    it('takes effect on the next fetch, both ways, and a reorder moves what each index serves', async () => {
      const woman = await lister('Female');
      const files = [await uploadPhoto(woman), await uploadPhoto(woman)];
      const stranger = await lister('Male');
      const requester = await accepted(woman);
      const statuses = (who: TestMember) =>
        Promise.all([0, 1].map(async (i) => (await api('GET', photoUrl(woman.user.id, i), who)).statusCode));
      await api('PUT', '/api/matrimony/photos', woman, { photos: files, visibility: 'listed' });
      expect(await statuses(stranger)).toEqual([200, 200]);
      await api('PUT', '/api/matrimony/photos', woman, { photos: files, visibility: 'accepted' });
      expect(await statuses(stranger)).toEqual([404, 404]);
      expect(await statuses(requester)).toEqual([200, 200]);
      // The owner's page marks each address with the file id shown (apps/web photos/ownPhoto.ts): ignored.
      expect((await api('GET', `${photoUrl(woman.user.id, 1)}&v=${files[1]}`, woman)).statusCode).toBe(200);
      // Reordered: index 0 is now the second upload's bytes.
      const bytes = async (i: number) => (await api('GET', photoUrl(woman.user.id, i), requester)).rawPayload;
      const [first, second] = [await bytes(0), await bytes(1)];
      expect(first.equals(second)).toBe(false);
      await api('PUT', '/api/matrimony/photos', woman, {
        photos: [files[1], files[0]],
        visibility: 'accepted',
      });
      expect((await bytes(0)).equals(second)).toBe(true);
      expect((await bytes(1)).equals(first)).toBe(true);
      await api('PUT', '/api/matrimony/photos', woman, { photos: files, visibility: 'listed' });
      expect(await statuses(stranger)).toEqual([200, 200]);
    }, 60_000);
  });
});
