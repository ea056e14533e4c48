// What members plan around (docs/product/events.md, "Event details"): "I'll attend" once per member with a
// count every member sees and names nobody sees, the event's place on the map (both coordinates or none), and
// the event's .ics with its time, place and link. Visitors get 401 before any 400.
import type { EventDetails, EventDetailsPage } from '@samaj/core';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { caller, expectError, expectVisitorRefused } from '../../../test/api.ts';
import { describeEachDatabase } from '../../../test/harness.ts';
import { createAdmin, createMembers, type TestMember } from '../../../test/members.ts';
import { event, eventAttendance } from '../../db/schema/index.ts';

const PUBLIC_URL = 'https://samaj.kutch.example';
const PLACE = { latitude: 23.2419, longitude: 69.6669 };

describeEachDatabase(
  'event details',
  (ctx) => {
    const call = caller(ctx);
    let admin: TestMember;
    let host: TestMember;
    let asha: TestMember;
    let bhavin: TestMember;
    let chetna: TestMember;

    beforeAll(async () => {
      admin = await createAdmin(ctx.app);
      [host, asha, bhavin, chetna] = await createMembers(ctx.app, 4);
    }, 90_000);

    async function create(over: Record<string, unknown> = {}): Promise<EventDetails> {
      const res = await call('POST', '/api/events', admin, {
        name: 'Navratri garba',
        description: 'Nine nights; bring your own dandiya',
        time: '2026-12-01T13:30:00.000Z',
        location: 'Samaj Wadi, Bhuj',
        host: host.user.id,
        ...over,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    }

    const attend = (who: TestMember, id: string, attending: boolean) =>
      call('PUT', `/api/events/${id}/attendance`, who, { attending });
    const one = async (who: TestMember, id: string): Promise<EventDetails> => {
      const res = await call('GET', `/api/events/${id}`, who);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };

    it('visitors get 401 on the new routes, before any 400, with nothing of the event', async () => {
      const ev = await create();
      await expectVisitorRefused(
        ctx.app,
        [
          ['PUT', `/api/events/${ev.id}/attendance`, { attending: true }],
          ['PUT', `/api/events/${ev.id}/attendance`, { attending: 'yes' }],
          ['PUT', '/api/events/not an id/attendance', {}],
          ['GET', `/api/events/${ev.id}/calendar`],
          ['GET', '/api/events/not an id/calendar'],
        ],
        [ev.name, ev.location, host.user.id],
      );
      expect(await ctx.app.db.select().from(eventAttendance).where(eq(eventAttendance.event, ev.id))).toEqual(
        [],
      );
    });

    it('"I\'ll attend": once per member, a count every member sees, withdrawn by the member alone', async () => {
      const ev = await create();
      expect(ev).toMatchObject({ attendees: 0, attending: false });

      const res = await attend(asha, ev.id, true);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ attending: true, attendees: 1 });
      // Pressing again changes nothing.
      expect((await attend(asha, ev.id, true)).json()).toEqual({ attending: true, attendees: 1 });
      expect((await attend(bhavin, ev.id, true)).json()).toEqual({ attending: true, attendees: 2 });

      // Someone who did not answer sees the count, not who; the host and an Admin see the same.
      for (const who of [chetna, host, admin]) {
        const seen = await one(who, ev.id);
        expect(seen).toMatchObject({ attendees: 2, attending: false });
        expect(JSON.stringify(seen)).not.toContain(asha.user.id);
        expect(JSON.stringify(seen)).not.toContain(bhavin.user.id);
      }
      expect(await one(asha, ev.id)).toMatchObject({ attendees: 2, attending: true });
      const listed = (await call('GET', '/api/events', bhavin)).json() as EventDetailsPage;
      expect(listed.documents.find((d) => d.id === ev.id)).toMatchObject({ attendees: 2, attending: true });
      const other = listed.documents.find((d) => d.id !== ev.id);
      if (other) expect(other).toMatchObject({ attending: false });

      // Withdrawing: only the member's own answer goes; repeating it changes nothing.
      expect((await attend(asha, ev.id, false)).json()).toEqual({ attending: false, attendees: 1 });
      expect((await attend(asha, ev.id, false)).json()).toEqual({ attending: false, attendees: 1 });
      expect((await attend(chetna, ev.id, false)).json()).toEqual({ attending: false, attendees: 1 });
      expect(await one(bhavin, ev.id)).toMatchObject({ attendees: 1, attending: true });
    });

    it("anyone (a visitor's invitation link) reads how many will attend, and nothing else", async () => {
      const ev = await create();
      await attend(asha, ev.id, true);
      await attend(bhavin, ev.id, true);
      const seen = await ctx.app.inject({ method: 'GET', url: `/api/events/${ev.id}/attendees` });
      expect(seen.statusCode, seen.body).toBe(200);
      expect(seen.json()).toEqual({ attendees: 2 });
      for (const who of [asha, bhavin]) expect(seen.body).not.toContain(who.user.id);
      expect((await call('GET', `/api/events/${ev.id}/attendees`, chetna)).json()).toEqual({ attendees: 2 });
      expectError(
        await ctx.app.inject({ method: 'GET', url: '/api/events/a0000000000000000000000/attendees' }),
        404,
        'document_not_found',
      );
      expectError(
        await ctx.app.inject({ method: 'GET', url: '/api/events/not an id/attendees' }),
        400,
        'general_argument_invalid',
        { field: 'id' },
      );
    });

    it('bad answers are 400 with the field, an unknown event 404; nothing is stored', async () => {
      const ev = await create();
      expectError(
        await call('PUT', `/api/events/${ev.id}/attendance`, asha, {}),
        400,
        'general_argument_invalid',
        {
          message: 'Missing required parameter: "attending"',
          field: 'attending',
        },
      );
      for (const attending of ['yes', 1, null]) {
        expectError(
          await call('PUT', `/api/events/${ev.id}/attendance`, asha, { attending }),
          400,
          'general_argument_invalid',
          { field: 'attending' },
        );
      }
      expectError(await attend(asha, 'not an id', true), 400, 'general_argument_invalid', { field: 'id' });
      expectError(await attend(asha, 'a0000000000000000000000', true), 404, 'document_not_found');
      expect(await ctx.app.db.select().from(eventAttendance).where(eq(eventAttendance.event, ev.id))).toEqual(
        [],
      );
    });

    it('the answers go with the event and with a deleted account, and a member finds theirs in their export', async () => {
      const ev = await create();
      await attend(chetna, ev.id, true);
      const exported = (await call('GET', '/api/account/export', chetna)).json();
      expect(exported.eventAttendance).toEqual([
        expect.objectContaining({ event: ev.id, member: chetna.user.id }),
      ]);
      // A member who deletes their account takes their answer (and the count) with them.
      const [leaver] = await createMembers(ctx.app, 1);
      await attend(leaver, ev.id, true);
      expect((await one(chetna, ev.id)).attendees).toBe(2);
      const gone = await call('DELETE', '/api/account', leaver, { password: leaver.password });
      expect(gone.statusCode, gone.body).toBe(204);
      expect((await one(chetna, ev.id)).attendees).toBe(1);

      expect((await call('DELETE', `/api/events/${ev.id}`, admin)).statusCode).toBe(204);
      expect(await ctx.app.db.select().from(eventAttendance).where(eq(eventAttendance.event, ev.id))).toEqual(
        [],
      );
      // An answer to an event that is gone by then is a 404, not a foreign-key failure.
      expectError(await attend(chetna, ev.id, true), 404, 'document_not_found');
    });

    it('a place on the map: both coordinates or none, kept until the form changes them', async () => {
      const ev = await create({ coordinates: PLACE });
      expect(ev.coordinates).toEqual(PLACE);
      expect((await one(asha, ev.id)).coordinates).toEqual(PLACE);
      const [row] = await ctx.app.db.select().from(event).where(eq(event.id, ev.id));
      expect([row.latitude, row.longitude]).toEqual([PLACE.latitude, PLACE.longitude]);

      for (const coordinates of [
        { latitude: 23.2 },
        { latitude: 95, longitude: 69.6 },
        { latitude: '23', longitude: 69 },
      ]) {
        const res = await call('PUT', `/api/events/${ev.id}`, admin, {
          name: ev.name,
          time: ev.time,
          host: host.user.id,
          coordinates,
        });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({
          type: 'general_argument_invalid',
          field: expect.stringMatching(/^coordinates/),
        });
      }
      expect((await one(asha, ev.id)).coordinates).toEqual(PLACE);

      // The form is the whole event: sent without a place, the event has none.
      const cleared = await call('PUT', `/api/events/${ev.id}`, admin, {
        name: ev.name,
        time: ev.time,
        host: host.user.id,
      });
      expect(cleared.statusCode, cleared.body).toBe(200);
      expect(cleared.json().coordinates).toBeNull();
      // The database holds the pair too: one coordinate alone is refused whatever path writes it.
      await expect(
        ctx.app.db.update(event).set({ latitude: 1 }).where(eq(event.id, ev.id)),
      ).rejects.toThrow();
    });

    it("the .ics: the event's time in UTC, its place and link, in escaped iCalendar text", async () => {
      const ev = await create({
        name: 'Garba; night, "Kutch"',
        description: 'Line one\nLine two',
        coordinates: PLACE,
      });
      const res = await call('GET', `/api/events/${ev.id}/calendar`, asha);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="event-${ev.id}.ics"`);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      const text = res.body;
      expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
      expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
      // Unfold (RFC 5545 §3.1) before reading properties.
      const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n');
      expect(lines).toContain('DTSTART:20261201T133000Z');
      expect(lines).toContain('SUMMARY:Garba\\; night\\, "Kutch"');
      expect(lines).toContain('LOCATION:Samaj Wadi\\, Bhuj');
      expect(lines).toContain(`GEO:${PLACE.latitude};${PLACE.longitude}`);
      expect(lines).toContain(`URL:${PUBLIC_URL}/event/${ev.id}`);
      expect(lines).toContain(`DESCRIPTION:Line one\\nLine two\\n\\n${PUBLIC_URL}/event/${ev.id}`);
      expect(lines).toContain(`UID:${ev.id}@samaj.kutch.example`);
      expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);

      // Without a place or description: no LOCATION, no GEO; the link is the description.
      const bare = await create({ location: '', description: '' });
      const bareLines = (await call('GET', `/api/events/${bare.id}/calendar`, asha)).body
        .replace(/\r\n[ \t]/g, '')
        .split('\r\n');
      expect(bareLines.some((l) => l.startsWith('LOCATION') || l.startsWith('GEO'))).toBe(false);
      expect(bareLines).toContain(`DESCRIPTION:${PUBLIC_URL}/event/${bare.id}`);

      expectError(
        await call('GET', '/api/events/a0000000000000000000000/calendar', asha),
        404,
        'document_not_found',
      );
    });
  },
  { env: { PUBLIC_URL } },
);
