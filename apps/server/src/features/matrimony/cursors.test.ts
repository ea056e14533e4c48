// A matrimony list's cursor is the server's token (core cursor.ts), never a username: a username
// handed in as a cursor must not tell whether that member has a profile, nor whether a profile the
// viewer may not see shortlisted, matched or asked them; and pages follow each other without
// skipping rows created in the same millisecond.
import { encodeCursor, type Gender } from '@samaj/core';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectError } from '../../../test/api.ts';
import { describeEachDatabase } from '../../../test/harness.ts';
import { bornYearsAgo } from '../../../test/listing.ts';
import { createAdmin, createMember, type TestMember, uniqueUsername } from '../../../test/members.ts';
import { matrimonyProfile, user } from '../../db/schema/index.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const formFor = (gender: Gender) => ({
  dob: bornYearsAgo(gender === 'Male' ? 28 : 25),
  gender,
  description: 'Simple family',
  number: `+91 9${Math.random().toString().slice(2, 11)}`,
  address: 'House 4, Rajkot',
  education: 'B.Com',
  career: 'Accountant',
  expectation: 'Kind and honest',
});

const LISTS = [
  '/api/matrimony/suggestions',
  '/api/matrimony/shortlisted-me',
  '/api/matrimony/requests/sent',
  '/api/matrimony/matches',
  '/api/matrimony/shortlists',
  '/api/matrimony/requests',
];

describeEachDatabase('matrimony: list cursors', (ctx) => {
  let admin: TestMember;
  const api = (method: Method, url: string, who: TestMember | null, payload?: unknown) =>
    call(ctx.app, method, url, who, payload);

  beforeAll(async () => {
    admin = await createAdmin(ctx.app);
  }, 60_000);

  async function lister(gender: Gender, approve = true): Promise<TestMember> {
    const m = await createMember(ctx.app);
    await ctx.app.db.update(user).set({ maritalStatus: 'Single' }).where(eq(user.id, m.user.id));
    const res = await api('POST', '/api/matrimony/profile', m, formFor(gender));
    expect(res.statusCode, res.body).toBe(201);
    if (approve) {
      const ok = await api('POST', `/api/admin/matrimony/profiles/${m.user.id}/approve`, admin);
      expect(ok.statusCode, ok.body).toBe(200);
    }
    return m;
  }

  const ids = (res: { json(): { documents: { id: string }[] } }) => res.json().documents.map((d) => d.id);

  describe('a username as a cursor', () => {
    it('tells nothing: a hidden profile and no profile at all get the same 400, on every list', async () => {
      const viewer = await lister('Male');
      // Both women shortlist and ask for the viewer, and he for them (two matches); `gone` then
      // marries, which hides her from everyone. `waiting` never got past review.
      const seen = await lister('Female');
      const gone = await lister('Female');
      const waiting = await lister('Female', false);
      for (const woman of [seen, gone]) {
        const pairs = [
          [woman, viewer],
          [viewer, woman],
        ];
        for (const [a, b] of pairs) {
          const listed = await api('POST', '/api/matrimony/shortlists', a, { profile: b.user.id });
          expect(listed.statusCode, listed.body).toBe(200);
        }
        for (const [a, b] of pairs) {
          const asked = await api('POST', '/api/matrimony/requests', a, { profile: b.user.id });
          expect(asked.statusCode, asked.body).toBeLessThan(300);
        }
      }
      await ctx.app.db.update(user).set({ maritalStatus: 'Married' }).where(eq(user.id, gone.user.id));

      const nobody = uniqueUsername('nobody');
      for (const path of LISTS) {
        const first = await api('GET', path, viewer);
        expect(first.statusCode, path).toBe(200);
        expect(ids(first), path).toContain(seen.user.id);
        expect(ids(first), path).not.toContain(gone.user.id);
        for (const hidden of [gone.user.id, waiting.user.id]) {
          const asHidden = await api('GET', `${path}?cursor=${hidden}`, viewer);
          const asNobody = await api('GET', `${path}?cursor=${nobody}`, viewer);
          expect({ status: asHidden.statusCode, body: asHidden.json() }, `${path} ${hidden}`).toEqual({
            status: asNobody.statusCode,
            body: asNobody.json(),
          });
          expectError(asHidden, 400, 'general_argument_invalid', { field: 'cursor' });
        }
        // A well-formed cursor written by hand only chooses where the visible rows start.
        const forged = encodeCursor({ at: '2999-01-01T00:00:00.000000Z', id: gone.user.id });
        const fromForged = await api('GET', `${path}?cursor=${forged}`, viewer);
        expect(fromForged.statusCode, path).toBe(200);
        expect(ids(fromForged), path).toEqual(ids(first));
      }
    });
  });

  describe('pages', () => {
    it('carry an opaque cursor and skip nothing created in the same millisecond', async () => {
      const viewer = await lister('Male');
      const women: TestMember[] = [];
      for (let i = 0; i < 4; i++) women.push(await lister('Female'));
      // Four listings a tenth of a millisecond apart, newer than anything else in the database.
      for (const [i, w] of women.entries()) {
        await ctx.app.db
          .update(matrimonyProfile)
          .set({
            createdAt: sql`'2031-01-01T00:00:00.000Z'::timestamptz + ${`${(i + 1) * 100} microseconds`}::interval`,
          })
          .where(eq(matrimonyProfile.id, w.user.id));
      }
      const newestFirst = women.map((w) => w.user.id).reverse();
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const res = await api(
          'GET',
          `/api/matrimony/suggestions${cursor ? `?cursor=${cursor}` : ''}`,
          viewer,
        );
        expect(res.statusCode, res.body).toBe(200);
        const page = res.json();
        if (page.nextCursor) expect(page.nextCursor).not.toContain(page.documents.at(-1).id);
        seen.push(...ids(res));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen.slice(0, 4)).toEqual(newestFirst);
      expect(new Set(seen).size).toBe(seen.length);
    });
  });
});
