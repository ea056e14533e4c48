// Push on both databases against a push service on this machine (test/push-receiver.ts): what a
// member's browser would receive, decrypted with the keys only that browser holds.
import net from 'node:net';
import { NOTIFICATION_KINDS, type PushPayload } from '@samaj/core';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectVisitorRefused } from '../../../test/api.ts';
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
  type Received,
  startPushReceiver,
} from '../../../test/push-receiver.ts';
import { waitFor } from '../../../test/wait.ts';
import { buildApp } from '../../app.ts';
import { event, pushOnce, pushSubscription, user } from '../../db/schema/index.ts';
import { vapidDetails } from '../../platform/vapid.ts';
import { TOPIC_BATCH } from './notify.ts';

// PUSH_ENDPOINTS=any: the test push service listens on 127.0.0.1.
const ENV = { CONTACT_EMAIL: 'help@samaj.example', PUSH_ENDPOINTS: 'any' };

let receiver: PushReceiver;
beforeAll(async () => {
  receiver = await startPushReceiver();
});
afterAll(() => receiver.close());

async function call(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  who?: TestMember,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    payload: payload as InjectOptions['payload'],
    headers: who ? { cookie: who.cookie } : {},
  });
}

async function subscribe(
  app: FastifyInstance,
  who: TestMember,
  browser: BrowserSubscription,
  language = 'en',
) {
  const res = await call(app, 'POST', '/api/push/subscriptions', who, {
    endpoint: browser.endpoint,
    keys: browser.keys,
    language,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().token as string;
}

const arrival = (browser: BrowserSubscription, count = 1) =>
  waitFor(() => {
    const got = receiver.arrivedFor(browser);
    return got.length >= count ? got : null;
  }, `${count} push(es) at ${browser.endpoint}`);

function opened(browser: BrowserSubscription, push: Received): PushPayload {
  return JSON.parse(browser.decrypt(push.body));
}

async function applyAndDecide(
  app: FastifyInstance,
  member: TestMember,
  admin: TestMember,
  decision: 'approve' | 'reject',
) {
  const applied = await call(app, 'POST', '/api/publisher-request', member, {
    occupation: 'Teacher',
    whatsapp: '9876543210',
    reason: 'I write about our events.',
  });
  expect(applied.statusCode, applied.body).toBe(201);
  const decided = await call(
    app,
    'POST',
    `/api/admin/publisher-requests/${member.user.id}/${decision}`,
    admin,
  );
  expect(decided.statusCode, decided.body).toBe(200);
}

/** Endpoints WHATWG URL and web-push's url.parse read with different hosts: the server must refuse them all. */
const PARSER_BYPASSES = [
  'https://127.0.0.1;.x.com/',
  "https://127.0.0.1'.x.com/",
  'https://127.0.0.1{.x.com/',
  'https://127.0.0.1`.x.com/',
  'https://127.0.0.1".x.com/',
  'https://127.0.0.1%2e.x.com/',
  'https://user@push.example.com/',
];

/** A listener on 127.0.0.1 that only counts who connects to it (a TLS handshake never gets far enough to be recorded). */
async function countingListener() {
  let connections = 0;
  const server = net.createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let names = 0;
const fresh = (label: string) => receiver.subscription(`${label}-${process.pid}-${++names}`);

describeEachDatabase(
  'notifications',
  (ctx) => {
    let admin: TestMember;
    beforeAll(async () => {
      admin = await createAdmin(ctx.app);
    });

    it('visitors are refused every push route; bad bodies answer 400 naming the field', async () => {
      await expectVisitorRefused(ctx.app, [
        ['POST', '/api/push/subscriptions', {}],
        ['DELETE', '/api/push/subscriptions/abc'],
        ['GET', '/api/push/settings'],
        ['PUT', '/api/push/settings', {}],
      ]);
      const member = await createMember(ctx.app);
      const browser = fresh('bad');
      for (const [body, field] of [
        [{ endpoint: 'http://push.example/x', keys: browser.keys }, 'endpoint'],
        [{ endpoint: browser.endpoint, keys: { p256dh: browser.keys.p256dh } }, 'keys.auth'],
        [{ endpoint: browser.endpoint, keys: { ...browser.keys, p256dh: 'x'.repeat(101) } }, 'keys.p256dh'],
        [{ endpoint: browser.endpoint, keys: browser.keys, language: 'fr' }, 'language'],
      ] as const) {
        const res = await call(ctx.app, 'POST', '/api/push/subscriptions', member, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json()).toMatchObject({ code: 400, type: 'general_argument_invalid', field });
      }
      const wrongKind = await call(ctx.app, 'PUT', '/api/push/settings', member, { everything: false });
      expect(wrongKind.statusCode).toBe(400);
    });

    it('an endpoint whose host URL parsers read differently is refused with 400, even with local endpoints allowed', async () => {
      const member = await createMember(ctx.app);
      const { keys } = fresh('bypass');
      for (const endpoint of PARSER_BYPASSES) {
        const res = await call(ctx.app, 'POST', '/api/push/subscriptions', member, { endpoint, keys });
        expectError(res, 400, 'general_argument_invalid', {
          message: expect.any(String),
          field: 'endpoint',
        });
      }
      const stored = await ctx.app.db
        .select()
        .from(pushSubscription)
        .where(eq(pushSubscription.userId, member.user.id));
      expect(stored).toHaveLength(0);
    });

    it('subscribing again keeps the token; only its member can unsubscribe it', async () => {
      const member = await createMember(ctx.app);
      const other = await createMember(ctx.app);
      const browser = fresh('again');
      const token = await subscribe(ctx.app, member, browser);
      const again = await call(ctx.app, 'POST', '/api/push/subscriptions', member, {
        endpoint: browser.endpoint,
        keys: browser.keys,
        language: 'gu',
      });
      expect(again.statusCode).toBe(200);
      expect(again.json().token).toBe(token);
      const [row] = await ctx.app.db.select().from(pushSubscription).where(eq(pushSubscription.id, token));
      expect(row).toMatchObject({ userId: member.user.id, language: 'gu', topics: ['everyone'] });

      expect((await call(ctx.app, 'DELETE', `/api/push/subscriptions/${token}`, other)).statusCode).toBe(404);
      expect((await call(ctx.app, 'DELETE', `/api/push/subscriptions/${token}`, member)).statusCode).toBe(
        204,
      );
      expect((await call(ctx.app, 'DELETE', `/api/push/subscriptions/${token}`, member)).statusCode).toBe(
        404,
      );
    });

    it('a shared device (the same browser: its keys as stored) follows whoever subscribed it last', async () => {
      const first = await createMember(ctx.app);
      const second = await createMember(ctx.app);
      const browser = fresh('shared');
      const token = await subscribe(ctx.app, first, browser);
      const moved = await call(ctx.app, 'POST', '/api/push/subscriptions', second, {
        endpoint: browser.endpoint,
        keys: browser.keys,
      });
      expect(moved.statusCode).toBe(200);
      expect(moved.json().token).toBe(token);
      // The first member's decision no longer reaches this device; the second member's does.
      await applyAndDecide(ctx.app, first, admin, 'approve');
      await applyAndDecide(ctx.app, second, admin, 'reject');
      const [push] = await arrival(browser);
      expect(opened(browser, push).title).toBe('તમારી પ્રકાશક અરજી મંજૂર થઈ નથી');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(receiver.arrivedFor(browser)).toHaveLength(1);
      expect((await call(ctx.app, 'DELETE', `/api/push/subscriptions/${token}`, first)).statusCode).toBe(404);
    });

    it("another member's endpoint is never handed over without its browser's keys: 409, no token, the owner keeps it", async () => {
      const owner = await createMember(ctx.app);
      const taker = await createMember(ctx.app);
      const browser = fresh('taken');
      const token = await subscribe(ctx.app, owner, browser);
      const theirs = fresh('taker').keys;
      for (const keys of [theirs, { p256dh: browser.keys.p256dh, auth: theirs.auth }]) {
        const res = await call(ctx.app, 'POST', '/api/push/subscriptions', taker, {
          endpoint: browser.endpoint,
          keys,
        });
        expectError(res, 409, 'document_already_exists', {
          message: 'This push endpoint is registered to another member.',
        });
        expect(res.body).not.toContain(token);
      }
      const [row] = await ctx.app.db.select().from(pushSubscription).where(eq(pushSubscription.id, token));
      expect(row).toMatchObject({ userId: owner.user.id, ...browser.keys });
      // Still the owner's device, with the owner's keys: their push arrives and opens.
      await applyAndDecide(ctx.app, owner, admin, 'approve');
      const [push] = await arrival(browser);
      expect(opened(browser, push).title).toBe('You are now a publisher');
      // The owner may still change their own subscription's keys.
      const own = await call(ctx.app, 'POST', '/api/push/subscriptions', owner, {
        endpoint: browser.endpoint,
        keys: theirs,
      });
      expect(own.statusCode, own.body).toBe(200);
    });

    it('settings start all on, change one kind at a time, and are the member’s own', async () => {
      const member = await createMember(ctx.app);
      const other = await createMember(ctx.app);
      const initial = await call(ctx.app, 'GET', '/api/push/settings', member);
      expect(Object.values(initial.json().kinds)).toEqual(Array(NOTIFICATION_KINDS.length).fill(true));
      const changed = await call(ctx.app, 'PUT', '/api/push/settings', member, { event_live: false });
      expect(changed.json().kinds).toMatchObject({ event_live: false, post_decided: true });
      const kept = await call(ctx.app, 'PUT', '/api/push/settings', member, { matrimony_match: false });
      expect(kept.json().kinds).toMatchObject({
        event_live: false,
        matrimony_match: false,
        post_decided: true,
      });
      expect((await call(ctx.app, 'GET', '/api/push/settings', member)).json()).toEqual(kept.json());
      expect((await call(ctx.app, 'GET', '/api/push/settings', other)).json().kinds.event_live).toBe(true);
    });

    it("a decision arrives encrypted (aes128gcm), signed with the server's VAPID key, in each device's language", async () => {
      const member = await createMember(ctx.app);
      const phone = fresh('phone');
      const laptop = fresh('laptop');
      await subscribe(ctx.app, member, phone, 'gu');
      await subscribe(ctx.app, member, laptop, 'en');

      const started = Date.now();
      await applyAndDecide(ctx.app, member, admin, 'approve');
      // The decision did not wait for the push service.
      const [onPhone] = await arrival(phone);
      const [onLaptop] = await arrival(laptop);
      expect(onLaptop.at).toBeGreaterThanOrEqual(started);

      expect(onLaptop.headers['content-encoding']).toBe('aes128gcm');
      expect(onLaptop.headers.ttl).toBe('86400');
      expect(onLaptop.headers.urgency).toBe('normal');
      const publicKey = (await call(ctx.app, 'GET', '/api/public-config')).json().vapidPublicKey;
      expect(onLaptop.headers.authorization).toMatch(
        new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`),
      );
      // The ciphertext is not the payload; the browser's keys open it.
      expect(onLaptop.body.toString()).not.toContain('publisher');
      expect(opened(laptop, onLaptop)).toEqual({
        kind: 'publisher_request_decided',
        title: 'You are now a publisher',
        body: 'Your posts now appear to everyone right away.',
        url: '/publisher-request',
        tag: 'publisher-request',
      });
      expect(opened(phone, onPhone)).toMatchObject({ title: 'તમે હવે પ્રકાશક છો', url: '/publisher-request' });
      // One device's keys do not open another's push.
      expect(() => laptop.decrypt(onPhone.body)).toThrow();
    });

    it("staff's decision on a post tells its author and opens the post", async () => {
      const author = await createMember(ctx.app);
      const browser = fresh('author');
      await subscribe(ctx.app, author, browser);
      const posted = await call(ctx.app, 'POST', '/api/posts', author, {
        description: 'Diwali milan at the hall',
      });
      expect(posted.statusCode, posted.body).toBe(201);
      const postId = posted.json().id;
      const decided = await call(ctx.app, 'POST', `/api/admin/posts/${postId}/decision`, admin, {
        status: 'rejected',
        reason: 'Please add the date',
      });
      expect(decided.statusCode, decided.body).toBe(200);
      const [push] = await arrival(browser);
      expect(opened(browser, push)).toEqual({
        kind: 'post_decided',
        title: 'Your post was not approved',
        body: 'Tap to see the details.',
        url: `/post/${postId}`,
        tag: `post-${postId}`,
      });
      // The reason is for the author's eyes in the app, not on a lock screen.
      expect(browser.decrypt(push.body)).not.toContain('Please add the date');
    });

    it('a subscription the push service says is gone (410) is deleted', async () => {
      const member = await createMember(ctx.app);
      const browser = fresh('gone');
      receiver.answer(new URL(browser.endpoint).pathname, 410);
      const token = await subscribe(ctx.app, member, browser);
      await applyAndDecide(ctx.app, member, admin, 'reject');
      await arrival(browser);
      await waitFor(
        async () =>
          (await ctx.app.db.select().from(pushSubscription).where(eq(pushSubscription.id, token))).length ===
          0,
        'the subscription to be deleted',
      );
    });

    it('a busy push service (503 with Retry-After) gets the push again later', async () => {
      const member = await createMember(ctx.app);
      const browser = fresh('busy');
      receiver.answer(new URL(browser.endpoint).pathname, (count) =>
        count === 1 ? { status: 503, headers: { 'retry-after': '1' } } : { status: 201 },
      );
      await subscribe(ctx.app, member, browser);
      await applyAndDecide(ctx.app, member, admin, 'approve');
      const [first, second] = await arrival(browser, 2);
      expect(second.at - first.at).toBeGreaterThanOrEqual(900);
      expect(opened(browser, second).title).toBe('You are now a publisher');
    });

    it('a kind switched off sends nothing to that member', async () => {
      const quiet = await createMember(ctx.app);
      const keen = await createMember(ctx.app);
      const quietBrowser = fresh('quiet');
      const keenBrowser = fresh('keen');
      await subscribe(ctx.app, quiet, quietBrowser);
      await subscribe(ctx.app, keen, keenBrowser);
      await call(ctx.app, 'PUT', '/api/push/settings', quiet, { publisher_request_decided: false });

      // The quiet member's decision goes first: when the keen member's push arrives, it has been handled.
      await applyAndDecide(ctx.app, quiet, admin, 'approve');
      await applyAndDecide(ctx.app, keen, admin, 'approve');
      await arrival(keenBrowser);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(receiver.arrivedFor(quietBrowser)).toHaveLength(0);
    });

    it("an event going live reaches the topic 'everyone', except members who switched it off", async () => {
      const host = await createMember(ctx.app);
      const watchers = [await createMember(ctx.app), await createMember(ctx.app)];
      const quiet = await createMember(ctx.app);
      const browsers = [fresh('watch-a'), fresh('watch-b')];
      const quietBrowser = fresh('live-quiet');
      const hostBrowser = fresh('live-host');
      for (const [i, watcher] of watchers.entries())
        await subscribe(ctx.app, watcher, browsers[i], i ? 'gu' : 'en');
      await subscribe(ctx.app, quiet, quietBrowser);
      await subscribe(ctx.app, host, hostBrowser);
      await call(ctx.app, 'PUT', '/api/push/settings', quiet, { event_live: false });

      const [row] = await ctx.app.db
        .insert(event)
        .values({ name: 'Navratri Garba', time: new Date(), host: host.user.id })
        .returning({ id: event.id });
      const { app } = ctx;
      await app.events.transaction(async (tx) => {
        await tx.update(event).set({ live: true }).where(eq(event.id, row.id));
        await app.events.publish(tx, 'event.live', { eventId: row.id, live: true });
      });

      const [en] = await arrival(browsers[0]);
      const [gu] = await arrival(browsers[1]);
      expect(en.headers.urgency).toBe('high');
      expect(en.headers.ttl).toBe('3600');
      expect(opened(browsers[0], en)).toEqual({
        kind: 'event_live',
        title: 'Navratri Garba is live now',
        body: 'Tap to watch the event.',
        url: `/event/${row.id}`,
        tag: `event-${row.id}`,
      });
      expect(opened(browsers[1], gu).title).toBe('Navratri Garba હવે લાઇવ છે');
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(receiver.arrivedFor(quietBrowser)).toHaveLength(0);
      // The host pressed Start: telling them is noise.
      expect(receiver.arrivedFor(hostBrowser)).toHaveLength(0);
    });

    it('toggling an event live on and off many times sends "event is live" once (6 hours per event)', async () => {
      const host = await createMember(ctx.app);
      const watcher = await createMember(ctx.app);
      const browser = fresh('toggle');
      await subscribe(ctx.app, watcher, browser);
      const [row] = await ctx.app.db
        .insert(event)
        .values({ name: 'Toggled event', time: new Date(), host: host.user.id })
        .returning({ id: event.id });
      const { app } = ctx;
      const setLive = (live: boolean) =>
        app.events.transaction(async (tx) => {
          await tx.update(event).set({ live }).where(eq(event.id, row.id));
          await app.events.publish(tx, 'event.live', { eventId: row.id, live });
        });
      await setLive(true);
      await arrival(browser);
      // Start, END, Start again, each Start's job finding the event live when it runs.
      for (let i = 0; i < 5; i += 1) {
        await setLive(false);
        await setLive(true);
        await waitFor(
          async () => ((await app.jobs.queueSizes())['push.topic'] === 0 ? true : null),
          'the Start to be handled',
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(receiver.arrivedFor(browser)).toHaveLength(1);
      // A burst of Starts, none handled yet: still nothing more.
      for (let i = 0; i < 10; i += 1) {
        await setLive(false);
        await setLive(true);
      }
      await waitFor(
        async () => ((await app.jobs.queueSizes())['push.topic'] === 0 ? true : null),
        'the Starts to be handled',
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(receiver.arrivedFor(browser)).toHaveLength(1);
      // Six hours later (the claim made older), a Start tells everyone again.
      await app.db
        .update(pushOnce)
        .set({ sentAt: new Date(Date.now() - 6 * 60 * 60 * 1000 - 1000) })
        .where(eq(pushOnce.key, `event_live:${row.id}`));
      await setLive(false);
      await setLive(true);
      await arrival(browser, 2);
    });

    it('an event that ended before its push went out tells nobody', async () => {
      const host = await createMember(ctx.app);
      const watcher = await createMember(ctx.app);
      const browser = fresh('late');
      await subscribe(ctx.app, watcher, browser);
      const rows = await ctx.app.db
        .insert(event)
        .values([
          { name: 'Short event', time: new Date(), host: host.user.id },
          { name: 'Long event', time: new Date(), host: host.user.id },
          { name: 'Lapsed event', time: new Date(), host: host.user.id },
        ])
        .returning({ id: event.id, name: event.name });
      const { app } = ctx;
      // Live and over again before the job runs.
      await app.events.transaction(async (tx) => {
        await app.events.publish(tx, 'event.live', { eventId: rows[0].id, live: true });
        await tx.update(event).set({ live: false }).where(eq(event.id, rows[0].id));
      });
      // Still flagged live, but its lease lapsed (the host's process died) and no sweep has run yet:
      // readers see it ended, and so does the push.
      await app.events.transaction(async (tx) => {
        await tx
          .update(event)
          .set({ live: true, liveUntil: new Date(Date.now() - 1000) })
          .where(eq(event.id, rows[2].id));
        await app.events.publish(tx, 'event.live', { eventId: rows[2].id, live: true });
      });
      // A later event that stays live: its push comes after the first was handled (one queue, in order).
      await app.events.transaction(async (tx) => {
        await tx.update(event).set({ live: true }).where(eq(event.id, rows[1].id));
        await app.events.publish(tx, 'event.live', { eventId: rows[1].id, live: true });
      });
      const [push] = await arrival(browser);
      expect(opened(browser, push).title).toBe('Long event is live now');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(receiver.arrivedFor(browser)).toHaveLength(1);
    });

    it('an event going live reaches every subscriber once, past the first fan-out step', async () => {
      const host = await createMember(ctx.app);
      const count = TOPIC_BATCH + 7;
      const keys = fresh('many').keys;
      const run = `${process.pid}-${++names}`;
      const ids = Array.from({ length: count }, (_, i) => `fan_${run}_${i}`.slice(0, 32));
      await ctx.app.db.insert(user).values(ids.map((id) => ({ id, name: id, email: `${id}@example.com` })));
      await ctx.app.db
        .insert(pushSubscription)
        .values(ids.map((id) => ({ userId: id, endpoint: `${receiver.url}/many/${id}`, ...keys })));
      const [row] = await ctx.app.db
        .insert(event)
        .values({ name: 'Annual meeting', time: new Date(), host: host.user.id, live: true })
        .returning({ id: event.id });
      const { app } = ctx;
      await app.events.transaction((tx) =>
        app.events.publish(tx, 'event.live', { eventId: row.id, live: true }),
      );
      const many = () => receiver.received.filter((r) => r.path.startsWith(`/many/fan_${run}_`));
      await waitFor(() => many().length >= count, `${count} pushes`, 60_000);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(new Set(many().map((r) => r.path)).size).toBe(count);
      expect(many()).toHaveLength(count);
    }, 120_000);

    it('matrimony requests name the other member and open the requests tab', async () => {
      const owner = await createMember(ctx.app);
      const asker = await createMember(ctx.app, { name: 'Asha Patel' });
      const browser = fresh('owner');
      await subscribe(ctx.app, owner, browser);
      const { app } = ctx;
      await app.events.transaction((tx) =>
        app.events.publish(tx, 'matrimony.request_received', {
          creator: asker.user.id,
          owner: owner.user.id,
        }),
      );
      const [push] = await arrival(browser);
      expect(opened(browser, push)).toMatchObject({
        kind: 'matrimony_request_received',
        title: 'Asha Patel asked to see your full profile',
        url: '/matrimony?tab=requests',
      });
    });
  },
  { env: ENV },
);

for (const engine of engines()) {
  describe(`notifications across a restart [${engine}]`, () => {
    it('a push enqueued before a restart is delivered after it', async () => {
      const browser = fresh('restart');
      await acrossRestart(engine, ENV, {
        // The first process commits the decision (and its send) but runs no workers, then stops.
        before: async (app) => {
          const member = await createMember(app);
          const admin = await createAdmin(app);
          await subscribe(app, member, browser);
          await applyAndDecide(app, member, admin, 'approve');
          expect((await app.jobs.queueSizes())['push.notify']).toBe(1);
        },
        between: async () => {
          expect(receiver.arrivedFor(browser)).toHaveLength(0);
        },
        after: async () => {
          const [push] = await arrival(browser);
          expect(opened(browser, push).title).toBe('You are now a publisher');
        },
      });
    }, 180_000);
  });
}

describe('push is off without a usable VAPID subject', () => {
  it('hands out no key and answers 503 to a subscription', async () => {
    const database = await openTestDatabase('pglite');
    const config = testConfig();
    const app = await buildApp({ config, database });
    try {
      expect(vapidDetails(config)).toBeNull();
      expect(
        (await app.inject({ method: 'GET', url: '/api/public-config' })).json().vapidPublicKey,
      ).toBeNull();
      const member = await createMember(app);
      const browser = fresh('off');
      const res = await call(app, 'POST', '/api/push/subscriptions', member, {
        endpoint: browser.endpoint,
        keys: browser.keys,
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().type).toBe('general_service_unavailable');
    } finally {
      await app.close();
      await closeTestDatabase(database);
    }
  });
});

describeEachDatabase(
  'push endpoints inside the network, checked again at every send',
  (ctx) => {
    it('a stored endpoint that reaches this machine (parser trick, IP literal, a name resolving to 127.0.0.1) is never connected to', async () => {
      const listener = await countingListener();
      try {
        const member = await createMember(ctx.app);
        const admin = await createAdmin(ctx.app);
        const { keys } = fresh('inside');
        const port = listener.port;
        // Rows as a subscription stored before the strict check (or by hand) would be.
        const rows = await ctx.app.db
          .insert(pushSubscription)
          .values(
            [
              `https://127.0.0.1:${port};.x.com/push`,
              `https://127.0.0.1:${port}'.x.com/push`,
              `https://127.0.0.1:${port}/push`,
              `https://localhost:${port}/push`,
            ].map((endpoint) => ({ userId: member.user.id, endpoint, ...keys })),
          )
          .returning({ id: pushSubscription.id });
        await applyAndDecide(ctx.app, member, admin, 'approve');
        const ids = rows.map((row) => row.id);
        await waitFor(
          async () =>
            (await ctx.app.db.select().from(pushSubscription).where(inArray(pushSubscription.id, ids)))
              .length === 0,
          'the subscriptions to be forgotten',
        );
        expect(listener.connections()).toBe(0);
      } finally {
        await listener.close();
      }
    });
  },
  { env: { CONTACT_EMAIL: 'help@samaj.example' } },
);

describe('push endpoints inside the network are refused by default', () => {
  it('answers 400 naming the endpoint for this machine or a private address, and takes a push service', async () => {
    const database = await openTestDatabase('pglite');
    const app = await buildApp({ config: testConfig({ CONTACT_EMAIL: 'help@samaj.example' }), database });
    try {
      const member = await createMember(app);
      const keys = fresh('keys').keys;
      for (const endpoint of [
        'https://127.0.0.1:8443/push',
        'https://[::1]/push',
        'https://169.254.169.254/x',
      ]) {
        const res = await call(app, 'POST', '/api/push/subscriptions', member, { endpoint, keys });
        expect(res.statusCode, endpoint).toBe(400);
        expect(res.json()).toMatchObject({ type: 'general_argument_invalid', field: 'endpoint' });
      }
      const real = await call(app, 'POST', '/api/push/subscriptions', member, {
        endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def',
        keys,
      });
      expect(real.statusCode).toBe(201);
      await call(app, 'DELETE', `/api/push/subscriptions/${real.json().token}`, member);

      // A name that resolves inside (stored before it did): checked again when sending, never reached.
      const port = new URL(receiver.url).port;
      const [inside] = await app.db
        .insert(pushSubscription)
        .values({ userId: member.user.id, endpoint: `https://localhost:${port}/push/inside`, ...keys })
        .returning({ id: pushSubscription.id });
      const admin = await createAdmin(app);
      await applyAndDecide(app, member, admin, 'approve');
      await waitFor(
        async () =>
          (await app.db.select().from(pushSubscription).where(eq(pushSubscription.id, inside.id))).length ===
          0,
        'the subscription to be forgotten',
      );
      expect(receiver.received.filter((r) => r.path === '/push/inside')).toHaveLength(0);
    } finally {
      await app.close();
      await closeTestDatabase(database);
    }
  });
});

describe.skipIf(!TEST_DATABASE_URL)('"event is live" across two processes [postgres]', () => {
  it('Starts through two server processes on one database send one fan-out', async () => {
    const database = await openTestDatabase('postgres');
    const second = await openSecondConnection(database);
    const a = await buildApp({ config: testConfig(ENV), database });
    const b = await buildApp({ config: testConfig(ENV), database: second });
    try {
      const host = await createMember(a);
      const watcher = await createMember(a);
      const browser = fresh('two-processes');
      await subscribe(a, watcher, browser);
      const [row] = await a.db
        .insert(event)
        .values({ name: 'Two processes', time: new Date(), host: host.user.id })
        .returning({ id: event.id });
      const setLive = (app: FastifyInstance, live: boolean) =>
        app.events.transaction(async (tx) => {
          await tx.update(event).set({ live }).where(eq(event.id, row.id));
          await app.events.publish(tx, 'event.live', { eventId: row.id, live });
        });
      // Both processes run workers for the same queue: each Start may be handled by either.
      for (let i = 0; i < 6; i += 1) {
        const app = i % 2 ? b : a;
        await setLive(app, false);
        await setLive(app, true);
      }
      await arrival(browser);
      await waitFor(
        async () => ((await a.jobs.queueSizes())['push.topic'] === 0 ? true : null),
        'the Starts to be handled',
      );
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(receiver.arrivedFor(browser)).toHaveLength(1);
    } finally {
      await a.close();
      await b.close();
      await second.close();
      await closeTestDatabase(database);
    }
  }, 120_000);
});
