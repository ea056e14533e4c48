// Builds the real app in-process for a test file, on each database engine the run offers:
// in-memory PGlite always, and PostgreSQL (a fresh schema per suite, dropped afterwards) when
// TEST_DATABASE_URL is set.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Engine, type OpenDatabase, openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { copyTemplate } from '../src/db/template.ts';
import { testDatabaseUrl } from './templates.ts';

export interface TestContext {
  app: FastifyInstance;
  database: OpenDatabase;
  config: Config;
  engine: Engine;
}

export interface TestAppOptions {
  /** Extra environment for loadConfig (PUBLIC_URL, TILE_URL, ...). */
  env?: Record<string, string>;
  /** Point the static plugin at a fake web build. */
  webDistDir?: string;
  /** Test-only routes: Fastify accepts routes only before `ready`, so they are passed in. */
  // biome-ignore lint/suspicious/noExplicitAny: plugins come with their own option types
  plugins?: FastifyPluginAsync<any>[];
}

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

/** The engines this run covers. */
export function engines(): Engine[] {
  return TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** Folders removed when the test file's process exits (one listener for them all). */
const removedAtExit = new Set<string>();
process.once('exit', () => {
  for (const dir of removedAtExit) fs.rmSync(dir, { recursive: true, force: true });
});

/** A temp folder removed at process exit. */
export function tempDir(prefix = 'samaj-test-', root = os.tmpdir()): string {
  const dir = fs.mkdtempSync(path.join(root, prefix));
  removedAtExit.add(dir);
  return dir;
}

/** A file holding `content`, in a temp folder of its own. */
export function tempFile(name: string, content: string): string {
  const file = path.join(tempDir(), name);
  fs.writeFileSync(file, content);
  return file;
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ DATA_DIR: tempDir(), LOG_LEVEL: 'silent', NODE_ENV: 'test', ...env });
}

/** The folder of each PGlite copy, removed when the database is closed. */
const copies = new WeakMap<OpenDatabase, string>();

/**
 * An empty, migrated database on the given engine: a copy of the template test/global-setup.ts made
 * for this run (a PGlite data directory, or a PostgreSQL database of its own made from a template
 * database), else made and migrated here (a test file run outside the project's vitest config).
 */
export async function openTestDatabase(engine: Engine): Promise<OpenDatabase> {
  if (engine === 'postgres') {
    const template = inject('postgresTemplate');
    if (!template || !TEST_DATABASE_URL) {
      const database = await openDatabase({
        databaseUrl: TEST_DATABASE_URL,
        pgSchema: `test_${crypto.randomBytes(6).toString('hex')}`,
      });
      await migrateDatabase(database);
      return database;
    }
    const name = `${inject('postgresPrefix')}${crypto.randomBytes(6).toString('hex')}`;
    await adminQuery(`create database "${name}" template "${template}"`);
    return openDatabase({ databaseUrl: testDatabaseUrl(TEST_DATABASE_URL, name) });
  }
  const template = inject('pgliteTemplate');
  if (!template) {
    const database = await openDatabase({ inMemory: true });
    await migrateDatabase(database);
    return database;
  }
  // In the run's folder of copies, memory-backed where the machine has /dev/shm (test/global-setup.ts).
  const dataDir = tempDir('db-', inject('pgliteCopies'));
  copyTemplate(dataDir, template);
  const database = await openDatabase({ dataDir });
  copies.set(database, dataDir);
  return database;
}

/** A second connection pool to a test database, as another server process would open it. */
export function openSecondConnection(database: OpenDatabase): Promise<OpenDatabase> {
  if (database.raw.engine !== 'postgres') throw new Error('a second process needs PostgreSQL');
  return openDatabase({ databaseUrl: database.raw.databaseUrl, pgSchema: database.pgSchema });
}

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Closes the database and drops what it was made in (its PostgreSQL database or schema). */
export async function closeTestDatabase(database: OpenDatabase): Promise<void> {
  await database.close();
  const copy = copies.get(database);
  if (copy) fs.rmSync(copy, { recursive: true, force: true });
  if (database.engine !== 'postgres' || database.raw.engine !== 'postgres') return;
  if (database.pgSchema) {
    await adminQuery(`drop schema if exists "${database.pgSchema}" cascade`);
    // The job queue's tables (platform/jobs) sit in a schema of their own beside the suite's.
    await adminQuery(`drop schema if exists "${database.pgSchema}_jobs" cascade`);
    return;
  }
  const name = new URL(database.raw.databaseUrl).pathname.slice(1);
  if (name.startsWith(inject('postgresPrefix') ?? '\0')) {
    await adminQuery(`drop database if exists "${name}" with (force)`);
  }
}

