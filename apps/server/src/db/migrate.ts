import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
  if (database.raw.engine !== 'postgres') throw new Error('expected PostgreSQL');
  // Several processes starting at once (systemd's samaj@8080 and samaj@8081 at boot, an upgrade rolled
  // out) would apply the same migrations side by side, and all but one stop on "already exists": they
  // take turns on a session lock of their own, and the later ones find nothing left to do.
  const lock = await database.raw.pool.connect();
  const key = `samaj.migrations.${database.pgSchema ?? 'public'}`;
  const folder = database.pgSchema ? migrationsForSchema(database.pgSchema) : MIGRATIONS_FOLDER;
  try {
    await lock.query('select pg_advisory_lock(hashtext($1))', [key]);
    await migrateNodePg(database.db as unknown as NodePgDatabase, {
      migrationsFolder: folder,
      // With a per-test schema the bookkeeping table lives beside the tables it describes.
      ...(database.pgSchema ? { migrationsSchema: database.pgSchema } : {}),
    });
  } finally {
    await lock.query('select pg_advisory_unlock(hashtext($1))', [key]).catch(() => {});
    lock.release();
    if (folder !== MIGRATIONS_FOLDER) fs.rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * drizzle-kit qualifies foreign-key targets with "public"; a database confined to another schema
 * (tests on PostgreSQL, one schema per test file) gets a copy of the migrations pointing there.
 */
function migrationsForSchema(pgSchema: string): string {
  const target = fs.mkdtempSync(path.join(os.tmpdir(), `samaj-migrations-${pgSchema}-`));
  fs.cpSync(MIGRATIONS_FOLDER, target, { recursive: true });
  for (const name of fs.readdirSync(target)) {
    if (!name.endsWith('.sql')) continue;
    const file = path.join(target, name);
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replaceAll('"public".', `"${pgSchema}".`));
  }
  return target;
}
