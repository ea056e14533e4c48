import fs from 'node:fs';
import type { Config } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { acquireLock } from './lock.ts';

/** What an operator command gets: the config, output, and the database (opened on demand). */
export interface CommandContext {
  config: Config;
  out(line: string): void;
  err(line: string): void;
  /**
   * Opens the database for the duration of `fn`. With PGlite this takes the DATA_DIR lock first, so
   * a command refuses (LockError) while a server is running instead of writing where it would be lost.
   */
  withDatabase<T>(fn: (db: Database) => Promise<T>): Promise<T>;
}

/** An operator command run as `npm run cli -- <name> [args]`; listed in src/cli.ts. */
export interface Command {
  name: string;
  /** Arguments, e.g. `<file.json|file.csv>`. */
  usage: string;
  summary: string;
  /** Returns the exit code (0 when omitted). Throw CommandError for a one-line failure. */
  run(args: string[], context: CommandContext): Promise<number | undefined> | Promise<void>;
}

/** A failure told to the operator in one line; the CLI exits 1. */
export class CommandError extends Error {
  override name = 'CommandError';
}

export async function withDatabase<T>(config: Config, fn: (db: Database) => Promise<T>): Promise<T> {
  const pglite = !config.databaseUrl;
  if (pglite) fs.mkdirSync(config.dataDir, { recursive: true });
  const lock = pglite ? acquireLock(config.dataDir, 'command') : undefined;
  try {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      await migrateDatabase(database);
      return await fn(database.db);
    } finally {
      await database.close();
    }
  } finally {
    lock?.release();
  }
}
