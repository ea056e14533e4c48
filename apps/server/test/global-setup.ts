// Made once per test run, copied by each test file (harness.ts `openTestDatabase`): PGlite's initdb
// takes ~3 s on two cores and the migrations ~0.6 s more, and a PostgreSQL schema migrated from scratch
// ~2 s; a copy of a migrated template takes ~0.2 s (PostgreSQL's CREATE DATABASE … TEMPLATE) to ~1 s
// (PGlite's files copied and opened). Figures: docs/decisions/0100-test-run-time.md.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { writeTemplate } from '../src/db/template.ts';
import { TEST_DATABASE_PREFIX, testDatabaseUrl } from './templates.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (its `pglite` folder's contents) to copy. */
    pgliteTemplate: string;
    /** Where this run's copies go (memory-backed where the machine has /dev/shm); removed at the end. */
    pgliteCopies: string;
    /** A migrated PostgreSQL database to CREATE DATABASE … TEMPLATE from, when TEST_DATABASE_URL is set. */
    postgresTemplate: string | undefined;
    /** This run's test databases are named with this prefix (runs side by side leave each other's alone). */
    postgresPrefix: string;
  }
}

async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'samaj-test-template-'));
  const pgliteTemplate = path.join(root, 'pglite');
  // A file's process may be ended before its own clean-up runs: whatever it left goes with the run.
  const pgliteCopies = fs.mkdtempSync(
    path.join(fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir(), 'samaj-test-copies-'),
  );
  const postgresUrl = process.env.TEST_DATABASE_URL || undefined;
  const postgresPrefix = `${TEST_DATABASE_PREFIX}${crypto.randomBytes(4).toString('hex')}_`;
  const postgresTemplate = postgresUrl ? `${postgresPrefix}template` : undefined;

  const makePostgres = async () => {
    if (!postgresUrl || !postgresTemplate) return;
    await admin(postgresUrl, `create database "${postgresTemplate}"`);
    const database = await openDatabase({ databaseUrl: testDatabaseUrl(postgresUrl, postgresTemplate) });
    try {
      await migrateDatabase(database);
    } finally {
      await database.close();
    }
  };
  await Promise.all([writeTemplate(pgliteTemplate), makePostgres()]);
  project.provide('pgliteTemplate', pgliteTemplate);
  project.provide('pgliteCopies', pgliteCopies);
  project.provide('postgresTemplate', postgresTemplate);
  project.provide('postgresPrefix', postgresPrefix);

  return async () => {
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(pgliteCopies, { recursive: true, force: true });
    if (!postgresUrl) return;
    // The template, and any test database a file killed mid-run left behind.
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ datname: string }>(
        'select datname from pg_database where left(datname, length($1)) = $1',
        [postgresPrefix],
      );
      for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
    } finally {
      await client.end();
    }
  };
}
