// The session cache (session-cache.ts) never answers with a member the database no longer has:
// changes made around the routes (an operator command, another process) reach it through the
// database's own notices, changes made by a route before its answer leaves.

import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/api.ts';
import { describeEachDatabase, TEST_DATABASE_URL, withTwoApps } from '../../../test/harness.ts';
import { createAdmin, createMember } from '../../../test/members.ts';
import { realtimeSettled, waitFor } from '../../../test/wait.ts';
import { runMemberCommand } from '../../cli/members.ts';
import { session, user } from '../../db/schema/index.ts';
import { ENTRY_MS, SessionCache } from './session-cache.ts';

describe('SessionCache', () => {
  it('keeps an entry until its time, at most ENTRY_MS', () => {
    const cache = new SessionCache<string>();
    cache.store(cache.mark(), 't1', 'm1', 'one', 1_000 + 5_000, 1_000);
    cache.store(cache.mark(), 't2', 'm2', 'two', 1_000 + 10 * ENTRY_MS, 1_000);
    expect(cache.get('t1', 5_999)).toBe('one');
    expect(cache.get('t1', 6_000)).toBeUndefined();
    expect(cache.get('t2', 1_000 + ENTRY_MS - 1)).toBe('two');
    expect(cache.get('t2', 1_000 + ENTRY_MS)).toBeUndefined();
  });

  it('forgets every session of a member, and stores nothing read before a forgetting', () => {
    const cache = new SessionCache<string>();
    const now = Date.now();
    cache.store(cache.mark(), 'phone', 'm1', 'a', now + 5_000);
    cache.store(cache.mark(), 'laptop', 'm1', 'b', now + 5_000);
    cache.store(cache.mark(), 'other', 'm2', 'c', now + 5_000);
    const started = cache.mark(); // a lookup reads the database…
    cache.forgetMember('m1'); // …the member changes before it finishes
    cache.store(started, 'late', 'm1', 'stale', now + 5_000);
    expect([cache.get('phone'), cache.get('laptop'), cache.get('late'), cache.get('other')]).toEqual([
      undefined,
      undefined,
      undefined,
      'c',
    ]);
  });
});

describeEachDatabase('session cache', (ctx) => {
  const account = (cookie: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/account', headers: { cookie } });

  it('an operator command that blocks a member ends the session the app had just read', async () => {
    const m = await createMember(ctx.app);
    expect((await account(m.cookie)).statusCode).toBe(200);
    // Straight to the database, as `npm run cli -- block` does on PostgreSQL from its own process.
    await runMemberCommand(ctx.app.db, 'block', [m.user.id]);
    await realtimeSettled(ctx.app);
    expect((await account(m.cookie)).statusCode).toBe(401);
  });

  it('a label given in the database shows in the next answer; a session deleted there ends', async () => {
    const m = await createMember(ctx.app);
    expect((await account(m.cookie)).json().labels).toEqual([]);
    await ctx.app.db
      .update(user)
      .set({ labels: ['Verified'] })
      .where(eq(user.id, m.user.id));
    await realtimeSettled(ctx.app);
    expect((await account(m.cookie)).json().labels).toEqual(['Verified']);
    await ctx.app.db.delete(session).where(eq(session.userId, m.user.id));
    await realtimeSettled(ctx.app);
    expect((await account(m.cookie)).statusCode).toBe(401);
  });

  it("staff approving a publisher takes effect on the member's very next request, before the database's notice", async () => {
    const admin = await createAdmin(ctx.app);
    const m = await createMember(ctx.app);
    const applied = await call(ctx.app, 'POST', '/api/publisher-request', m, {
      occupation: 'Teacher',
      whatsapp: '+91 98765 43210',
      reason: 'I report on events.',
    });
    expect(applied.statusCode).toBe(201);
    await realtimeSettled(ctx.app);
    expect((await call(ctx.app, 'GET', '/api/publisher-request', m)).statusCode).toBe(200); // now in memory
    // PostgreSQL's notice comes on the LISTEN connection: hold it back, as a busy network would.
    const listening = (ctx.app.realtime as unknown as { client?: { connection?: { stream: Readable } } })
      .client;
    const stream = listening?.connection?.stream;
    if (ctx.engine === 'postgres') expect(stream).toBeDefined();
    stream?.pause();
    try {
      const approved = await call(
        ctx.app,
        'POST',
        `/api/admin/publisher-requests/${m.user.id}/approve`,
        admin,
      );
      expect(approved.statusCode).toBe(200);
      const post = await call(ctx.app, 'POST', '/api/posts', m, { description: 'First news' });
      expect(post.json().status).toBe('approved');
    } finally {
      stream?.resume();
    }
  });
});

describe.skipIf(!TEST_DATABASE_URL)('session cache across processes [postgres]', () => {
  it('a member blocked through one server is refused by the other within moments', async () => {
    await withTwoApps(async (a, b) => {
      const m = await createMember(a);
      const onB = () => b.inject({ method: 'GET', url: '/api/account', headers: { cookie: m.cookie } });
      expect((await onB()).statusCode).toBe(200);
      await runMemberCommand(a.db, 'block', [m.user.id]);
      // Well under the cache's ENTRY_MS: B heard the database's notice.
      await waitFor(async () => (await onB()).statusCode === 401, 'B refusing the blocked member', 3_000, 20);
    });
  });
});
