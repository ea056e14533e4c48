// The live flag beyond signalling: PUT /api/events/:id/live is rate-limited; event
// edits and deletions are domain events published in their transaction; and `live`
// holds a lease, so an event does not stay live after the process holding its host died — the
// real thing, a server process killed with -9 beside another on PostgreSQL
// (docs/product/live-video.md, "The live flag").
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { type EventView, uniqueId } from '@samaj/core';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../../test/api.ts';
import { describeEachDatabase, TEST_DATABASE_URL, tempDir, testConfig } from '../../../test/harness.ts';
import { createAdmin, createMember, createMembers, type TestMember } from '../../../test/members.ts';
import { listening, openSocket } from '../../../test/sockets.ts';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/client.ts';
import { event } from '../../db/schema/index.ts';
import { WRITE_LIMITS } from '../../platform/rate-limit.ts';
import type { RealtimeMessage } from '../../platform/realtime/index.ts';
import { LIVE_LEASE_MS, LIVE_LEASE_RENEW_MS } from './queries.ts';

const isOpen = (m: Record<string, unknown>) => m.type === 'OPEN';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The stored row, as no reader sees it: the flag and its lease. */
async function stored(app: FastifyInstance, id: string) {
  const [row] = await app.db
    .select({ live: event.live, liveUntil: event.liveUntil, liveEndedAt: event.liveEndedAt })
    .from(event)
    .where(eq(event.id, id));
  return row;
}

/** Moves the lease's end to `ms` from now (by the database's clock): a lease about to lapse. */
async function leaseEndsIn(app: FastifyInstance, id: string, ms: number) {
  await app.db
    .update(event)
    .set({ liveUntil: sql`now() + ${`${ms} milliseconds`}::interval` })
    .where(eq(event.id, id));
}

async function liveAsSeen(app: FastifyInstance, id: string, who: TestMember): Promise<boolean> {
  const res = await call(app, 'GET', `/api/events/${id}`, who);
  return (res.json() as EventView).live;
}

async function newEvent(app: FastifyInstance, host: string): Promise<string> {
  const id = uniqueId();
  await app.db.insert(event).values({ id, name: 'Garba night', time: new Date(), host, liveStream: true });
  return id;
}

function call(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  who: TestMember,
  payload?: unknown,
) {
  const options: InjectOptions = { method, url, headers: { cookie: who.cookie } };
  if (payload !== undefined) options.payload = payload as InjectOptions['payload'];
  return app.inject(options);
}

