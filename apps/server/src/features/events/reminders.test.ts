// The reminder 60 minutes before the start (docs/product/events.md, "Reminders"), on both databases, against
// a push service on this machine (test/push-receiver.ts): only to members who said they'll attend and did not
// switch the kind off, once per member and start — however often, in however many processes, and across a
// restart — and again when the event moves to another time.
import type { PushPayload } from '@samaj/core';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call as inject } from '../../../test/api.ts';
import {
  acrossRestart,
  closeTestDatabase,
  describeEachDatabase,
  engines,
  openSecondConnection,
  openTestDatabase,
  TEST_DATABASE_URL,
  testConfig,
} from '../../../test/harness.ts';
import { createAdmin, createMember, type TestMember } from '../../../test/members.ts';
import {
  type BrowserSubscription,
  type PushReceiver,
  startPushReceiver,
} from '../../../test/push-receiver.ts';
import { sleep, waitFor } from '../../../test/wait.ts';
import { buildApp } from '../../app.ts';
import { eventAttendance } from '../../db/schema/index.ts';
import { sendDueReminders } from './reminders.ts';

// PUSH_ENDPOINTS=any: the test push service listens on 127.0.0.1.
const ENV = { CONTACT_EMAIL: 'help@samaj.example', PUSH_ENDPOINTS: 'any' };
const MINUTE = 60_000;
const inMinutes = (m: number) => new Date(Date.now() + m * MINUTE).toISOString();

let receiver: PushReceiver;
beforeAll(async () => {
  receiver = await startPushReceiver();
});
afterAll(() => receiver.close());

let names = 0;
const fresh = (label: string) => receiver.subscription(`reminder-${label}-${process.pid}-${++names}`);

async function subscribe(
  app: FastifyInstance,
  who: TestMember,
  language = 'en',
): Promise<BrowserSubscription> {
  const browser = fresh(who.user.id);
  const res = await inject(app, 'POST', '/api/push/subscriptions', who, {
    endpoint: browser.endpoint,
    keys: browser.keys,
    language,
  });
  expect(res.statusCode, res.body).toBe(201);
  return browser;
}

