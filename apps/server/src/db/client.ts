import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { withStatements } from './pglite-statements.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;

/** Drizzle over either engine; features only ever see this type. */
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/** A transaction handed to `db.transaction(async (tx) => ...)`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Either a Database or a Transaction: helpers such as writeAudit accept both. */
export type Executor = Database | Transaction;

export type Engine = 'pglite' | 'postgres';

/**
 * The driver under drizzle, for the few platform parts that speak to it directly: the job queue
 * (pg-boss's `executeSql`), realtime (a LISTEN connection needs the URL) and backups (PGlite's dump).
 */
export type RawDatabase =
  | { engine: 'pglite'; client: PGlite }
  | { engine: 'postgres'; pool: pg.Pool; databaseUrl: string };

export interface DatabaseOptions {
  /** postgres://... → PostgreSQL; otherwise PGlite. */
  databaseUrl?: string;
  /** PGlite keeps its files in `<dataDir>/pglite`. */
  dataDir?: string;
  /** PGlite in memory (tests). */
  inMemory?: boolean;
  /** PostgreSQL only: use (and create) this schema via search_path, so test files stay apart. */
  pgSchema?: string;
}

export interface OpenDatabase {
  db: Database;
  engine: Engine;
  /** PostgreSQL-compatible server version, e.g. "17.5". */
  version(): Promise<string>;
  /** Only for the PostgreSQL engine with pgSchema: the schema holding this database's tables. */
  pgSchema: string | undefined;
  raw: RawDatabase;
  close(): Promise<void>;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export async function openDatabase(options: DatabaseOptions): Promise<OpenDatabase> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.pgSchema);
  return openPglite(options);
}

/**
 * PostgreSQL's default 128 MB of shared buffers lives inside PGlite's WebAssembly memory, which never
 * shrinks: most of the server's resident memory. A one-machine community's hot data fits in far less,
 * and the operating system's file cache still holds the rest of the data directory.
 */
const PGLITE_CONF = 'shared_buffers = 16MB';

async function openPglite(options: DatabaseOptions): Promise<OpenDatabase> {
  let client: PGlite;
  if (options.inMemory || !options.dataDir) {
    client = await PGlite.create({ postgresqlconf: PGLITE_CONF });
  } else {
    const dir = path.join(options.dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir, { postgresqlconf: PGLITE_CONF });
  }
  const db = drizzlePglite(withStatements(client), { schema }) as unknown as Database;
  let closed = false;
  return {
    db,
    engine: 'pglite',
    pgSchema: undefined,
    raw: { engine: 'pglite', client },
    version: () => serverVersion(db),
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

async function openPostgres(databaseUrl: string, pgSchema: string | undefined): Promise<OpenDatabase> {
  if (pgSchema !== undefined) {
    if (!SCHEMA_NAME.test(pgSchema)) throw new Error(`Invalid PostgreSQL schema name: ${pgSchema}`);
    // search_path is set per connection below, so the schema has to exist before the pool connects.
    const setup = new pg.Client({ connectionString: databaseUrl });
    await setup.connect();
    try {
      await setup.query(`create schema if not exists "${pgSchema}"`);
    } finally {
      await setup.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    ...(pgSchema ? { options: `-c search_path=${pgSchema}` } : {}),
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => {});
  const db = drizzleNodePg(pool, { schema }) as unknown as Database;
  let closed = false;
  return {
    db,
    engine: 'postgres',
    pgSchema,
    raw: { engine: 'postgres', pool, databaseUrl },
    version: () => serverVersion(db),
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

async function serverVersion(db: Database): Promise<string> {
  const result = await db.execute<{ server_version: string }>('show server_version');
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    server_version: string;
  }[];
  return String(rows[0]?.server_version ?? 'unknown').split(' ')[0];
}
