// `npm run cli -- copy-to-postgres <postgres-url>`: the step from one machine to several. Copies every
// table of the embedded database (PGlite in DATA_DIR) into an empty PostgreSQL database, which then
// serves with DATABASE_URL set. Files stay where they are (DATA_DIR/files) unless S3 is configured
// and they are copied there separately.

import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { type Database, openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import * as schema from '../db/schema/index.ts';
import { type Command, CommandError } from '../platform/command.ts';

const BATCH = 500;

/** Every table, parents before children, so foreign keys hold at every insert. */
export function tablesInDependencyOrder(): PgTable[] {
  const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
  const byName = new Map(tables.map((t) => [getTableConfig(t).name, t]));
  const ordered: PgTable[] = [];
  const seen = new Set<string>();
  const visit = (table: PgTable) => {
    const { name, foreignKeys } = getTableConfig(table);
    if (seen.has(name)) return;
    seen.add(name);
    for (const fk of foreignKeys) {
      const parent = getTableConfig(fk.reference().foreignTable).name;
      const parentTable = byName.get(parent);
      if (parentTable && parent !== name) visit(parentTable);
    }
    ordered.push(table);
  };
  for (const table of tables) visit(table);
  return ordered;
}

async function rowCount(db: Database, table: PgTable): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
  return Number(row.n);
}

/**
 * Posts are copied with their like and comment counters at zero: the target's trigger on `comment`
 * (migration 0006) counts each like and comment again as it is copied, so the counters end exact
 * rather than doubled.
 */
function withCountersFromRows(name: string, rows: Record<string, unknown>[]): Record<string, unknown>[] {
  return name === 'post' ? rows.map((row) => ({ ...row, likeCount: 0, commentCount: 0 })) : rows;
}

/** Copies all rows; refuses a target that already holds members or posts. Returns rows per table. */
export async function copyDatabase(source: Database, target: Database): Promise<Map<string, number>> {
  const tables = tablesInDependencyOrder();
  for (const table of tables) {
    const { name } = getTableConfig(table);
    if (name === 'surname' || name === 'auth_secret') continue; // seeded on first start; replaced below
    if ((await rowCount(target, table)) > 0) {
      throw new CommandError(
        `The target database already has rows in "${name}". Copy into an empty database.`,
      );
    }
  }
  const copied = new Map<string, number>();
  await target.transaction(async (tx) => {
    // The target's own seed rows give way to the source's.
    await tx.execute(sql`delete from "auth_secret"`);
    await tx.execute(sql`delete from "surname"`);
    for (const table of tables) {
      const rows = withCountersFromRows(getTableConfig(table).name, await source.select().from(table));
      for (let i = 0; i < rows.length; i += BATCH) {
        await tx.insert(table).values(rows.slice(i, i + BATCH));
      }
      copied.set(getTableConfig(table).name, rows.length);
    }
  });
  return copied;
}

export const copyToPostgresCommand: Command = {
  name: 'copy-to-postgres',
  usage: '<postgres-url>',
  summary: 'Copy the embedded database into an empty PostgreSQL database (stop the server first)',
  async run(args, context) {
    const [url] = args;
    if (!url || !/^postgres(ql)?:\/\//.test(url)) {
      throw new CommandError(
        'Usage: npm run cli -- copy-to-postgres postgres://user:password@host:5432/database',
      );
    }
    if (context.config.databaseUrl) {
      throw new CommandError(
        'DATABASE_URL is set: this server already uses PostgreSQL. Unset it to copy from DATA_DIR.',
      );
    }
    // Takes the DATA_DIR lock: refuses while a server runs, so nothing is written behind the copy.
    const copied = await context.withDatabase(async (source) => {
      const target = await openDatabase({ databaseUrl: url });
      try {
        await migrateDatabase(target);
        return await copyDatabase(source, target.db);
      } finally {
        await target.close();
      }
    });
    const total = [...copied.values()].reduce((a, b) => a + b, 0);
    context.out(`Copied ${total} rows in ${copied.size} tables to ${new URL(url).host}.`);
    for (const [name, n] of copied) if (n > 0) context.out(`  ${name}: ${n}`);
    context.out('Start the server with DATABASE_URL set to that address.');
  },
};
