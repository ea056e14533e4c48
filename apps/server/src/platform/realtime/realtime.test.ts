// Realtime on both engines: in-process with PGlite; LISTEN/NOTIFY across two app processes
// (two apps on one PostgreSQL schema) with reconnection.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase, TEST_DATABASE_URL, withTwoApps } from '../../../test/harness.ts';
import { sleep, waitFor } from '../../../test/wait.ts';
import { MAX_PAYLOAD_BYTES, type PostgresRealtime, type RealtimeMessage } from './index.ts';

describeEachDatabase('realtime', (ctx) => {
  it('delivers a message to the subscribers of its channel only, until they unsubscribe', async () => {
    const { realtime } = ctx.app;
    const posts: RealtimeMessage[] = [];
    const other: RealtimeMessage[] = [];
    const stop = realtime.subscribe('posts', (m) => {
      posts.push(m);
    });
    realtime.subscribe('comments', (m) => {
      other.push(m);
    });
    await realtime.publish('posts', { postId: 'p1', status: 'approved' });
    await waitFor(() => posts.length === 1, 'the message');
    expect(posts).toEqual([{ postId: 'p1', status: 'approved' }]);
    expect(other).toEqual([]);

    stop();
    await realtime.publish('posts', { postId: 'p2' });
    await sleep(300);
    expect(posts).toHaveLength(1);
  });

  it("a subscriber's failure reaches neither the publisher nor the other subscribers", async () => {
    const { realtime } = ctx.app;
    const seen: RealtimeMessage[] = [];
    const a = realtime.subscribe('likes', () => {
      throw new Error('broken subscriber');
    });
    const b = realtime.subscribe('likes', async () => {
      throw new Error('broken async subscriber');
    });
    const c = realtime.subscribe('likes', (m) => {
      seen.push(m);
    });
    await realtime.publish('likes', { postId: 'p3' });
    await waitFor(() => seen.length === 1, 'the healthy subscriber');
    for (const stop of [a, b, c]) stop();
  });

  it('refuses a message too big for a notification, with a clear error', async () => {
    const { realtime } = ctx.app;
    const ids = Array.from({ length: 400 }, (_, i) => `id-${i}`.padEnd(20, 'x'));
    await expect(realtime.publish('posts', { ids })).rejects.toThrow(
      new RegExp(`at most ${MAX_PAYLOAD_BYTES} fit in a notification. Send ids`),
    );
    await expect(realtime.publish('Bad Channel', { id: 'x' })).rejects.toThrow(/invalid channel/);
  });

  it("tells the author's own channel (the post's id) when staff approve a post", async () => {
    const { app } = ctx;
    const seen: RealtimeMessage[] = [];
    const stop = app.realtime.subscribe('member.someone', (m) => {
      seen.push(m);
    });
    await app.events.transaction((tx) =>
      app.events.publish(tx, 'post.approved', {
        postId: 'post-1',
        creator: 'someone',
        audit: { actor: 'cli', action: 'post.approve', entity: 'post', entityId: 'post-1' },
      }),
    );
    // Beside the bell's own notice ({ id: 'inbox' }), which the inbox tests follow.
    const approvals = () => seen.filter((m) => m.id !== 'inbox');
    await waitFor(() => approvals().length === 1, 'the approval');
    expect(approvals()).toEqual([{ id: 'post-1' }]);
    stop();
  });
});

describe.skipIf(!TEST_DATABASE_URL)('realtime across processes [postgres]', () => {
  it('a publish through one app reaches a subscriber on another; reconnects; close leaves no connection', async () => {
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await withTwoApps(async (a, b, closeApps) => {
      const name = (b.realtime as PostgresRealtime).applicationName;
      // Other test files' apps listen on databases of their own under the same name at the same time.
      const raw = b.database.raw;
      const database = raw.engine === 'postgres' ? new URL(raw.databaseUrl).pathname.slice(1) : '';
      const listeners = async () =>
        (
          await admin.query<{ n: number }>(
            'select count(*)::int as n from pg_stat_activity where application_name = $1 and datname = $2',
            [name, database],
          )
        ).rows[0].n;
      expect(await listeners()).toBe(2);

      const seen: RealtimeMessage[] = [];
      let reconnects = 0;
      const stop = b.realtime.subscribe(
        'posts',
        (m) => {
          seen.push(m);
        },
        {
          onReconnect: () => {
            reconnects += 1;
          },
        },
      );
      await a.realtime.publish('posts', { postId: 'from-a' });
      await waitFor(() => seen.length === 1, 'the message on B');
      expect(seen).toEqual([{ postId: 'from-a' }]);

      // The database drops the listening connections (a restart, a failover): they come back,
      // subscribers are told to refetch, and messages flow again.
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = $2',
        // Only this test's database: other files' apps listen under the same name at the same time.
        [name, database],
      );
      await waitFor(() => reconnects === 1, 'the reconnect hook');
      await waitFor(async () => (await listeners()) === 2, 'both listeners back');
      await a.realtime.publish('posts', { postId: 'after-reconnect' });
      await waitFor(() => seen.length === 2, 'a message after reconnecting');
      expect(seen[1]).toEqual({ postId: 'after-reconnect' });

      stop();
      await a.realtime.publish('posts', { postId: 'unheard' });
      await sleep(300);
      expect(seen).toHaveLength(2);

      await closeApps();
      await waitFor(async () => (await listeners()) === 0, 'no listening connection left');
    }).finally(() => admin.end());
  });
});