export async function createTestApp(engine: Engine, options: TestAppOptions = {}): Promise<TestContext> {
  const database = await openTestDatabase(engine);
  const config = testConfig(options.env);
  const app = await buildApp({ config, database, webDistDir: options.webDistDir, plugins: options.plugins });
  return { app, database, config, engine };
}

export async function closeTestApp(ctx: TestContext): Promise<void> {
  await ctx.app.close();
  await closeTestDatabase(ctx.database);
}

/**
 * Work that must survive a restart (platform/jobs): `before` runs on a process that runs no workers
 * and then stops, `between` while no process runs, and `after` on the next process on the same
 * database, whose workers pick up what the first one left.
 */
export async function acrossRestart(
  engine: Engine,
  env: Record<string, string>,
  steps: {
    before: (first: FastifyInstance) => Promise<void>;
    between: (config: Config) => Promise<void>;
    after: (second: FastifyInstance) => Promise<void>;
  },
): Promise<void> {
  const database = await openTestDatabase(engine);
  const config = testConfig(env);
  let app: FastifyInstance | undefined;
  try {
    app = await buildApp({ config, database, workers: false });
    await steps.before(app);
    await app.close();
    app = undefined;
    await steps.between(config);
    app = await buildApp({ config, database });
    await steps.after(app);
  } finally {
    await app?.close();
    await closeTestDatabase(database);
  }
}

/**
 * Two server processes on one PostgreSQL schema, as two machines behind a load balancer, each with
 * its own connections; everything is closed afterwards. `closeApps` closes both apps early (to see
 * what they leave behind); closing twice is harmless.
 */
export async function withTwoApps(
  test: (a: FastifyInstance, b: FastifyInstance, closeApps: () => Promise<void>) => Promise<void>,
): Promise<void> {
  const database = await openTestDatabase('postgres');
  const second = await openSecondConnection(database);
  const apps: FastifyInstance[] = [];
  const closeApps = async () => {
    for (const app of apps.splice(0)) await app.close();
  };
  try {
    apps.push(await buildApp({ config: testConfig(), database }));
    apps.push(await buildApp({ config: testConfig(), database: second }));
    await test(apps[0] as FastifyInstance, apps[1] as FastifyInstance, closeApps);
  } finally {
    await closeApps();
    await second.close();
    await closeTestDatabase(database);
  }
}

/**
 * Runs `fn` once per engine inside `describe('<name> [engine]')`. `ctx` is filled in `beforeAll`,
 * so read `ctx.app` inside hooks and tests, not while the suite is being declared.
 */
export function describeEachDatabase(
  name: string,
  fn: (ctx: TestContext) => void,
  options: TestAppOptions = {},
): void {
  for (const engine of engines()) {
    describe(`${name} [${engine}]`, () => {
      const ctx = { engine } as TestContext;
      beforeAll(async () => {
        Object.assign(ctx, await createTestApp(engine, options));
      });
      afterAll(async () => {
        if (ctx.app) await closeTestApp(ctx);
      });
      fn(ctx);
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Members: `createMember(app, overrides)` and `createAdmin(app)` (return `{ user, cookie }`) are
// owned by the accounts feature and live in test/members.ts; import them from there.
// ---------------------------------------------------------------------------------------------

/**
 * A database of its own on the test server (pg_dump takes a whole database; processes started as an
 * operator would use its default schemas), dropped by `drop()`. Needs TEST_DATABASE_URL.
 */
export async function scratchDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!TEST_DATABASE_URL) throw new Error('scratchDatabase needs TEST_DATABASE_URL');
  const name = `${prefix}_${crypto.randomBytes(5).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists "${name}" with (force)`) };
}
