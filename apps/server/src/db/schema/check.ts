// Check constraints built from the vocabularies in @samaj/core (or the schema's own lists), so a
// rule has one home: adding a status there changes the constraint in the next generated migration.
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * `('a', 'b')` as literal SQL. drizzle-kit writes check constraints as text, so the values are
 * inlined (never bound parameters); they are our own constants, quoted anyway.
 */
export function sqlList(values: readonly string[]): SQL {
  return sql.raw(`(${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ')})`);
}

/** `column in ('a', 'b')`. */
export function oneOf(column: PgColumn, values: readonly string[]): SQL {
  return sql`${column} in ${sqlList(values)}`;
}
