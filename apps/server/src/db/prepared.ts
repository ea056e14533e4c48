// A statement the server runs on most requests, planned once per connection instead of every time.
// PostgreSQL spends more on planning the feed's one statement (~0.6 ms) than on running it (~0.2 ms,
// EXPLAIN ANALYZE at 10k posts); a named prepared statement lets it reuse the plan, and on a machine
// whose cores the database shares with the server that time is the server's too.
//
// PGlite keeps every statement parsed (db/pglite-statements.ts) but PostgreSQL still plans these for
// each run's values: its estimate for a plan made for any values stays above its estimate for the
// values at hand, though both plans are the same index walks. Here the plan is made once
// (plan_cache_mode = force_generic_plan for the run). So only for statements whose plan is checked not
// to depend on the values — page sizes written into the text, not passed (features/posts/queries.ts).
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';
import { statementsOf } from './pglite-statements.ts';

const dialect = new PgDialect();

/** Each is prepared on every pooled connection: a few shapes of a few statements, never per value. */
const MAX_STATEMENTS = 64;

/** node-postgres refuses one name for two texts, so the name is the text's own (variants differ). */
const names = new Map<string, string>();
function nameOf(label: string, text: string): string | undefined {
  let name = names.get(text);
  if (!name && names.size < MAX_STATEMENTS) {
    name = `${label}_${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * `db.execute(query)` as a named prepared statement; `label` says whose it is in pg_prepared_statements.
 * Only for reads whose text has a handful of shapes (values are always parameters here).
 */
export async function executePrepared(db: Executor, label: string, query: SQL): Promise<unknown> {
  const built = dialect.sqlToQuery(query);
  const name = nameOf(label, built.sql);
  // The database itself, not a transaction (whose statements go through its own connection).
  const statements = statementsOf((db._.session as unknown as { client: unknown }).client);
  if (name && statements) return statements.query(built.sql, built.params, AS_DRIZZLE_READS, true);
  return db._.session.prepareQuery(built, undefined, name, false).execute();
}

// Rows as drizzle's PGlite driver reads them for `execute`: dates and intervals stay text.
const TEXT_AS_IS = (value: string) => value;
const AS_DRIZZLE_READS = {
  rowMode: 'object' as const,
  parsers: Object.fromEntries(
    [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182].map((oid) => [oid, TEXT_AS_IS]),
  ),
};