describeEachDatabase('the live flag', (ctx) => {
  let host: TestMember;
  let other: TestMember;

  beforeAll(async () => {
    [host, other] = await createMembers(ctx.app, 2);
  }, 90_000);

  it('toggling live quickly is refused with 429 and Retry-After; another host is not affected', async () => {
    const id = await newEvent(ctx.app, host.user.id);
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof call>> | undefined;
    for (let i = 0; i < 20; i++) {
      const res = await call(ctx.app, 'PUT', `/api/events/${id}/live`, host, { live: i % 2 === 0 });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) limited ??= res;
    }
    expect(statuses.slice(0, WRITE_LIMITS.live.max)).toEqual(Array(WRITE_LIMITS.live.max).fill(200));
    expect(statuses.slice(WRITE_LIMITS.live.max)).toEqual(Array(20 - WRITE_LIMITS.live.max).fill(429));
    if (!limited) throw new Error('never limited');
    expectError(limited, 429, 'general_rate_limit_exceeded');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    const theirs = await newEvent(ctx.app, other.user.id);
    expect((await call(ctx.app, 'PUT', `/api/events/${theirs}/live`, other, { live: true })).statusCode).toBe(
      200,
    );
  });

  it('an event whose lease lapsed (its process died) reads as not live at once; a process clears it and tells its screens', async () => {
    // A host of its own: the rate-limit test used up the first one's Start and END.
    const host = await createMember(ctx.app);
    const id = await newEvent(ctx.app, host.user.id);
    expect((await call(ctx.app, 'PUT', `/api/events/${id}/live`, host, { live: true })).json().live).toBe(
      true,
    );
    const leased = await stored(ctx.app, id);
    expect(leased?.liveUntil?.getTime()).toBeGreaterThan(Date.now() + LIVE_LEASE_MS - 5000);
    const heard: RealtimeMessage[] = [];
    const stop = ctx.app.realtime.subscribe(`event.${id.toLowerCase()}`, (m) => {
      heard.push(m);
    });
    try {
      // No process holds its host's socket: nobody renews it. Let it lapse.
      await leaseEndsIn(ctx.app, id, -1);
      expect(await liveAsSeen(ctx.app, id, other)).toBe(false);
      const list = await call(ctx.app, 'GET', '/api/events', other);
      expect(list.json().documents.find((e: EventView) => e.id === id).live).toBe(false);
      // The sweep clears the flag, stamps the end and tells open screens.
      await expect
        .poll(async () => (await stored(ctx.app, id))?.live, { timeout: LIVE_LEASE_RENEW_MS + 5000 })
        .toBe(false);
      expect((await stored(ctx.app, id))?.liveEndedAt).not.toBeNull();
      await expect.poll(() => heard).toContainEqual({ id });
      // Start again: a fresh lease, live for everyone.
      expect((await call(ctx.app, 'PUT', `/api/events/${id}/live`, host, { live: true })).json().live).toBe(
        true,
      );
      expect(await liveAsSeen(ctx.app, id, other)).toBe(true);
    } finally {
      stop();
    }
  });

  it("the process holding the host's signalling socket renews the lease; a graceful stop ends the stream", async () => {
    const host = await createMember(ctx.app);
    const id = await newEvent(ctx.app, host.user.id);
    const serving = await buildApp({ config: testConfig(), database: ctx.database });
    try {
      const origin = await listening(serving);
      const socket = openSocket(origin, `/peerjs/peerjs?key=peerjs&id=${id}&token=t1`, host.cookie);
      await socket.next(isOpen);
      expect((await call(ctx.app, 'PUT', `/api/events/${id}/live`, host, { live: true })).statusCode).toBe(
        200,
      );
      // A lease ending sooner than a renewal is due: renewed, it ends a whole lease from then.
      await leaseEndsIn(ctx.app, id, LIVE_LEASE_RENEW_MS + 3000);
      await sleep(LIVE_LEASE_RENEW_MS + 1000);
      expect(await liveAsSeen(ctx.app, id, other)).toBe(true);
      expect((await stored(ctx.app, id))?.liveUntil?.getTime()).toBeGreaterThan(
        Date.now() + LIVE_LEASE_MS / 2,
      );
      await serving.close();
      expect(await stored(ctx.app, id)).toMatchObject({ live: false, liveUntil: null });
    } finally {
      await serving.close();
    }
  });

  it('an edit and a deletion are domain events published in their transaction; open screens still hear of them', async () => {
    const id = await newEvent(ctx.app, host.user.id);
    const published: Array<{ eventId: string; change: string; inTransaction: boolean }> = [];
    ctx.app.events.onTransaction('event.changed', (payload, tx) => {
      published.push({ ...payload, inTransaction: tx !== ctx.app.db });
    });
    const heard: RealtimeMessage[] = [];
    const stop = ctx.app.realtime.subscribe(`event.${id.toLowerCase()}`, (m) => {
      heard.push(m);
    });
    try {
      const staff = await createAdmin(ctx.app);
      const edit = await call(ctx.app, 'PUT', `/api/events/${id}`, staff, {
        name: 'Garba night, edited',
        description: '',
        time: '2026-12-01T18:30:00.000Z',
        location: 'Bhuj',
        liveStream: true,
        host: host.user.id,
      });
      expect(edit.statusCode, edit.body).toBe(200);
      expect((await call(ctx.app, 'DELETE', `/api/events/${id}`, staff)).statusCode).toBe(204);
      expect(published).toEqual([
        { eventId: id, change: 'updated', inTransaction: true },
        { eventId: id, change: 'deleted', inTransaction: true },
      ]);
      await expect.poll(() => heard.length).toBe(2);
      expect(heard).toEqual([{ id }, { id }]);
    } finally {
      stop();
    }
  });
});