async function createEvent(app: FastifyInstance, admin: TestMember, host: TestMember, time: string) {
  const res = await inject(app, 'POST', '/api/events', admin, {
    name: `Garba ${++names}`,
    time,
    location: 'Samaj Wadi, Bhuj',
    host: host.user.id,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; name: string };
}

async function attend(app: FastifyInstance, who: TestMember, id: string, attending = true) {
  const res = await inject(app, 'PUT', `/api/events/${id}/attendance`, who, { attending });
  expect(res.statusCode, res.body).toBe(200);
}

async function moveTo(app: FastifyInstance, admin: TestMember, host: TestMember, id: string, time: string) {
  const res = await inject(app, 'PUT', `/api/events/${id}`, admin, {
    name: 'Garba moved',
    time,
    host: host.user.id,
  });
  expect(res.statusCode, res.body).toBe(200);
}

const arrived = (browser: BrowserSubscription, count = 1) =>
  waitFor(() => {
    const got = receiver.arrivedFor(browser);
    return got.length >= count ? got : null;
  }, `${count} reminder(s) at ${browser.endpoint}`);
const opened = (browser: BrowserSubscription, index = 0): PushPayload =>
  JSON.parse(browser.decrypt((receiver.arrivedFor(browser)[index] as { body: Buffer }).body));
/** Long enough for a push that was going to arrive to have arrived (the workers poll every 0.5 s). */
const settle = () => sleep(1500);

describeEachDatabase(
  'event reminders',
  (ctx) => {
    let admin: TestMember;
    let host: TestMember;
    beforeAll(async () => {
      admin = await createAdmin(ctx.app);
      host = await createMember(ctx.app);
    }, 90_000);

    it('an hour before the start: each member who said they will attend, once, in their language; not those who did not, withdrew or switched it off', async () => {
      const ev = await createEvent(ctx.app, admin, host, inMinutes(30));
      const [asha, bhavin, chetna, dinesh, esha] = await Promise.all(
        Array.from({ length: 5 }, () => createMember(ctx.app)),
      );
      const ashaPhone = await subscribe(ctx.app, asha, 'en');
      const bhavinPhone = await subscribe(ctx.app, bhavin, 'gu');
      const chetnaPhone = await subscribe(ctx.app, chetna);
      const dineshPhone = await subscribe(ctx.app, dinesh);
      const eshaPhone = await subscribe(ctx.app, esha);
      await attend(ctx.app, asha, ev.id);
      await attend(ctx.app, bhavin, ev.id);
      await attend(ctx.app, dinesh, ev.id);
      await attend(ctx.app, dinesh, ev.id, false);
      await attend(ctx.app, esha, ev.id);
      // Chetna did not answer; Esha switched event reminders off (and nothing else).
      const off = await inject(ctx.app, 'PUT', '/api/push/settings', esha, { event_reminder: false });
      expect(off.json().kinds).toMatchObject({ event_reminder: false, event_live: true });

      await sendDueReminders(ctx.app);
      await arrived(ashaPhone);
      await arrived(bhavinPhone);
      expect(opened(ashaPhone)).toEqual({
        kind: 'event_reminder',
        title: `${ev.name} starts in an hour`,
        body: 'You said you’ll attend. Tap to see the details.',
        url: `/event/${ev.id}`,
        tag: `event-reminder-${ev.id}`,
      });
      expect(opened(bhavinPhone)).toMatchObject({
        title: `${ev.name} એક કલાકમાં શરૂ થશે`,
        url: `/event/${ev.id}`,
      });
      const [push] = receiver.arrivedFor(ashaPhone);
      expect(push?.headers.urgency).toBe('high');
      expect(push?.headers.ttl).toBe('3600');

      // Sweeping again (as every process does every 30 s) tells nobody twice.
      await sendDueReminders(ctx.app);
      await sendDueReminders(ctx.app);
      await settle();
      expect(receiver.arrivedFor(ashaPhone)).toHaveLength(1);
      expect(receiver.arrivedFor(bhavinPhone)).toHaveLength(1);
      for (const phone of [chetnaPhone, dineshPhone, eshaPhone])
        expect(receiver.arrivedFor(phone)).toEqual([]);
    });

    it('not before the hour, not once it started; a moved event reminds at its new time, and again when moved once more', async () => {
      const later = await createEvent(ctx.app, admin, host, inMinutes(3 * 60));
      const started = await createEvent(ctx.app, admin, host, inMinutes(-5));
      const member = await createMember(ctx.app);
      const phone = await subscribe(ctx.app, member);
      await attend(ctx.app, member, later.id);
      await attend(ctx.app, member, started.id);

      await sendDueReminders(ctx.app);
      await settle();
      expect(receiver.arrivedFor(phone)).toEqual([]);

      // Brought forward to within the hour: reminded now.
      await moveTo(ctx.app, admin, host, later.id, inMinutes(45));
      await sendDueReminders(ctx.app);
      await arrived(phone);
      expect(opened(phone)).toMatchObject({
        title: 'Garba moved starts in an hour',
        url: `/event/${later.id}`,
      });

      // Moved again: the member hears of the new start too, once.
      await moveTo(ctx.app, admin, host, later.id, inMinutes(50));
      await sendDueReminders(ctx.app);
      await sendDueReminders(ctx.app);
      await arrived(phone, 2);
      await settle();
      expect(receiver.arrivedFor(phone)).toHaveLength(2);

      // Put back to three hours from now: nothing until its hour comes.
      await moveTo(ctx.app, admin, host, later.id, inMinutes(3 * 60));
      await sendDueReminders(ctx.app);
      await settle();
      expect(receiver.arrivedFor(phone)).toHaveLength(2);
    });

    it('a member who withdraws and answers again within the hour is not reminded of the same start twice; the count follows the answer', async () => {
      const ev = await createEvent(ctx.app, admin, host, inMinutes(40));
      const member = await createMember(ctx.app);
      const phone = await subscribe(ctx.app, member);
      await attend(ctx.app, member, ev.id);
      await sendDueReminders(ctx.app);
      await arrived(phone);

      await attend(ctx.app, member, ev.id, false);
      const gone = await inject(ctx.app, 'GET', `/api/events/${ev.id}/attendees`, member);
      expect(gone.json()).toEqual({ attendees: 0 });
      await attend(ctx.app, member, ev.id);
      const back = await inject(ctx.app, 'GET', `/api/events/${ev.id}`, member);
      expect(back.json()).toMatchObject({ attending: true, attendees: 1 });
      await sendDueReminders(ctx.app);
      await settle();
      expect(receiver.arrivedFor(phone)).toHaveLength(1);

      // Withdrawn when the event moves into its hour: no reminder; answering again then reminds once.
      await attend(ctx.app, member, ev.id, false);
      await moveTo(ctx.app, admin, host, ev.id, inMinutes(30));
      await sendDueReminders(ctx.app);
      await settle();
      expect(receiver.arrivedFor(phone)).toHaveLength(1);
      await attend(ctx.app, member, ev.id);
      await sendDueReminders(ctx.app);
      await arrived(phone, 2);
    });

    it('a member without a device is claimed all the same (no push, nothing left to sweep)', async () => {
      const ev = await createEvent(ctx.app, admin, host, inMinutes(20));
      const quiet = await createMember(ctx.app);
      await attend(ctx.app, quiet, ev.id);
      await sendDueReminders(ctx.app);
      const [row] = await ctx.app.db
        .select({ remindedFor: eventAttendance.remindedFor })
        .from(eventAttendance)
        .where(and(eq(eventAttendance.event, ev.id), eq(eventAttendance.member, quiet.user.id)));
      expect(row?.remindedFor).toBeInstanceOf(Date);
    });
  },
  { env: ENV },
);

describe('event reminders across a restart and across processes', () => {
  for (const engine of engines()) {
    it(`[${engine}] a reminder claimed by a process that stopped before sending is sent by the next, once`, async () => {
      let phone: BrowserSubscription | undefined;
      let eventId = '';
      await acrossRestart(engine, ENV, {
        before: async (first) => {
          // The first process queues (its workers are off) and stops.
          const admin = await createAdmin(first);
          const host = await createMember(first);
          const member = await createMember(first);
          phone = await subscribe(first, member);
          eventId = (await createEvent(first, admin, host, inMinutes(40))).id;
          await attend(first, member, eventId);
          await sendDueReminders(first);
          await sendDueReminders(first);
          expect((await first.jobs.queueSizes())['push.notify']).toBe(1);
        },
        between: async () => {},
        after: async (second) => {
          const browser = phone as BrowserSubscription;
          await arrived(browser);
          await sendDueReminders(second);
          await settle();
          expect(receiver.arrivedFor(browser)).toHaveLength(1);
          expect(opened(browser)).toMatchObject({ kind: 'event_reminder', url: `/event/${eventId}` });
        },
      });
    }, 120_000);
  }

  it.skipIf(!TEST_DATABASE_URL)(
    '[postgres] two processes sweeping at the same moments remind each member once',
    async () => {
      const database = await openTestDatabase('postgres');
      const second = await openSecondConnection(database);
      const a = await buildApp({ config: testConfig(ENV), database });
      const b = await buildApp({ config: testConfig(ENV), database: second });
      try {
        await a.ready();
        await b.ready();
        const admin = await createAdmin(a);
        const host = await createMember(a);
        const members = await Promise.all(Array.from({ length: 4 }, () => createMember(a)));
        const phones = await Promise.all(members.map((m) => subscribe(a, m)));
        const ev = await createEvent(a, admin, host, inMinutes(30));
        for (const m of members) await attend(b, m, ev.id);
        await Promise.all(Array.from({ length: 6 }, (_, i) => sendDueReminders(i % 2 ? b : a)));
        for (const phone of phones) await arrived(phone);
        await settle();
        for (const phone of phones) expect(receiver.arrivedFor(phone)).toHaveLength(1);
      } finally {
        await a.close();
        await b.close();
        await second.close();
        await closeTestDatabase(database);
      }
    },
    120_000,
  );
});
