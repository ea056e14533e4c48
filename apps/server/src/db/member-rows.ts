// A feature's part of a member's data (registry `addMemberData`) when that part is simply the
// member's rows of one table and those rows hold no stored files: the export lists the rows,
// account deletion deletes them.
import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor, Transaction } from './client.ts';

/** Export and erase for the rows of `table` whose `member` column names the member. */
export function memberRows(table: PgTable, member: PgColumn) {
  return {
    export: (db: Executor, memberId: string): Promise<unknown> =>
      db.select().from(table).where(eq(member, memberId)),
    erase: async (tx: Transaction, memberId: string): Promise<string[]> => {
      await tx.delete(table).where(eq(member, memberId));
      return [];
    },
  };
}
