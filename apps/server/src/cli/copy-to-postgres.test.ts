import { eq } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { afterAll, describe, expect, test } from 'vitest';
import {
  closeTestApp,
  closeTestDatabase,
  createTestApp,
  openTestDatabase,
  TEST_DATABASE_URL,
  testConfig,
} from '../../test/harness.ts';
import { createMember } from '../../test/members.ts';
import { buildApp } from '../app.ts';
import type { OpenDatabase } from '../db/client.ts';
import { post as postTable } from '../db/schema/index.ts';
import { copyDatabase, tablesInDependencyOrder } from './copy-to-postgres.ts';

test('tables are ordered parents first', () => {
  const names = tablesInDependencyOrder().map((t) => getTableConfig(t).name);
  expect(names.indexOf('user')).toBeLessThan(names.indexOf('session'));
  expect(names.indexOf('surname')).toBeLessThan(names.indexOf('user'));
  expect(names.indexOf('post')).toBeLessThan(names.indexOf('comment'));
});

describe.skipIf(!TEST_DATABASE_URL)('copy-to-postgres', () => {
  const opened: OpenDatabase[] = [];
  afterAll(async () => {
    for (const database of opened) await closeTestDatabase(database);
  });

  test('a member, their session and their post move from PGlite to PostgreSQL intact', async () => {
    const source = await createTestApp('pglite');
    const member = await createMember(source.app);
    const post = await source.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: { cookie: member.cookie },
      payload: { description: 'Moved with the community' },
    });
    expect(post.statusCode).toBe(201);
    // Liked and commented: the counters must arrive exact, not counted twice by the target's trigger.
    const postId = post.json().id as string;
    await source.app.db.update(postTable).set({ status: 'approved' }).where(eq(postTable.id, postId));
    const headers = { cookie: member.cookie };
    expect(
      (await source.app.inject({ method: 'POST', url: `/api/posts/${postId}/like`, headers })).statusCode,
    ).toBe(200);
    const said = await source.app.inject({
      method: 'POST',
      url: `/api/posts/${postId}/comments`,
      headers,
      payload: { comment: 'Welcome' },
    });
    expect(said.statusCode, said.body).toBe(201);

    const target = await openTestDatabase('postgres');
    opened.push(target);
    const copied = await copyDatabase(source.database.db, target.db);
    expect(copied.get('user')).toBe(1);
    expect(copied.get('post')).toBe(1);
    await closeTestApp(source);

    // The same cookie still works against the new database: sessions and the signing key came along.
    const app = await buildApp({ config: testConfig(), database: target });
    const me = await app.inject({ method: 'GET', url: '/api/account', headers: { cookie: member.cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(member.user.id);
    const feed = await app.inject({ method: 'GET', url: '/api/posts', headers: { cookie: member.cookie } });
    expect(feed.json().documents[0]).toMatchObject({
      description: 'Moved with the community',
      likeCount: 1,
      commentCount: 1,
    });

    // A second copy into the now-filled database is refused, and nothing changes.
    await expect(copyDatabase(target.db, target.db)).rejects.toThrow(/already has rows/);
    await app.close();
  });
});
