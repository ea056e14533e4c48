import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { serveOperatorSocket } from './cli/socket.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { type OpenDatabase, openDatabase } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { copyTemplate, hasDatabase } from './db/template.ts';
import { seedSurnames } from './features/surnames/seed.ts';
import { ownerOnlyFromNowOn, restrictDataDir } from './platform/data-dir.ts';
import { tidyWhenQuiet } from './platform/idle-gc.ts';
import { acquireLock, type DataDirLock, LockError } from './platform/lock.ts';
import { ignoreOutputErrors, nonBlockingLogStream } from './platform/log-stream.ts';

/**
 * Running as built by `npm start` (dist/main.js), not through tsx in development and tests, where a
 * first start's memory does not matter.
 */
const COMPILED = import.meta.url.endsWith('.js');
/** Set for the short-lived process that creates the embedded database on a first start. */
const CREATE_ONLY = 'SAMAJ_CREATE_DATABASE';

/** How long in-flight requests get after SIGTERM/SIGINT before the process exits anyway. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

/** Startup failures an operator can fix: printed as one line, exit code 1, no stack trace. */
class StartupError extends Error {}

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function ensureWritableDataDir(dataDir: string): void {
  try {
    restrictDataDir(dataDir);
    fs.accessSync(dataDir, fs.constants.W_OK);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new StartupError(
      `DATA_DIR ${dataDir} is not writable (${reason}). Set DATA_DIR to a folder this user can write to.`,
    );
  }
}

/** PUBLIC_URL when the operator set one, otherwise where this machine answers. */
function displayUrl(config: Config, port: number): string {
  if (config.publicUrl !== `http://localhost:${config.port}`) return config.publicUrl;
  return `http://localhost:${port}`;
}

async function main(): Promise<void> {
  ownerOnlyFromNowOn();
  // A reader that went away (EPIPE) must neither crash the server nor keep it from stopping.
  ignoreOutputErrors(process.stdout);
  ignoreOutputErrors(process.stderr);
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  let lock: DataDirLock | undefined;
  let database: OpenDatabase | undefined;
  const cleanup = async () => {
    await database?.close().catch(() => {});
    lock?.release();
  };

  try {
    ensureWritableDataDir(config.dataDir);
    // PGlite belongs to one process; PostgreSQL is shared by design, so no lock there.
    if (!config.databaseUrl) lock = acquireLock(config.dataDir, 'server');
    const options = { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
    // A first start copies the build's empty database; without one (development), initdb runs, in
    // a process of its own when compiled (see createInChildProcess).
    const creating = !config.databaseUrl && !copyTemplate(config.dataDir) && !hasDatabase(config.dataDir);
    if (creating && COMPILED) await createInChildProcess();
    database = await openDatabase(options);
    await migrateDatabase(database);
    await seedSurnames(database.db);
    // PGlite lays out a new data directory from its bundled template with explicit 0666 modes
    // (the umask cannot mask a chmod); files PostgreSQL creates later are 0600 under the umask.
    restrictDataDir(config.dataDir);
  } catch (error) {
    await cleanup();
    if (error instanceof StartupError || error instanceof LockError) fail(error.message);
    if (config.databaseUrl && isConnectionError(error)) {
      fail(`Cannot connect to the database at DATABASE_URL: ${(error as Error).message}`);
    }
    throw error;
  }

  const app = await buildApp({
    config,
    database,
    logger: { level: config.logLevel, stream: nonBlockingLogStream() },
  });

  await serveOperatorSocket(app); // `npm run cli -- grant|block ...` reaches this server through DATA_DIR/operator.sock
  tidyWhenQuiet(app); // gives a burst's heap back once requests stop (platform/idle-gc.ts)

  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    // Armed first: whatever happens below (a stuck connection, a log reader that went away), the
    // process ends within SHUTDOWN_TIMEOUT_MS. Nothing here may wait on output.
    const force = setTimeout(() => {
      process.stderr.write('Shutdown took too long; exiting.\n');
      lock?.release();
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    force.unref();
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
    } catch (error) {
      app.log.error({ err: error }, 'error while closing the server');
    }
    await cleanup();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close().catch(() => {});
    await cleanup();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') fail(`Port ${config.port} is already in use. Set PORT to another port.`);
    if (code === 'EACCES') fail(`Port ${config.port} needs more privileges. Set PORT to a port above 1023.`);
    if (code === 'EADDRNOTAVAIL')
      fail(`HOST ${config.host} is not an address of this machine. Set HOST to 0.0.0.0.`);
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  process.stdout.write(`Samaj is running at ${displayUrl(config, port)}\n`);
}

/**
 * Creating the embedded database (initdb, migrations, seed) grows PGlite's WebAssembly memory to about
 * three times what serving needs, and neither it nor the C heap is given back while the process lives.
 * So a first start creates the database in a short-lived process of its own, then opens it like any
 * later start, and idles at the same size.
 */
async function createInChildProcess(): Promise<void> {
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
    env: { ...process.env, [CREATE_ONLY]: '1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`creating the database stopped with code ${code}`);
}

async function createDatabase(options: { dataDir: string }): Promise<void> {
  const database = await openDatabase(options);
  try {
    await migrateDatabase(database);
    await seedSurnames(database.db);
  } finally {
    await database.close();
  }
}

function isConnectionError(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException)?.code;
  return ['ECONNREFUSED', 'ENOTFOUND', 'ETIMEDOUT', '28P01', '3D000', '28000'].includes(String(code));
}

if (process.env[CREATE_ONLY]) {
  const config = loadConfig(process.env);
  await createDatabase({ dataDir: config.dataDir });
} else {
  main().catch((error) => {
    process.stderr.write(`Samaj could not start: ${(error as Error)?.message ?? error}\n`);
    process.exit(1);
  });
}
