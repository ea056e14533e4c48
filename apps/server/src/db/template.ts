// A first start's slowest step is PGlite's initdb: 3 to 5 s on a 2-core machine, most of the cold start,
// and it leaves the process's WebAssembly memory three times the size serving needs. The server build
// runs initdb and the migrations once and keeps the cleanly closed data directory beside main.js; a
// first start copies it (plain files, a fraction of a second, no memory) and opens it like any later
// start. Nothing in it belongs to an installation: the cookie-signing key, the VAPID keys, the seed and
// every row are made at start, so two servers built alike share nothing secret.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase } from './client.ts';
import { migrateDatabase } from './migrate.ts';

/** Written by scripts/build.mjs (through dist/make-template.js), copied by a first start. */
export const TEMPLATE_DIR = fileURLToPath(new URL('../../dist/pglite-template', import.meta.url));

/** PGlite keeps its files in `<dataDir>/pglite` (db/client.ts). */
function pgliteDir(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

export function hasDatabase(dataDir: string): boolean {
  return fs.existsSync(path.join(pgliteDir(dataDir), 'PG_VERSION'));
}

/** initdb and the migrations in a scratch directory, checkpointed, closed and moved to `target`. */
export async function writeTemplate(target: string = TEMPLATE_DIR): Promise<void> {
  const scratch = `${target}.scratch`;
  fs.rmSync(scratch, { recursive: true, force: true });
  const database = await openDatabase({ dataDir: scratch });
  try {
    await migrateDatabase(database);
    await database.db.execute(sql`checkpoint`);
  } finally {
    await database.close();
  }
  fs.rmSync(target, { recursive: true, force: true });
  fs.renameSync(pgliteDir(scratch), target);
  fs.rmSync(scratch, { recursive: true, force: true });
}

/**
 * Lays the template out as `dataDir`'s database when there is none yet. False when there is no
 * template (a development checkout, say): the caller then lets PGlite run initdb.
 */
export function copyTemplate(dataDir: string, template: string = TEMPLATE_DIR): boolean {
  if (hasDatabase(dataDir) || !fs.existsSync(path.join(template, 'PG_VERSION'))) return false;
  const target = pgliteDir(dataDir);
  const partial = `${target}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.cpSync(template, partial, { recursive: true });
  // Whole or not at all: a copy cut short would otherwise be taken for a database at the next start.
  fs.rmSync(target, { recursive: true, force: true });
  fs.renameSync(partial, target);
  return true;
}
