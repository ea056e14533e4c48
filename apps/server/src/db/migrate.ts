import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { OpenDatabase } from './client.ts';

/** apps/server/drizzle, found from this file so that the working directory does not matter. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Applies pending drizzle-kit migrations in-process; safe to call on every start. */
export async function migrateDatabase(database: OpenDatabase): Promise<void> {
  if (database.engine === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  await migrateNodePg(database.db as unknown as NodePgDatabase, {
    migrationsFolder: MIGRATIONS_FOLDER,
    // With a per-test schema the bookkeeping table lives beside the tables it describes.
    ...(database.pgSchema ? { migrationsSchema: database.pgSchema } : {}),
  });
}
