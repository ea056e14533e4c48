// The embedded database's statement cache answers as PGlite's own `query` does — rows, types, errors,
// transactions — while parsing each text once.
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { statementsOf, withStatements } from './pglite-statements.ts';
import { executePrepared } from './prepared.ts';

let client: PGlite;
let cached: PGlite;

beforeEach(async () => {
  client = await PGlite.create();
  await client.exec(`create table note (id text primary key, body text not null, at timestamptz not null default now(),
    n integer, tags text[], meta jsonb)`);
  cached = withStatements(client, 5);
});
afterEach(async () => {
  await client.close();
});

const prepared = async () =>
  (await client.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map(
    (row) => row.name,
  );

test('answers with the same rows, fields and types as PGlite, parsing each text once', async () => {
  const insert = 'insert into note (id, body, n, tags, meta) values ($1, $2, $3, $4, $5)';
  for (const [id, n] of [
    ['a', 1],
    ['b', 2],
  ] as const) {
    await cached.query(insert, [id, `note ${id}`, n, ['x', 'y'], { k: id }]);
  }
  const text = 'select id, body, n, tags, meta, at from note where n >= $1 order by id';
  for (const options of [undefined, { rowMode: 'array' as const }, { parsers: { 1184: (v: string) => v } }]) {
    const mine = await cached.query(text, [1], options);
    const theirs = await client.query(text, [1], options);
    expect(mine.rows).toEqual(theirs.rows);
    expect(mine.fields).toEqual(theirs.fields);
  }
  const rows = (await cached.query<{ tags: string[]; meta: unknown; n: number }>(text, [2])).rows;
  expect(rows).toEqual([expect.objectContaining({ id: 'b', n: 2, tags: ['x', 'y'], meta: { k: 'b' } })]);
  expect(typeof (rows[0] as unknown as { at: unknown }).at).toBe('object');
  // The insert and the select, each parsed once whatever the values and options.
  expect(await prepared()).toHaveLength(2);
  expect((await cached.query('update note set n = n + 1', [])).affectedRows).toBe(2);
});

test('a failing statement reports as PGlite does, and the next one runs', async () => {
  await cached.query('insert into note (id, body) values ($1, $2)', ['a', 'first']);
  const duplicate = cached.query('insert into note (id, body) values ($1, $2)', ['a', 'again']);
  await expect(duplicate).rejects.toMatchObject({ code: '23505', query: expect.stringContaining('insert') });
  await expect(cached.query('select nope from note', [])).rejects.toMatchObject({ code: '42703' });
  expect((await cached.query('select body from note', [])).rows).toEqual([{ body: 'first' }]);
});

test('keeps only so many statements, closing the least recently used', async () => {
  for (let i = 0; i < 12; i++) await cached.query(`select ${i} as n, $1::text as t`, ['x']);
  await cached.query('select 1', []);
  expect((await prepared()).length).toBeLessThanOrEqual(5);
  // A closed one is parsed again when it comes back.
  expect((await cached.query('select 0 as n, $1::text as t', ['y'])).rows).toEqual([{ n: 0, t: 'y' }]);
});

test('a statement gone from the session, or whose columns changed, is parsed again', async () => {
  await cached.query('insert into note (id, body) values ($1, $2)', ['a', 'one']);
  const text = 'select * from note where id = $1';
  await cached.query(text, ['a']);
  await client.exec('deallocate all');
  expect((await cached.query<{ body: string }>(text, ['a'])).rows[0].body).toBe('one');
  await client.exec('alter table note add column extra text');
  expect(Object.keys((await cached.query(text, ['a'])).rows[0] as object)).toContain('extra');
});

test("never runs inside another caller's transaction: waits for it, and sees nothing it rolled back", async () => {
  const db = drizzle(cached);
  let insideDone: () => void = () => {};
  const inside = new Promise<void>((resolve) => {
    insideDone = resolve;
  });
  let read: Promise<unknown> | undefined;
  let readFinished = false;
  const transaction = db
    .transaction(async (tx) => {
      await tx.execute(sql`insert into note (id, body) values ('t', 'uncommitted')`);
      read = cached.query('select count(*)::int as n from note', []).then((result) => {
        readFinished = true;
        return result.rows;
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(readFinished).toBe(false);
      insideDone();
      tx.rollback();
    })
    .catch(() => {});
  await inside;
  await transaction;
  expect(await read).toEqual([{ n: 0 }]);
});

test('a statement planned once for any values answers as one planned for each', async () => {
  for (let i = 0; i < 20; i++)
    await client.query('insert into note (id, body, n) values ($1, $2, $3)', [`k${i}`, 'b', i]);
  const db = drizzle(cached);
  const page = (after: number) => sql`select id, n from note where n > ${after} order by n limit 3`;
  for (const after of [0, 10, 18]) {
    const mine = (await executePrepared(db as never, 'notes', page(after))) as { rows: unknown[] };
    expect(mine.rows).toEqual((await db.execute(page(after))).rows);
  }
  // The setting it is planned under is the run's only: the session's own is as before.
  expect(
    (await client.query<{ plan_cache_mode: string }>('show plan_cache_mode')).rows[0].plan_cache_mode,
  ).toBe('auto');
  expect(statementsOf(cached)).toBeDefined();
  expect(statementsOf(client)).toBeUndefined();
});
