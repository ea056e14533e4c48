// The surname list is answered from memory (list-cache.ts) and never shows a directory older than the
// last change this process heard of: a staff decision at once, a signup's member count, an operator's
// import, and on PostgreSQL a change made through another process. Every test reads the list first, so
// the answer it checks would come from memory if nothing had dropped it.
import { expect, it } from 'vitest';
import { caller } from '../../../test/api.ts';
import { describeEachDatabase, TEST_DATABASE_URL, withTwoApps } from '../../../test/harness.ts';
import { createAdmin, createMember } from '../../../test/members.ts';
import { realtimeSettled, waitFor } from '../../../test/wait.ts';
import { surname } from '../../db/schema/index.ts';
import { importSurnames } from './import.ts';
import { SurnameListCache } from './list-cache.ts';

interface Listed {
  id: string;
  gam: string;
  kuldevta: string;
  description: string;
  user_count: number;
}

async function listed(app: Parameters<typeof caller>[0]['app'], name: string): Promise<Listed | undefined> {
  const res = await app.inject({ url: '/api/surnames' });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().documents as Listed[]).find((d) => d.id === name);
}

describeEachDatabase('surname list from memory', (ctx) => {
  const call = caller(ctx);

  it('shows an applied submission, and staff edits to it, on the next read', async () => {
    await ctx.app.db.insert(surname).values({ id: 'Cachea', name: 'Cachea', name_guj: 'ક' });
    const member = await createMember(ctx.app, { surname: 'Cachea' });
    const admin = await createAdmin(ctx.app, { surname: 'Cachea' });
    await realtimeSettled(ctx.app);
    expect(await listed(ctx.app, 'Cachea')).toMatchObject({ gam: '', user_count: 2 });

    const proposed = await call('POST', '/api/surnames/Cachea/submissions', member, { gam: 'Unjha' });
    expect(proposed.statusCode, proposed.body).toBe(201);
    // A proposal waiting for review changes nothing in the list.
    expect(await listed(ctx.app, 'Cachea')).toMatchObject({ gam: '' });
    const applied = await call(
      'POST',
      `/api/admin/surname-submissions/${proposed.json().id}/apply`,
      admin,
      {},
    );
    expect(applied.statusCode, applied.body).toBe(200);
    expect(await listed(ctx.app, 'Cachea')).toMatchObject({ gam: 'Unjha' });

    const second = await call('POST', '/api/surnames/Cachea/submissions', member, { kuldevta: 'Amba' });
    await call('POST', `/api/admin/surname-submissions/${second.json().id}/apply`, admin, {
      kuldevta: 'Bahuchar',
      description: '<p>Edited by staff</p>',
    });
    expect(await listed(ctx.app, 'Cachea')).toMatchObject({
      gam: 'Unjha',
      kuldevta: 'Bahuchar',
      description: '<p>Edited by staff</p>',
    });
  });

  it("shows a new member in their surname's count, and an operator's import", async () => {
    await ctx.app.db.insert(surname).values({ id: 'Cacheb', name: 'Cacheb', name_guj: 'ખ' });
    await realtimeSettled(ctx.app);
    expect(await listed(ctx.app, 'Cacheb')).toMatchObject({ user_count: 0 });
    await createMember(ctx.app, { surname: 'Cacheb' });
    // The count is written by the accounts feature: the database's notice is what reaches the list.
    await realtimeSettled(ctx.app);
    expect(await listed(ctx.app, 'Cacheb')).toMatchObject({ user_count: 1 });

    await importSurnames(ctx.app.db, [{ line: 1, raw: { name: 'Cacheb', name_guj: 'ખ', gam: 'Vadnagar' } }]);
    await realtimeSettled(ctx.app);
    expect(await listed(ctx.app, 'Cacheb')).toMatchObject({ gam: 'Vadnagar', user_count: 1 });
  });

  it('keeps one answer per page and limit, and answers a kept page with 304 to a client holding it', async () => {
    await ctx.app.db.insert(surname).values({ id: 'Cached', name: 'Cached', name_guj: 'ઘ' });
    await realtimeSettled(ctx.app);
    const whole = await ctx.app.inject({ url: '/api/surnames' });
    expect(whole.json().documents.length).toBeGreaterThan(2);
    const few = await ctx.app.inject({ url: '/api/surnames?limit=2' });
    expect(few.json().documents).toHaveLength(2);
    expect(few.headers.etag).not.toBe(whole.headers.etag);
    const next = await ctx.app.inject({ url: `/api/surnames?limit=2&cursor=${few.json().nextCursor}` });
    expect(next.json().documents[0].id).not.toBe(few.json().documents[0].id);
    const again = await ctx.app.inject({
      url: '/api/surnames?limit=2',
      headers: { 'if-none-match': few.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });
});

it('drops an answer read before a change that finished after the read started', () => {
  const cache = new SurnameListCache();
  const key = SurnameListCache.keyOf(undefined, 100);
  const mark = cache.mark();
  cache.clear(); // the change's notice arrives while the read is under way
  cache.store(mark, key, { body: '[]', etag: 'W/"old"' });
  expect(cache.get(key)).toBeUndefined();
  cache.store(cache.mark(), key, { body: '[]', etag: 'W/"new"' });
  expect(cache.get(key)?.etag).toBe('W/"new"');
});

it('keeps a bounded number of pages, whatever cursors visitors send', () => {
  const cache = new SurnameListCache();
  for (let i = 0; i < 1000; i++)
    cache.store(cache.mark(), SurnameListCache.keyOf(`c${i}`, 100), { body: '', etag: '' });
  expect(cache.size).toBeLessThanOrEqual(64);
  expect(cache.get(SurnameListCache.keyOf('c999', 100))).toBeDefined();
});

it.skipIf(!TEST_DATABASE_URL)(
  'two processes on one PostgreSQL: a change applied on one shows on the other',
  async () => {
    await withTwoApps(async (a, b) => {
      await a.db.insert(surname).values({ id: 'Cachec', name: 'Cachec', name_guj: 'ગ' });
      const member = await createMember(a, { surname: 'Cachec' });
      const admin = await createAdmin(a, { surname: 'Cachec' });
      await realtimeSettled(b);
      // b keeps the list as it was.
      expect(await listed(b, 'Cachec')).toMatchObject({ gam: '', user_count: 2 });
      expect(await listed(b, 'Cachec')).toMatchObject({ gam: '' });

      const proposed = await a.inject({
        method: 'POST',
        url: '/api/surnames/Cachec/submissions',
        headers: { cookie: member.cookie },
        payload: { gam: 'Sidhpur' },
      });
      const applied = await a.inject({
        method: 'POST',
        url: `/api/admin/surname-submissions/${proposed.json().id}/apply`,
        headers: { cookie: admin.cookie },
        payload: {},
      });
      expect(applied.statusCode, applied.body).toBe(200);
      // The notice travels through PostgreSQL: milliseconds, not the cache's lifetime.
      await waitFor(
        async () => (await listed(b, 'Cachec'))?.gam === 'Sidhpur',
        'the change on the other process',
        5_000,
        10,
      );

      // And a new member signed up on b counts on a.
      await listed(a, 'Cachec');
      await createMember(b, { surname: 'Cachec' });
      await waitFor(
        async () => (await listed(a, 'Cachec'))?.user_count === 3,
        'the count on the other process',
        5_000,
        10,
      );
    });
  },
);
