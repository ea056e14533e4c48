import { ageFromDob, firstName, type Gender } from '@samaj/core';
import { and, desc, eq, or } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../../test/api.ts';
import * as images from '../../../test/fixtures/images.ts';
import { describeEachDatabase } from '../../../test/harness.ts';
import { bornYearsAgo, listingForm } from '../../../test/listing.ts';
import { createAdmin, createMember, type TestMember, uniqueUsername } from '../../../test/members.ts';
import { runMemberCommand } from '../../cli/members.ts';
import {
  auditLog,
  file,
  matrimonyMatch,
  matrimonyProfile,
  profileRequest,
  pushSubscription,
  shortlist,
  surname,
  user,
} from '../../db/schema/index.ts';
import { MSG_MARRIED } from './policy.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function call(app: FastifyInstance, method: Method, url: string, who: TestMember | null, payload?: unknown) {
  const options: InjectOptions = { method, url, headers: who ? { cookie: who.cookie } : {} };
  if (payload !== undefined) options.payload = payload as InjectOptions['payload'];
  return app.inject(options);
}

const formFor = listingForm;

interface Lister extends TestMember {
  form: ReturnType<typeof formFor>;
}

describeEachDatabase(
  'matrimony',
  (ctx) => {
    let admin: TestMember;
    const api = (method: Method, url: string, who: TestMember | null, payload?: unknown) =>
      call(ctx.app, method, url, who, payload);

    beforeAll(async () => {
      admin = await createAdmin(ctx.app);
    }, 60_000);

    async function member(options: { marital?: 'Single' | 'Married' | null; surname?: string } = {}) {
      const m = await createMember(ctx.app, options.surname ? { surname: options.surname } : {});
      const marital = options.marital === undefined ? 'Single' : options.marital;
      await ctx.app.db.update(user).set({ maritalStatus: marital }).where(eq(user.id, m.user.id));
      return m;
    }

    /** A member who applied (status requested). */
    async function applicant(
      gender: Gender,
      options: { surname?: string; form?: Record<string, unknown> } = {},
    ) {
      const m = await member({ surname: options.surname });
      const form = formFor(gender, options.form);
      const res = await api('POST', '/api/matrimony/profile', m, form);
      expect(res.statusCode, res.body).toBe(201);
      return { ...m, form } as Lister;
    }

    /** A member whose profile staff verified (status active). */
    async function lister(
      gender: Gender,
      options: { surname?: string; form?: Record<string, unknown> } = {},
    ) {
      const m = await applicant(gender, options);
      const res = await api('POST', `/api/admin/matrimony/profiles/${m.user.id}/approve`, admin);
      expect(res.statusCode, res.body).toBe(200);
      return m;
    }

    const idsOf = (res: { json(): { documents: { id: string }[] } }) => res.json().documents.map((d) => d.id);

    /** Every suggestion page, followed to the end. */
    async function allSuggestions(who: TestMember): Promise<string[]> {
      const ids: string[] = [];
      let cursor: string | null = null;
      do {
        const res = await api('GET', `/api/matrimony/suggestions${cursor ? `?cursor=${cursor}` : ''}`, who);
        expect(res.statusCode).toBe(200);
        ids.push(...idsOf(res));
        cursor = res.json().nextCursor;
      } while (cursor);
      return ids;
    }

    function expectNoContactOf(body: string, ...others: Lister[]) {
      for (const other of others) {
        expect(body).not.toContain(other.form.number);
        expect(body).not.toContain(other.form.address);
      }
    }

    const shortlistOf = (who: TestMember, target: TestMember) =>
      api('POST', '/api/matrimony/shortlists', who, { profile: target.user.id });

    async function matchPair() {
      const man = await lister('Male');
      const woman = await lister('Female');
      expect((await shortlistOf(man, woman)).json().matched).toBe(false);
      expect((await shortlistOf(woman, man)).json().matched).toBe(true);
      return { man, woman };
    }

    describe('applying', () => {
      it('a visitor learns 401 before anything about the form', async () => {
        const res = await api('POST', '/api/matrimony/profile', null, { dob: 5 });
        expect(res.statusCode).toBe(401);
        expect((await api('GET', '/api/matrimony/suggestions', null)).statusCode).toBe(401);
      });

      it('creates the profile as requested, sets the matrimony pref to applied, once per member', async () => {
        const m = await member();
        // No listing yet is the usual state: 200 with JSON null, not a 404: nothing is wrong.
        const none = await api('GET', '/api/matrimony/profile', m);
        expect(none.statusCode).toBe(200);
        expect(none.headers['content-type']).toMatch(/^application\/json/);
        expect(none.body).toBe('null');
        const form = formFor('Female');
        const res = await api('POST', '/api/matrimony/profile', m, form);
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json()).toMatchObject({
          id: m.user.id,
          status: 'requested',
          number: form.number,
          address: form.address,
          age: ageFromDob(form.dob),
          gotraFilter: true,
          blood_group: 'O+',
          eye_color: null,
        });
        expect((await api('GET', '/api/account', m)).json().prefs.matrimony).toBe('applied');
        // The member sees the phone number staff will call.
        expect((await api('GET', '/api/matrimony/profile', m)).json()).toMatchObject({
          status: 'requested',
          number: form.number,
        });
        const again = await api('POST', '/api/matrimony/profile', m, formFor('Female'));
        expect(again.statusCode).toBe(409);
        expect(again.json().type).toBe('document_already_exists');
      });

      it('refuses a Married member on the server, and asks a member without marital status to set it', async () => {
        const married = await member({ marital: 'Married' });
        const res = await api('POST', '/api/matrimony/profile', married, formFor('Male'));
        expect(res.statusCode).toBe(403);
        expect(res.json().type).toBe('user_forbidden');
        const unknown = await member({ marital: null });
        const res2 = await api('POST', '/api/matrimony/profile', unknown, formFor('Male'));
        expect(res2.statusCode).toBe(400);
        expect(res2.json().type).toBe('general_bad_request');
        for (const m of [married, unknown]) {
          expect((await api('GET', '/api/matrimony/profile', m)).json()).toBeNull();
        }
      });

      it('enforces the legal minimum age: 18 for women, 21 for men', async () => {
        const m = await member();
        const tooYoungWoman = await api(
          'POST',
          '/api/matrimony/profile',
          m,
          formFor('Female', { dob: bornYearsAgo(17, 300) }),
        );
        expect(tooYoungWoman.statusCode).toBe(400);
        expect(tooYoungWoman.json()).toMatchObject({
          type: 'general_argument_invalid',
          field: 'dob',
          message: 'Below the legal minimum age for marriage (18 for women, 21 for men)',
        });
        const tooYoungMan = await api(
          'POST',
          '/api/matrimony/profile',
          m,
          formFor('Male', { dob: bornYearsAgo(20, 300) }),
        );
        expect(tooYoungMan.statusCode).toBe(400);
        expect(tooYoungMan.json().field).toBe('dob');
        expect((await api('GET', '/api/matrimony/profile', m)).json()).toBeNull();
        // A woman of 18 may list; so may a man of 21.
        expect(
          (await api('POST', '/api/matrimony/profile', m, formFor('Female', { dob: bornYearsAgo(18) })))
            .statusCode,
        ).toBe(201);
        const man = await member();
        expect(
          (await api('POST', '/api/matrimony/profile', man, formFor('Male', { dob: bornYearsAgo(21) })))
            .statusCode,
        ).toBe(201);
      });

      it('refuses a missing field by name and an about text over 150', async () => {
        const m = await member();
        const { expectation: _, ...rest } = formFor('Male');
        const missing = await api('POST', '/api/matrimony/profile', m, rest);
        expect(missing.statusCode).toBe(400);
        expect(missing.json().message).toBe('Missing required parameter: "expectation"');
        const long = await api(
          'POST',
          '/api/matrimony/profile',
          m,
          formFor('Male', { description: 'x'.repeat(151) }),
        );
        expect(long.statusCode).toBe(400);
      });
    });

    describe('staff verification', () => {
      it('lists requested profiles oldest first with the phone number; approve, ban with a reason, unban — each audited', async () => {
        const first = await applicant('Male');
        const second = await applicant('Female');
        const queue = await api('GET', '/api/admin/matrimony/profiles', admin);
        expect(queue.statusCode).toBe(200);
        const ids = idsOf(queue);
        expect(ids.indexOf(first.user.id)).toBeLessThan(ids.indexOf(second.user.id));
        expect(queue.json().documents.find((d: { id: string }) => d.id === first.user.id)).toMatchObject({
          number: first.form.number,
          status: 'requested',
          user: { id: first.user.id },
        });
        const waiting = async () => (await api('GET', '/api/admin/summary', admin)).json().matrimonyProfiles;
        const before = await waiting();

        const approved = await api('POST', `/api/admin/matrimony/profiles/${first.user.id}/approve`, admin);
        expect(approved.json().status).toBe('active');
        expect((await api('GET', '/api/matrimony/profile', first)).json().status).toBe('active');
        expect(await waiting()).toBe(before - 1);
        expect(
          (await api('POST', `/api/admin/matrimony/profiles/${first.user.id}/approve`, admin)).statusCode,
        ).toBe(409);

        const banned = await api('POST', `/api/admin/matrimony/profiles/${first.user.id}/ban`, admin, {
          reason: 'Fake photo',
        });
        expect(banned.json().status).toBe('banned');
        expect((await api('GET', '/api/matrimony/profile', first)).json()).toMatchObject({
          status: 'banned',
          banReason: 'Fake photo',
        });
        const unbanned = await api('POST', `/api/admin/matrimony/profiles/${first.user.id}/unban`, admin);
        expect(unbanned.json().status).toBe('active');

        const audits = await ctx.app.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.entityId, first.user.id))
          .orderBy(desc(auditLog.id));
        expect(audits.map((a) => a.action).slice(0, 3)).toEqual([
          'matrimony_profile.unban',
          'matrimony_profile.ban',
          'matrimony_profile.approve',
        ]);
        expect(audits[1]).toMatchObject({
          actor: admin.user.id,
          before: { status: 'active' },
          after: { status: 'banned' },
          note: 'Fake photo',
        });
      });

      it('only Admins reach the queue and decisions', async () => {
        const m = await applicant('Male');
        expect((await api('GET', '/api/admin/matrimony/profiles', m)).statusCode).toBe(403);
        expect((await api('GET', '/api/admin/matrimony/profiles', null)).statusCode).toBe(401);
        expect((await api('POST', `/api/admin/matrimony/profiles/${m.user.id}/approve`, m)).statusCode).toBe(
          403,
        );
        expect((await api('GET', '/api/matrimony/profile', m)).json().status).toBe('requested');
      });
    });

    describe('privacy rules', () => {
      let man: Lister;
      let woman: Lister;
      beforeAll(async () => {
        man = await lister('Male');
        woman = await lister('Female');
      }, 60_000);

      it('an active member sees active profiles of the opposite gender only, and never phone or address', async () => {
        const otherMan = await lister('Male');
        const res = await api('GET', '/api/matrimony/suggestions', man);
        const ids = await allSuggestions(man);
        expect(ids).toContain(woman.user.id);
        expect(ids).not.toContain(otherMan.user.id);
        expect(ids).not.toContain(man.user.id);
        const card = res.json().documents[0];
        expect(Object.keys(card).sort()).toEqual(
          [
            'age',
            'career',
            'description',
            'education',
            'firstName',
            'gender',
            'id',
            'photo',
            'photoLocked',
            'shortlisted',
          ].sort(),
        );
        expectNoContactOf(res.body, woman, otherMan);
        const full = await api('GET', `/api/matrimony/profiles/${woman.user.id}`, man);
        expect(full.statusCode).toBe(200);
        expect(full.json().contact).toBeNull();
        expectNoContactOf(full.body, woman);
      });

      it("another member's full profile carries what their screen shows: a first name and an age, never the full name or birth date; details only once accepted", async () => {
        const { man, woman } = await matchPair();
        const cardKeys = [
          'age',
          'career',
          'description',
          'education',
          'firstName',
          'gender',
          'id',
          'photo',
          'photoLocked',
          'shortlisted',
        ];
        const expectMinimal = (res: {
          statusCode: number;
          body: string;
          json(): Record<string, unknown>;
        }) => {
          expect(res.statusCode, res.body).toBe(200);
          expect(Object.keys(res.json()).sort()).toEqual(
            [...cardKeys, 'contact', 'details', 'family', 'matched', 'photos', 'request'].sort(),
          );
          expect(res.body).not.toContain(woman.user.name);
          expect(res.body).not.toContain(woman.form.dob);
          expect(res.json()).toMatchObject({
            firstName: firstName(woman.user.name),
            age: ageFromDob(woman.form.dob),
          });
        };
        const before = await api('GET', `/api/matrimony/profiles/${woman.user.id}`, man);
        expectMinimal(before);
        expect(before.json()).toMatchObject({ details: null, family: null, contact: null });
        expectNoContactOf(before.body, woman);
        expect(before.body).not.toContain(woman.form.expectation);

        await api('POST', '/api/matrimony/requests', man, { profile: woman.user.id });
        await api('POST', `/api/matrimony/requests/${man.user.id}/accept`, woman);
        const after = await api('GET', `/api/matrimony/profiles/${woman.user.id}`, man);
        expectMinimal(after);
        expect(after.json().details).toEqual({
          height: 170,
          weight: null,
          eye_color: null,
          hair_color: null,
          complexion: null,
          blood_group: 'O+',
          disability: null,
          expectation: woman.form.expectation,
        });
        // The owner's own view keeps them: her biodata prints her full name and birth date.
        expect((await api('GET', '/api/matrimony/profile', woman)).json()).toMatchObject({
          name: woman.user.name,
          dob: woman.form.dob,
        });
      });

      it('requested, banned and inactive profiles are seen by nobody', async () => {
        const requested = await applicant('Female');
        const banned = await lister('Female');
        await api('POST', `/api/admin/matrimony/profiles/${banned.user.id}/ban`, admin, { reason: 'Spam' });
        const hidden = await lister('Female');
        expect(
          (await api('POST', '/api/matrimony/profile/status', hidden, { status: 'inactive' })).json().status,
        ).toBe('inactive');
        const ids = await allSuggestions(man);
        for (const who of [requested, banned, hidden]) {
          expect(ids).not.toContain(who.user.id);
          expect((await api('GET', `/api/matrimony/profiles/${who.user.id}`, man)).statusCode).toBe(404);
        }
        // Activate brings the hidden profile back.
        expect(
          (await api('POST', '/api/matrimony/profile/status', hidden, { status: 'active' })).json().status,
        ).toBe('active');
        expect(await allSuggestions(man)).toContain(hidden.user.id);
        // A requested profile cannot make itself active.
        const refused = await api('POST', '/api/matrimony/profile/status', requested, { status: 'active' });
        expectError(refused, 409, 'document_conflict');
      });

      it("probes by id for another member's full profile, photo, shortlists and requests find nothing", async () => {
        const stranger = await member();
        const pending = await applicant('Male');
        const sameGender = await lister('Female');
        const blocked = await lister('Male');
        expect(
          (await api('POST', '/api/matrimony/blocks', woman, { profile: blocked.user.id })).statusCode,
        ).toBe(204);
        // The woman has a photo, a shortlist and an incoming request for the probes to look for.
        const photo = await uploadPhoto(woman);
        await api('PUT', '/api/matrimony/profile', woman, { ...woman.form, dp: photo });
        await shortlistOf(woman, man);
        await shortlistOf(man, woman);
        await api('POST', '/api/matrimony/requests', man, { profile: woman.user.id });

        const id = woman.user.id;
        const probes = (who: TestMember | null) =>
          Promise.all([
            api('GET', `/api/matrimony/profiles/${id}`, who),
            api('GET', `/api/matrimony/profiles/${id}/photo?width=300`, who),
            api('GET', `/api/matrimony/shortlists?creator=${id}`, who),
            api('GET', `/api/matrimony/requests?profile=${id}`, who),
            api('GET', `/api/matrimony/matches?member=${id}`, who),
          ]);
        const [visitorProfile, visitorPhoto] = await probes(null);
        expect(visitorProfile.statusCode).toBe(401);
        expect(visitorPhoto.statusCode).toBe(401);
        for (const who of [stranger, pending, sameGender, blocked, admin]) {
          const [profile, photoRes, lists, requests, matchList] = await probes(who);
          expect(profile.statusCode, who.user.id).toBe(404);
          expect(profile.json().type).toBe('document_not_found');
          expectNoContactOf(profile.body, woman);
          if (who !== admin) expect(photoRes.statusCode, who.user.id).toBe(404);
          for (const list of [lists, requests, matchList]) {
            expect(list.statusCode).toBe(200);
            expect(idsOf(list)).toEqual([]);
            expectNoContactOf(list.body, woman, man);
          }
        }
        // Staff see the profile and its photo through the staff console, not the member routes.
        const [, staffPhoto] = await probes(admin);
        expect(staffPhoto.statusCode).toBe(200);
        expect(staffPhoto.headers['cache-control']).toBe('private, no-store');
        // The man's request list holds only requests TO him: the one he sent is not there.
        expect(idsOf(await api('GET', '/api/matrimony/requests', man))).not.toContain(woman.user.id);
        // A member cannot accept a request addressed to someone else.
        const accept = await api('POST', `/api/matrimony/requests/${man.user.id}/accept`, sameGender);
        expect(accept.statusCode).toBe(404);
        expect((await api('POST', `/api/matrimony/requests/${man.user.id}/accept`, man)).statusCode).toBe(
          400,
        );
        const [row] = await ctx.app.db
          .select({ state: profileRequest.state })
          .from(profileRequest)
          .where(eq(profileRequest.creator, man.user.id));
        expect(row.state).toBe('pending');
      });

      it('a member cannot shortlist themself nor request a full profile without a match', async () => {
        const self = await shortlistOf(man, man);
        expect(self.statusCode).toBe(400);
        const other = await lister('Female');
        const res = await api('POST', '/api/matrimony/requests', man, { profile: other.user.id });
        expect(res.statusCode).toBe(403);
        expect(res.json().type).toBe('user_forbidden');
        expect(
          await ctx.app.db.select().from(profileRequest).where(eq(profileRequest.profile, other.user.id)),
        ).toHaveLength(0);
      });
    });

    describe('matches and requests', () => {
      it('a match appears only on a mutual shortlist and goes when either side unshortlists', async () => {
        const matched: string[] = [];
        ctx.app.events.onCommit('matrimony.matched', ({ members }) => {
          matched.push(members.slice().sort().join('+'));
        });
        const man = await lister('Male');
        const woman = await lister('Female');
        const first = await shortlistOf(man, woman);
        expect(first.json()).toEqual({ profile: woman.user.id, shortlisted: true, matched: false });
        expect(idsOf(await api('GET', '/api/matrimony/matches', man))).toEqual([]);
        expect(idsOf(await api('GET', '/api/matrimony/shortlists', man))).toEqual([woman.user.id]);
        const card = (await api('GET', '/api/matrimony/suggestions', man))
          .json()
          .documents.find((d: { id: string }) => d.id === woman.user.id);
        expect(card?.shortlisted).toBe(true);

        expect((await shortlistOf(woman, man)).json().matched).toBe(true);
        const manMatches = await api('GET', '/api/matrimony/matches', man);
        expect(idsOf(manMatches)).toEqual([woman.user.id]);
        expect(manMatches.json().documents[0]).toMatchObject({ request: 'none', contact: null });
        expectNoContactOf(manMatches.body, woman);
        expect(idsOf(await api('GET', '/api/matrimony/matches', woman))).toEqual([man.user.id]);
        expect(matched.filter((m) => m.includes(man.user.id))).toHaveLength(1);

        expect((await api('DELETE', `/api/matrimony/shortlists/${woman.user.id}`, man)).statusCode).toBe(204);
        expect(idsOf(await api('GET', '/api/matrimony/matches', man))).toEqual([]);
        expect(idsOf(await api('GET', '/api/matrimony/matches', woman))).toEqual([]);
        // Shortlisting again makes the match again; then the other side leaves.
        expect((await shortlistOf(man, woman)).json().matched).toBe(true);
        await api('DELETE', `/api/matrimony/shortlists/${man.user.id}`, woman);
        expect(idsOf(await api('GET', '/api/matrimony/matches', man))).toEqual([]);
      });

      it('concurrent shortlists from both sides make exactly one match', async () => {
        let events = 0;
        ctx.app.events.onCommit('matrimony.matched', () => {
          events += 1;
        });
        for (let round = 0; round < 4; round++) {
          const man = await lister('Male');
          const woman = await lister('Female');
          const before = events;
          const [a, b] = await Promise.all([shortlistOf(man, woman), shortlistOf(woman, man)]);
          expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
          expect([a.json().matched, b.json().matched]).toContain(true);
          const rows = await ctx.app.db
            .select()
            .from(matrimonyMatch)
            .where(or(eq(matrimonyMatch.member, man.user.id), eq(matrimonyMatch.member, woman.user.id)));
          expect(rows).toHaveLength(2); // one match: a row for each side
          expect(events - before).toBe(1);
          expect(idsOf(await api('GET', '/api/matrimony/matches', man))).toEqual([woman.user.id]);
          expect(idsOf(await api('GET', '/api/matrimony/matches', woman))).toEqual([man.user.id]);
        }
      });

      it('request, accept then revoke: the phone and address show only while accepted', async () => {
        const seen: string[] = [];
        ctx.app.events.onCommit('matrimony.request_received', (p) => {
          seen.push(`received:${p.creator}>${p.owner}`);
        });
        ctx.app.events.onCommit('matrimony.request_accepted', (p) => {
          seen.push(`accepted:${p.creator}>${p.owner}`);
        });
        const { man, woman } = await matchPair();
        const sent = await api('POST', '/api/matrimony/requests', man, { profile: woman.user.id });
        expect(sent.statusCode, sent.body).toBe(201);
        expect(sent.json().state).toBe('pending');
        expect((await api('GET', '/api/matrimony/matches', man)).json().documents[0].request).toBe('pending');

        const incoming = await api('GET', '/api/matrimony/requests', woman);
        expect(incoming.json().documents).toMatchObject([
          { id: man.user.id, state: 'pending', profile: { id: man.user.id } },
        ]);
        expectNoContactOf(incoming.body, man, woman);
        expect((await api('GET', '/api/matrimony/requests/count', woman)).json()).toEqual({ pending: 1 });
        expect(idsOf(await api('GET', '/api/matrimony/requests', man))).toEqual([]);
        expectNoContactOf((await api('GET', `/api/matrimony/profiles/${woman.user.id}`, man)).body, woman);

        const accepted = await api('POST', `/api/matrimony/requests/${man.user.id}/accept`, woman);
        expect(accepted.statusCode, accepted.body).toBe(200);
        expect(accepted.json().state).toBe('accepted');
        const full = await api('GET', `/api/matrimony/profiles/${woman.user.id}`, man);
        expect(full.json().contact).toEqual({ number: woman.form.number, address: woman.form.address });
        expect((await api('GET', '/api/matrimony/matches', man)).json().documents[0].contact).toEqual({
          number: woman.form.number,
          address: woman.form.address,
        });
        // Acceptance is one way: the woman still does not see the man's contact.
        expectNoContactOf((await api('GET', `/api/matrimony/profiles/${man.user.id}`, woman)).body, man);
        expect((await api('GET', '/api/matrimony/requests/count', woman)).json()).toEqual({ pending: 0 });

        const revoked = await api('POST', `/api/matrimony/requests/${man.user.id}/revoke`, woman);
        expect(revoked.json().state).toBe('revoked');
        const after = await api('GET', `/api/matrimony/profiles/${woman.user.id}`, man);
        expect(after.json()).toMatchObject({ contact: null, request: 'revoked' });
        expectNoContactOf(after.body, woman);
        expectNoContactOf((await api('GET', '/api/matrimony/matches', man)).body, woman);

        expect(seen).toEqual([
          `received:${man.user.id}>${woman.user.id}`,
          `accepted:${man.user.id}>${woman.user.id}`,
        ]);

        // The revoke stands: the requester cannot withdraw it to ask again.
        expectError(
          await api('DELETE', `/api/matrimony/requests/${woman.user.id}`, man),
          409,
          'document_conflict',
        );
        expect(idsOf(await api('GET', '/api/matrimony/requests', woman))).toEqual([man.user.id]);
      });

      describe("the owner's answer stands", () => {
        /**
         * Request notices the owner got from the creator, and the declines the creator was told of: each
         * domain event is what becomes the member's push job (notifications' onTransaction).
         */
        /** Gives the member a device, so what they are told becomes a push.notify job. */
        async function withDevice(who: TestMember) {
          await ctx.app.db.insert(pushSubscription).values({
            userId: who.user.id,
            endpoint: `https://push.example.com/${who.user.id}`,
            p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
            auth: 'tBHItJI5svbpez7KI4CCXg',
          });
        }

        function countEvents() {
          const counts = {
            received: new Map<string, number>(),
            declined: new Map<string, number>(),
            /** push.notify jobs: "<kind> to <member>". */
            pushes: [] as string[],
          };
          const jobs = ctx.app.jobs;
          const send = jobs.send.bind(jobs);
          jobs.send = ((name, data, options) => {
            if (name === 'push.notify') {
              const { member, message } = data as { member: string; message: { kind: string } };
              counts.pushes.push(`${message.kind} to ${member}`);
            }
            return send(name, data, options);
          }) as typeof jobs.send;
          const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
          ctx.app.events.onCommit('matrimony.request_received', (p) => {
            bump(counts.received, `${p.creator}>${p.owner}`);
          });
          ctx.app.events.onCommit('matrimony.request_declined', (p) => {
            bump(counts.declined, `${p.creator}>${p.owner}`);
          });
          return counts;
        }

        for (const refusal of ['revoke', 'decline'] as const) {
          it(`after ${refusal}, withdrawing, unshortlisting and blocking never let the requester ask (and notify) again; accepting does`, async () => {
            const counts = countEvents();
            const { man, woman } = await matchPair();
            await withDevice(woman);
            await withDevice(man);
            const key = `${man.user.id}>${woman.user.id}`;
            const ask = () => api('POST', '/api/matrimony/requests', man, { profile: woman.user.id });
            expect((await ask()).statusCode).toBe(201);
            if (refusal === 'revoke')
              await api('POST', `/api/matrimony/requests/${man.user.id}/accept`, woman);
            const answered = await api('POST', `/api/matrimony/requests/${man.user.id}/${refusal}`, woman);
            expect(answered.statusCode, answered.body).toBe(200);
            const state = refusal === 'revoke' ? 'revoked' : 'declined';
            expect(answered.json().state).toBe(state);
            // The requester is told of a decline, once.
            expect(counts.declined.get(key) ?? 0).toBe(refusal === 'decline' ? 1 : 0);

            for (let round = 0; round < 3; round++) {
              expectError(
                await api('DELETE', `/api/matrimony/requests/${woman.user.id}`, man),
                409,
                'document_conflict',
              );
              const again = await ask();
              expect(again.statusCode, again.body).toBe(201);
              expect(again.json().state).toBe(state);
            }
            // Unshortlisting and shortlisting again (the match comes back) leaves it as it was.
            await api('DELETE', `/api/matrimony/shortlists/${woman.user.id}`, man);
            await shortlistOf(man, woman);
            expect((await ask()).json().state).toBe(state);
            const seen = await api('GET', `/api/matrimony/profiles/${woman.user.id}`, man);
            expect(seen.json()).toMatchObject({ request: state, contact: null });
            expectNoContactOf(seen.body, woman);
            expect((await api('GET', '/api/matrimony/requests/count', woman)).json()).toEqual({ pending: 0 });
            expect(counts.received.get(key)).toBe(1);
            // One push to her for the request, and to him one for the answer either way (docs/product/matrimony.md, "Full-profile requests"). (The
            // match made again above is told too: those are matrimony_match pushes.)
            const requestPushes = counts.pushes.filter((p) => p.startsWith('matrimony_request'));
            expect(requestPushes.filter((p) => p.endsWith(` to ${woman.user.id}`))).toEqual([
              `matrimony_request_received to ${woman.user.id}`,
            ]);
            expect(requestPushes.filter((p) => p.endsWith(` to ${man.user.id}`))).toEqual(
              refusal === 'decline'
                ? [`matrimony_request_declined to ${man.user.id}`]
                : [`matrimony_request_accepted to ${man.user.id}`],
            );

            // The owner acting is what changes it: accept, and the contact shows.
            await api('POST', `/api/matrimony/requests/${man.user.id}/accept`, woman);
            expect(
              (await api('GET', `/api/matrimony/profiles/${woman.user.id}`, man)).json().contact,
            ).toEqual({
              number: woman.form.number,
              address: woman.form.address,
            });
            // Blocking her ends the rest between them, but not her answer.
            await api('POST', `/api/matrimony/requests/${man.user.id}/${refusal}`, woman);
            expect(
              (await api('POST', '/api/matrimony/blocks', man, { profile: woman.user.id })).statusCode,
            ).toBe(204);
            const rows = await ctx.app.db
              .select({ state: profileRequest.state })
              .from(profileRequest)
              .where(eq(profileRequest.creator, man.user.id));
            expect(rows).toEqual([{ state }]);
          });
        }

        it('withdrawing a waiting request and asking again tells the owner once', async () => {
          const counts = countEvents();
          const { man, woman } = await matchPair();
          await withDevice(woman);
          for (let round = 0; round < 3; round++) {
            const sent = await api('POST', '/api/matrimony/requests', man, { profile: woman.user.id });
            expect(sent.json().state).toBe('pending');
            expect((await api('DELETE', `/api/matrimony/requests/${woman.user.id}`, man)).statusCode).toBe(
              204,
            );
          }
          await api('POST', '/api/matrimony/requests', man, { profile: woman.user.id });
          expect((await api('GET', '/api/matrimony/requests/count', woman)).json()).toEqual({ pending: 1 });
          expect(counts.received.get(`${man.user.id}>${woman.user.id}`)).toBe(1);
          expect(counts.pushes).toEqual([`matrimony_request_received to ${woman.user.id}`]);
        });
      });

      it("a new match and an answer to my request are news on both members' Matches tab until they open it", async () => {
        const news = async (who: TestMember) => (await api('GET', '/api/matrimony/matches/news', who)).json();
        const seen = (who: TestMember) => api('POST', '/api/matrimony/matches/seen', who);
        const { man, woman } = await matchPair();
        expect(await news(man)).toEqual({ matches: 1, answers: 0 });
        expect(await news(woman)).toEqual({ matches: 1, answers: 0 });
        expect((await seen(man)).statusCode).toBe(204);
        expect(await news(man)).toEqual({ matches: 0, answers: 0 });
        expect(await news(woman)).toEqual({ matches: 1, answers: 0 });
        await seen(woman);
        // The owner's answer, accept or decline, is news for the requester only.
        await api('POST', '/api/matrimony/requests', man, { profile: woman.user.id });
        expect(await news(man)).toEqual({ matches: 0, answers: 0 });
        await api('POST', `/api/matrimony/requests/${man.user.id}/accept`, woman);
        expect(await news(man)).toEqual({ matches: 0, answers: 1 });
        expect(await news(woman)).toEqual({ matches: 0, answers: 0 });
        await seen(man);
        await api('POST', `/api/matrimony/requests/${man.user.id}/decline`, woman);
        expect(await news(man)).toEqual({ matches: 0, answers: 1 });
        await seen(man);
        expect(await news(man)).toEqual({ matches: 0, answers: 0 });
        // News of someone since hidden is no news, and a member without a listing has none.
        const other = await lister('Female');
        await shortlistOf(man, other);
        await shortlistOf(other, man);
        expect(await news(man)).toEqual({ matches: 1, answers: 0 });
        await api('POST', '/api/matrimony/profile/status', other, { status: 'inactive' });
        expect(await news(man)).toEqual({ matches: 0, answers: 0 });
        const none = await member();
        expect(await news(none)).toEqual({ matches: 0, answers: 0 });
        expect((await seen(none)).statusCode).toBe(404);
        expect((await api('GET', '/api/matrimony/matches/news', null)).statusCode).toBe(401);
      });

      it('unshortlisting ends an accepted request too', async () => {
        const { man, woman } = await matchPair();
        await api('POST', '/api/matrimony/requests', man, { profile: woman.user.id });
        await api('POST', `/api/matrimony/requests/${man.user.id}/accept`, woman);
        await api('DELETE', `/api/matrimony/shortlists/${man.user.id}`, woman);
        const full = await api('GET', `/api/matrimony/profiles/${woman.user.id}`, man);
        expect(full.json()).toMatchObject({ contact: null, matched: false, request: 'none' });
        expectNoContactOf(full.body, woman);
      });
    });

    describe('eligibility on every read and write', () => {
      /** Changes the member's marital status the way they do, in Manage Profile. */
      async function setMarital(who: TestMember, marital: 'Single' | 'Married') {
        const res = await api('PATCH', '/api/account', who, {
          name: who.user.name,
          email: who.user.email,
          marital_status: marital,
        });
        expect(res.statusCode, res.body).toBe(200);
      }

      /** Everything `viewer` may read of `target`: each list, the full profile, the photo. */
      async function readsOf(viewer: TestMember, target: Lister) {
        const id = target.user.id;
        const [matchList, shortlisted, requests, count, profile, photo] = await Promise.all([
          api('GET', '/api/matrimony/matches', viewer),
          api('GET', '/api/matrimony/shortlists', viewer),
          api('GET', '/api/matrimony/requests', viewer),
          api('GET', '/api/matrimony/requests/count', viewer),
          api('GET', `/api/matrimony/profiles/${id}`, viewer),
          api('GET', `/api/matrimony/profiles/${id}/photo?width=300`, viewer),
        ]);
        const suggested = await allSuggestions(viewer);
        return {
          suggested: suggested.includes(id),
          matched: idsOf(matchList).includes(id),
          shortlisted: idsOf(shortlisted).includes(id),
          requested: idsOf(requests).includes(id),
          pending: count.json().pending as number,
          profile: profile.statusCode,
          photo: photo.statusCode,
          contact: profile.statusCode === 200 ? profile.json().contact : null,
          bodies: [matchList, shortlisted, requests, profile].map((r) => r.body).join('\n'),
        };
      }

      /**
       * The woman (photo, matched with the man, each accepted the other's request, a pending one from a
       * second man) and a third man who has her only in his suggestions.
       */
      async function scene() {
        const { man, woman } = await matchPair();
        const photo = await uploadPhoto(woman);
        expect(
          (await api('PUT', '/api/matrimony/profile', woman, { ...woman.form, dp: photo })).statusCode,
        ).toBe(200);
        for (const [from, to] of [
          [man, woman],
          [woman, man],
        ]) {
          expect(
            (await api('POST', '/api/matrimony/requests', from, { profile: to.user.id })).statusCode,
          ).toBe(201);
          expect((await api('POST', `/api/matrimony/requests/${from.user.id}/accept`, to)).statusCode).toBe(
            200,
          );
        }
        const suitor = await lister('Male');
        await shortlistOf(suitor, woman);
        const stranger = await lister('Male');
        return { man, woman, suitor, stranger };
      }

      async function expectVisible(man: Lister, woman: Lister, stranger: Lister) {
        const seen = await readsOf(man, woman);
        expect(seen).toMatchObject({ matched: true, shortlisted: true, profile: 200, photo: 200 });
        expect(seen.contact).toEqual({ number: woman.form.number, address: woman.form.address });
        expect(await readsOf(stranger, woman)).toMatchObject({ suggested: true, profile: 200, photo: 200 });
      }

      /** From every other member's side the woman is gone: lists, profile, photo, contact, actions. */
      async function expectHidden(man: Lister, woman: Lister, stranger: Lister) {
        for (const viewer of [man, stranger]) {
          const seen = await readsOf(viewer, woman);
          expect(seen, viewer.user.id).toMatchObject({
            suggested: false,
            matched: false,
            shortlisted: false,
            requested: false,
            profile: 404,
            photo: 404,
            contact: null,
          });
          expectNoContactOf(seen.bodies, woman);
          for (const [method, url, body] of [
            ['POST', '/api/matrimony/shortlists', { profile: woman.user.id }],
            ['POST', '/api/matrimony/requests', { profile: woman.user.id }],
            ['POST', `/api/matrimony/requests/${woman.user.id}/accept`, undefined],
            ['POST', '/api/matrimony/not-interested', { profile: woman.user.id }],
          ] as const) {
            const res = await api(method, url, viewer, body);
            expect(res.statusCode, `${url}: ${res.body}`).toBe(404);
            expectNoContactOf(res.body, woman);
          }
        }
      }

      it('a member who marries vanishes for everyone (not deleted), cannot browse, act or read contacts, and returns as Single', async () => {
        const { man, woman, suitor, stranger } = await scene();
        expect((await readsOf(woman, man)).contact).toEqual({
          number: man.form.number,
          address: man.form.address,
        });
        expect((await api('GET', '/api/matrimony/requests/count', woman)).json()).toEqual({ pending: 0 });
        await expectVisible(man, woman, stranger);

        await setMarital(woman, 'Married');
        await expectHidden(man, woman, stranger);
        expect(idsOf(await api('GET', '/api/matrimony/suggestions', suitor))).not.toContain(woman.user.id);
        // Her own side: nothing to browse, no contact to read, every action refused with the spec's reason.
        const hers = await readsOf(woman, man);
        expect(hers).toMatchObject({
          suggested: false,
          matched: false,
          profile: 404,
          photo: 404,
          contact: null,
        });
        expectNoContactOf(hers.bodies, man);
        for (const [method, url, body] of [
          ['POST', '/api/matrimony/shortlists', { profile: stranger.user.id }],
          ['POST', '/api/matrimony/requests', { profile: man.user.id }],
          ['DELETE', `/api/matrimony/requests/${man.user.id}`, undefined],
          ['DELETE', `/api/matrimony/shortlists/${man.user.id}`, undefined],
          ['POST', `/api/matrimony/requests/${man.user.id}/revoke`, undefined],
          ['POST', '/api/matrimony/blocks', { profile: man.user.id }],
          ['PUT', '/api/matrimony/settings', { gotraFilter: false }],
          ['POST', '/api/matrimony/profile/status', { status: 'active' }],
        ] as const) {
          const res = await api(method, url, woman, body);
          expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
          expect(res.json()).toMatchObject({ type: 'user_forbidden', message: MSG_MARRIED });
        }
        // Her listing is kept, as it was.
        expect((await api('GET', '/api/matrimony/profile', woman)).json()).toMatchObject({
          status: 'active',
        });

        await setMarital(woman, 'Single');
        await expectVisible(man, woman, stranger);
        expect((await readsOf(woman, man)).contact).toEqual({
          number: man.form.number,
          address: man.form.address,
        });
      });

      it('an operator-blocked member vanishes for everyone while blocked and returns on unblock', async () => {
        const { man, woman, stranger } = await scene();
        await expectVisible(man, woman, stranger);
        await runMemberCommand(ctx.app.db, 'block', [woman.user.id], ctx.app.events);
        await expectHidden(man, woman, stranger);
        // Her accepted request to the man is not waiting on him either, and nothing was deleted.
        expect((await api('GET', '/api/matrimony/requests/count', man)).json()).toEqual({ pending: 0 });
        expect(
          await ctx.app.db.select().from(matrimonyMatch).where(eq(matrimonyMatch.member, woman.user.id)),
        ).toHaveLength(1);
        await runMemberCommand(ctx.app.db, 'unblock', [woman.user.id], ctx.app.events);
        await expectVisible(man, woman, stranger);
      });
    });

    describe('safety', () => {
      it('block: neither side sees the other anywhere, and their shortlists, match and requests end', async () => {
        const { man, woman } = await matchPair();
        await api('POST', '/api/matrimony/requests', man, { profile: woman.user.id });
        await api('POST', `/api/matrimony/requests/${man.user.id}/accept`, woman);
        expect((await api('POST', '/api/matrimony/blocks', woman, { profile: man.user.id })).statusCode).toBe(
          204,
        );
        for (const [who, other] of [
          [man, woman],
          [woman, man],
        ] as const) {
          expect(await allSuggestions(who)).not.toContain(other.user.id);
          expect((await api('GET', `/api/matrimony/profiles/${other.user.id}`, who)).statusCode).toBe(404);
          for (const path of ['matches', 'shortlists', 'requests']) {
            expect(idsOf(await api('GET', `/api/matrimony/${path}`, who))).toEqual([]);
          }
          expect((await shortlistOf(who, other)).statusCode).toBe(404);
        }
        const left = await ctx.app.db
          .select()
          .from(shortlist)
          .where(or(eq(shortlist.creator, man.user.id), eq(shortlist.creator, woman.user.id)));
        expect(left).toHaveLength(0);
        expect(
          await ctx.app.db.select().from(profileRequest).where(eq(profileRequest.creator, man.user.id)),
        ).toHaveLength(0);
      });

      it('report reaches the staff queue and blocks; staff dismiss it (audited) or ban the profile', async () => {
        const man = await lister('Male');
        const woman = await lister('Female');
        const waiting = async () => (await api('GET', '/api/admin/summary', admin)).json().matrimonyReports;
        const before = await waiting();
        const noReason = await api('POST', '/api/matrimony/reports', woman, {
          profile: man.user.id,
          reason: ' ',
        });
        expect(noReason.statusCode).toBe(400);
        const res = await api('POST', '/api/matrimony/reports', woman, {
          profile: man.user.id,
          reason: 'Rude messages',
        });
        expect(res.statusCode).toBe(204);
        expect(await waiting()).toBe(before + 1);
        expect(await allSuggestions(woman)).not.toContain(man.user.id);
        expect(await allSuggestions(man)).not.toContain(woman.user.id);

        const queue = await api('GET', '/api/admin/matrimony/reports', admin);
        const report = queue
          .json()
          .documents.find((d: { profile: { id: string } }) => d.profile?.id === man.user.id);
        expect(report).toMatchObject({
          reason: 'Rude messages',
          status: 'open',
          reporter: { id: woman.user.id },
        });
        expect(report.profile.number).toBe(man.form.number); // staff see the phone to act on it
        expect((await api('GET', '/api/admin/matrimony/reports', woman)).statusCode).toBe(403);

        const dismissed = await api('POST', `/api/admin/matrimony/reports/${report.id}/dismiss`, admin);
        expect(dismissed.json().status).toBe('dismissed');
        expect(await waiting()).toBe(before);
        const [audit] = await ctx.app.db.select().from(auditLog).where(eq(auditLog.entityId, report.id));
        expect(audit).toMatchObject({ action: 'matrimony_report.dismiss', actor: admin.user.id });
        expect(
          (await api('POST', `/api/admin/matrimony/reports/${report.id}/dismiss`, admin)).statusCode,
        ).toBe(409);

        // Another member reports him; banning the profile settles the open report.
        const other = await lister('Female');
        await api('POST', '/api/matrimony/reports', other, { profile: man.user.id, reason: 'Fake profile' });
        expect(await waiting()).toBe(before + 1);
        await api('POST', `/api/admin/matrimony/profiles/${man.user.id}/ban`, admin, {
          reason: 'Fake profile',
        });
        expect(await waiting()).toBe(before);
        expect((await api('GET', '/api/matrimony/profile', man)).json().status).toBe('banned');
      });

      it('my Not interested and Block marks are listed to review, and each can be undone', async () => {
        const man = await lister('Male');
        const [skipped, blocked, blockedMe] = [
          await lister('Female'),
          await lister('Female'),
          await lister('Female'),
        ];
        await api('POST', '/api/matrimony/not-interested', man, { profile: skipped.user.id });
        await api('POST', '/api/matrimony/blocks', man, { profile: blocked.user.id });
        await api('POST', '/api/matrimony/blocks', blockedMe, { profile: man.user.id });
        const hidden = await api('GET', '/api/matrimony/hidden', man);
        expect(hidden.statusCode, hidden.body).toBe(200);
        expect(hidden.json()).toEqual([
          {
            id: blocked.user.id,
            firstName: firstName(blocked.user.name),
            kind: 'blocked',
            createdAt: expect.any(String),
          },
          {
            id: skipped.user.id,
            firstName: firstName(skipped.user.name),
            kind: 'not_interested',
            createdAt: expect.any(String),
          },
        ]);
        expectNoContactOf(hidden.body, skipped, blocked, blockedMe);
        expect(hidden.body).not.toContain(blocked.user.name);
        // Someone else's list never shows mine, and a visitor is refused.
        expect((await api('GET', '/api/matrimony/hidden', skipped)).json()).toEqual([]);
        expect((await api('GET', '/api/matrimony/hidden', null)).statusCode).toBe(401);

        expect(
          (await api('DELETE', `/api/matrimony/not-interested/${skipped.user.id}`, man)).statusCode,
        ).toBe(204);
        expect(await allSuggestions(man)).toContain(skipped.user.id);
        expect((await api('DELETE', `/api/matrimony/blocks/${blocked.user.id}`, man)).statusCode).toBe(204);
        expect(await allSuggestions(man)).toContain(blocked.user.id);
        expect(await allSuggestions(blocked)).toContain(man.user.id);
        // Lifting a block that is not mine changes nothing: hers stands.
        expect((await api('DELETE', `/api/matrimony/blocks/${blockedMe.user.id}`, man)).statusCode).toBe(204);
        expect(await allSuggestions(man)).not.toContain(blockedMe.user.id);
        expect((await api('GET', '/api/matrimony/hidden', man)).json()).toEqual([]);
      });

      it('not interested removes a profile from my suggestions only', async () => {
        const man = await lister('Male');
        const woman = await lister('Female');
        expect(
          (await api('POST', '/api/matrimony/not-interested', man, { profile: woman.user.id })).statusCode,
        ).toBe(204);
        expect(await allSuggestions(man)).not.toContain(woman.user.id);
        expect(await allSuggestions(woman)).toContain(man.user.id);
        expect((await api('GET', `/api/matrimony/profiles/${woman.user.id}`, man)).statusCode).toBe(200);
      });
    });

    describe('gotra', () => {
      it("leaves out the member's own gotra by default; the setting switches it off; unknown gotras always pass", async () => {
        const suffix = uniqueUsername('g')
          .replace(/[^a-z]/g, '')
          .slice(-6);
        const [kashyap, other, unknown] = [`Kash${suffix}`, `Bhar${suffix}`, `Nogo${suffix}`];
        await ctx.app.db.insert(surname).values([
          { id: kashyap, name: kashyap, name_guj: 'ક', gotra: 'Kashyap' },
          { id: other, name: other, name_guj: 'ભ', gotra: 'Bharadwaj' },
          { id: unknown, name: unknown, name_guj: 'ન', gotra: '' },
        ]);
        const man = await lister('Male', { surname: kashyap });
        const sameGotra = await lister('Female', { surname: kashyap });
        const otherGotra = await lister('Female', { surname: other });
        const noGotra = await lister('Female', { surname: unknown });
        expect((await api('GET', '/api/matrimony/profile', man)).json()).toMatchObject({
          gotra: 'Kashyap',
          gotraFilter: true,
        });
        let ids = await allSuggestions(man);
        expect(ids).not.toContain(sameGotra.user.id);
        expect(ids).toEqual(expect.arrayContaining([otherGotra.user.id, noGotra.user.id]));
        // Filtering is the viewer's choice: the woman of the same gotra, who also filters, does not see him.
        expect(await allSuggestions(sameGotra)).not.toContain(man.user.id);
        expect(await allSuggestions(noGotra)).toContain(man.user.id);

        const off = await api('PUT', '/api/matrimony/settings', man, { gotraFilter: false });
        expect(off.json()).toEqual({ gotraFilter: false });
        ids = await allSuggestions(man);
        expect(ids).toContain(sameGotra.user.id);
      });
    });

    describe('pages', () => {
      it('suggestions come 3 a page with a cursor, newest first, each profile once', async () => {
        const man = await lister('Male');
        const women = [];
        for (let i = 0; i < 4; i++) women.push(await lister('Female'));
        const first = await api('GET', '/api/matrimony/suggestions', man);
        expect(first.json().documents).toHaveLength(3);
        // The server's token, passed back unchanged (never the last card's username).
        expect(first.json().nextCursor).toEqual(expect.any(String));
        expect(first.json().nextCursor).not.toBe(first.json().documents[2].id);
        expect(idsOf(first)).toEqual(
          women
            .slice(-3)
            .reverse()
            .map((w) => w.user.id),
        );
        const all = await allSuggestions(man);
        expect(new Set(all).size).toBe(all.length);
        expect(all).toEqual(expect.arrayContaining(women.map((w) => w.user.id)));
      });
    });

    async function uploadPhoto(who: TestMember, data?: Buffer): Promise<string> {
      const { payload, headers } = images.multipart([
        { filename: 'me.jpg', contentType: 'image/jpeg', data: data ?? (await images.jpegWithGps()) },
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

    describe('photos', () => {
      it('are stripped of EXIF and GPS, served only through the checked route with private, no-store', async () => {
        const { man, woman } = await matchPair();
        const stranger = await lister('Female');
        const gps = await images.jpegWithGps();
        const dp = await uploadPhoto(woman, gps);
        const saved = await api('PUT', '/api/matrimony/profile', woman, { ...woman.form, dp });
        expect(saved.statusCode, saved.body).toBe(200);
        const photoUrl = `/api/matrimony/profiles/${woman.user.id}/photo?width=300`;
        expect(saved.json().photo).toBe(photoUrl);

        for (const who of [woman, man, admin]) {
          const res = await api('GET', photoUrl, who);
          expect(res.statusCode, who.user.id).toBe(200);
          expect(res.headers['cache-control']).toBe('private, no-store');
          expect((await sharp(res.rawPayload).metadata()).exif).toBeUndefined();
          expect(res.rawPayload.includes(Buffer.from('Secret Phone 9'))).toBe(false);
        }
        // The card carries the checked URL, never the file id.
        const card = (await api('GET', '/api/matrimony/matches', man)).json().documents[0];
        expect(card.photo).toBe(photoUrl);
        expect(JSON.stringify(card)).not.toContain(dp);

        // Never through the public preview route, for anyone.
        for (const who of [null, woman, admin]) {
          const preview = await api('GET', `/api/files/${dp}/preview?width=300`, who);
          expect(preview.statusCode).toBe(404);
          expect(preview.json().type).toBe('storage_file_not_found');
        }
        // Someone of the same gender, or who was blocked, gets the same 404 as a missing photo.
        expect((await api('GET', photoUrl, stranger)).statusCode).toBe(404);
        await api('POST', '/api/matrimony/blocks', woman, { profile: man.user.id });
        const blocked = await api('GET', photoUrl, man);
        expect(blocked.statusCode).toBe(404);
        expect(blocked.headers['cache-control']).toBe('private, no-store');
      });

      it("a profile cannot use someone else's upload as its photo", async () => {
        const a = await applicant('Male');
        const b = await member();
        const dp = await uploadPhoto(b);
        const res = await api('PUT', '/api/matrimony/profile', a, { ...a.form, dp });
        expect(res.statusCode).toBe(400);
        expect(res.json().field).toBe('dp');
      });
    });

    describe("the member's data", () => {
      it('the export holds the own matrimony data; deleting the account removes profile, photos, shortlists and requests', async () => {
        const { man, woman } = await matchPair();
        const dp = await uploadPhoto(man);
        await api('PUT', '/api/matrimony/profile', man, { ...man.form, dp });
        await api('POST', '/api/matrimony/requests', man, { profile: woman.user.id });
        await api('POST', '/api/matrimony/requests', woman, { profile: man.user.id });

        const exported = await api('GET', '/api/account/export', man);
        expect(exported.statusCode).toBe(200);
        const data = exported.json().matrimony;
        expect(data.profile).toMatchObject({ id: man.user.id, number: man.form.number, dp });
        expect(data.shortlists).toMatchObject([{ profile: woman.user.id }]);
        expect(data.profileRequests).toMatchObject([{ profile: woman.user.id, state: 'pending' }]);
        expect(data.requestsReceived).toMatchObject([{ creator: woman.user.id }]);
        expect(data.matches).toMatchObject([{ member: woman.user.id }]);
        expectNoContactOf(exported.body, woman);

        const del = await api('DELETE', '/api/account', man, { password: man.password });
        expect(del.statusCode).toBe(204);
        const me = man.user.id;
        const left = {
          profile: [matrimonyProfile, eq(matrimonyProfile.id, me)],
          shortlists: [shortlist, or(eq(shortlist.creator, me), eq(shortlist.profile, me))],
          requests: [profileRequest, or(eq(profileRequest.creator, me), eq(profileRequest.profile, me))],
          photos: [file, and(eq(file.owner, me), eq(file.kind, 'matrimony'))],
        } as const;
        for (const [what, [table, where]] of Object.entries(left)) {
          expect(await ctx.app.db.$count(table, where), what).toBe(0);
        }
        expect(idsOf(await api('GET', '/api/matrimony/matches', woman))).toEqual([]);
        expect(idsOf(await api('GET', '/api/matrimony/requests', woman))).toEqual([]);
      });
    });
  },
  // Push on (a VAPID key is made from the contact address), so a member with a device gets push jobs.
  { env: { CONTACT_EMAIL: 'help@samaj.example', PUSH_ENDPOINTS: 'any' } },
);
