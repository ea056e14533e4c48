import { count, eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

/** A counter of the rows whose `column` holds `value` (the console's waiting counts). */
export function countWhere(column: PgColumn, value: string) {
  return async (db: Executor): Promise<number> => {
    const [row] = await db.select({ n: count() }).from(column.table).where(eq(column, value));
    return Number(row.n);
  };
}