/** A free loopback port for a server process. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

describe.runIf(TEST_DATABASE_URL)('the live flag across processes (PostgreSQL)', () => {
  it('a server process killed (-9) while holding the host leaves the event live only until its lease lapses; another process clears it', async () => {
    const root = fileURLToPath(new URL('../../../../..', import.meta.url));
    const name = `samaj_live_${crypto.randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(TEST_DATABASE_URL as string);
    url.pathname = `/${name}`;
    const port = await freePort();
    let child: ChildProcess | undefined;
    let other: FastifyInstance | undefined;
    const database = { close: async () => {} };
    try {
      // The first process: the server as an operator runs it (it migrates the database).
      child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        cwd: root,
        env: {
          ...process.env,
          LOG_LEVEL: 'warn',
          TEST_DATABASE_URL: '',
          DATABASE_URL: url.toString(),
          DATA_DIR: tempDir(),
          PORT: String(port),
          HOST: '127.0.0.1',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout?.on('data', (d) => {
        output += d;
      });
      child.stderr?.on('data', (d) => {
        output += d;
      });
      const exited = new Promise((resolve) => child?.on('exit', resolve));
      await expect.poll(() => output, { timeout: 90_000, interval: 250 }).toContain('Samaj is running at');

      // The second process, on the same database.
      const opened = await openDatabase({ databaseUrl: url.toString() });
      database.close = () => opened.close();
      other = await buildApp({ config: testConfig(), database: opened });
      const b = other;
      const host = await createMember(b);
      const viewer = await createMember(b);
      const id = await newEvent(b, host.user.id);
      const socket = openSocket(
        `http://127.0.0.1:${port}`,
        `/peerjs/peerjs?key=peerjs&id=${id}&token=t1`,
        host.cookie,
      );
      await socket.next(isOpen);
      expect((await call(b, 'PUT', `/api/events/${id}/live`, host, { live: true })).json().live).toBe(true);

      // While the first process holds the host, it renews the lease and the other clears nothing.
      await leaseEndsIn(b, id, LIVE_LEASE_RENEW_MS + 3000);
      await sleep(LIVE_LEASE_RENEW_MS + 1000);
      expect(await liveAsSeen(b, id, viewer)).toBe(true);
      expect((await stored(b, id))?.liveUntil?.getTime()).toBeGreaterThan(Date.now() + LIVE_LEASE_MS / 2);

      const heard: RealtimeMessage[] = [];
      const stop = b.realtime.subscribe(`event.${id.toLowerCase()}`, (m) => {
        heard.push(m);
      });
      try {
        child.kill('SIGKILL');
        await exited;
        const killed = Date.now();
        // Nobody renews now: the other process reads it not live once the lease lapsed, clears it
        // and tells its screens.
        await expect
          .poll(() => liveAsSeen(b, id, viewer), { timeout: LIVE_LEASE_MS + 5000, interval: 250 })
          .toBe(false);
        expect(Date.now() - killed).toBeLessThan(LIVE_LEASE_MS + 3000);
        await expect
          .poll(async () => (await stored(b, id))?.live, { timeout: LIVE_LEASE_RENEW_MS + 5000 })
          .toBe(false);
        await expect.poll(() => heard).toContainEqual({ id });
      } finally {
        stop();
        socket.ws.terminate();
      }
    } finally {
      child?.kill('SIGKILL');
      await other?.close();
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 240_000);
});
