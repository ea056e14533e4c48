// `npm run cli -- backup <file>` and `restore <file>`. A backup is one gzip-compressed tar file:
//   samaj-backup.json   what it holds (format version, engine, counts)
//   database.tar        PGlite's own dump of its data directory (embedded database)
//   database.pgdump     pg_dump's custom-format dump (DATABASE_URL, when pg_dump is installed)
//   files/<id>/original every uploaded image; previews are not kept, they are made again on demand
//   vapid.json          the generated Web Push key pair (platform/vapid.ts), when there is one: new
//                       keys would cut off every browser subscribed to notifications
// It opens with `tar xzf` too (cli/tar.ts). With DATABASE_URL and no pg_dump on the PATH, the
// command says how to dump the database and still archives the local files. With S3 the bucket
// keeps the files.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { type Command, CommandError } from '../platform/command.ts';
import { originalKey } from '../platform/images.ts';
import { acquireLock, type DataDirLock, LockError } from '../platform/lock.ts';
import { createStorage } from '../platform/storage/index.ts';
import { assertSafeKey } from '../platform/storage/types.ts';
import { VAPID_FILE } from '../platform/vapid.ts';
import { packTar, readTar, TarError, type TarSource } from './tar.ts';

export const MANIFEST = 'samaj-backup.json';
const DATABASE_ENTRY = 'database.tar';
const PG_DUMP_ENTRY = 'database.pgdump';
const FORMAT = 'samaj-backup';
const VERSION = 1;

export interface Manifest {
  format: typeof FORMAT;
  version: number;
  createdAt: string;
  /** Where the database was: 'pglite' backups carry it; 'postgres' ones carry it when `pgDump` is set. */
  engine: 'pglite' | 'postgres';
  /** A PostgreSQL backup holding pg_dump's dump of the database (older ones hold only files). */
  pgDump?: boolean;
  /** `files` counts what the archive holds: local files, or the S3 bucket's originals. */
  counts: { members?: number; posts?: number; files: number };
}

const plural = (n: number | undefined, word: string) => `${n ?? 0} ${word}${n === 1 ? '' : 's'}`;

/** The full path of `tool` on the PATH, or null (Debian's postgresql-client brings pg_dump and pg_restore). */
export function findTool(tool: string, env: NodeJS.ProcessEnv = process.env): string | null {
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, tool);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {}
  }
  return null;
}

function pgDumpGuidance(out: (line: string) => void): void {
  out('The database is PostgreSQL (DATABASE_URL) and pg_dump is not installed here (Debian: apt-get install');
  out(
    'postgresql-client); with it, this command puts the database into the backup too. Meanwhile, for example',
  );
  out('  pg_dump --format=custom --file=samaj-db.dump "$DATABASE_URL"');
  out('and restore it into an empty database with');
  out('  pg_restore --no-owner --dbname="$DATABASE_URL" samaj-db.dump');
  out('(Managed PostgreSQL services also offer their own snapshots.)');
}

/**
 * pg_dump and pg_restore reach the database through libpq: the password goes in PGPASSWORD, never
 * on a command line that `ps` shows to every user of the machine.
 */
function libpqTarget(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs a PostgreSQL client tool; a failure is one line with the tool's own last words. */
function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const name = path.basename(tool);
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.on('error', (error) => reject(new CommandError(`${name} could not start: ${error.message}`)));
    child.on('close', (code) => {
      if (code === 0) return resolve();
      const said = stderr.trim().split('\n').filter(Boolean).slice(-2).join(' ');
      reject(new CommandError(`${name} failed (exit code ${code}): ${said || 'no message'}`));
    });
  });
}

interface Found {
  members: number;
  posts: number;
  fileIds: string[];
}

async function pgCounts(databaseUrl: string): Promise<Found & { tables: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ tables: number }>(
      `select count(*)::int as tables from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
         and left(n.nspname, 3) <> 'pg_'`,
    );
    const tables = Number(rows[0]?.tables ?? 0);
    if (tables === 0) return { members: 0, posts: 0, fileIds: [], tables };
    return { ...(await found((sql) => client.query(sql))), tables };
  } finally {
    await client.end();
  }
}

/**
 * The storage keys of the originals to archive: every `<id>/original` under DATA_DIR/files, or, with
 * S3, the original of each file the database knows (`fileIds`).
 */
async function originalKeys(config: Config, fileIds: string[]): Promise<string[]> {
  if (config.s3) return fileIds.map(originalKey).sort();
  const filesDir = path.join(config.dataDir, 'files');
  let ids: string[];
  try {
    ids = await readdir(filesDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const keys: string[] = [];
  for (const id of ids.sort()) {
    if (fs.existsSync(path.join(filesDir, id, 'original'))) keys.push(`${id}/original`);
  }
  return keys;
}

function takeLock(dataDir: string): DataDirLock {
  try {
    return acquireLock(dataDir, 'command');
  } catch (error) {
    if (error instanceof LockError) {
      throw new CommandError(
        `${error.message.replace(/ Stop it first, or run this command through it\.$/, '')} The embedded database can only be backed up or restored while no server uses it: stop the server, then run this again.`,
      );
    }
    throw error;
  }
}

/** What the database holds, for the operator's summary (and, with S3, which files to archive). */
async function found(query: (sql: string) => Promise<{ rows: unknown[] }>): Promise<Found> {
  const count = async (table: string) =>
    Number(((await query(`select count(*)::int as n from "${table}"`)).rows[0] as { n: number }).n);
  const files = (await query('select id from "file"')).rows as { id: string }[];
  return { members: await count('user'), posts: await count('post'), fileIds: files.map((row) => row.id) };
}

/** A private scratch folder for a dump on its way in or out, removed by `done()`. */
function scratchDir(): { dir: string; done: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'samaj-backup-'));
  return { dir, done: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

export async function backup(config: Config, file: string, out: (line: string) => void): Promise<void> {
  const target = path.resolve(file);
  if (fs.existsSync(target)) throw new CommandError(`${target} already exists: choose a new file name.`);
  const pglite = !config.databaseUrl;
  const pgDump = config.databaseUrl ? findTool('pg_dump') : null;
  if (config.databaseUrl && !pgDump) pgDumpGuidance(out);

  let lock: DataDirLock | undefined;
  let database: Buffer | undefined;
  const scratch = scratchDir();
  const dumpFile = path.join(scratch.dir, PG_DUMP_ENTRY);
  const counts: Manifest['counts'] = { files: 0 };
  let fileIds: string[] = [];
  if (pglite) {
    if (!fs.existsSync(path.join(config.dataDir, 'pglite'))) {
      scratch.done();
      throw new CommandError(
        `No Samaj database in DATA_DIR ${config.dataDir}. Set DATA_DIR to where the server keeps its data.`,
      );
    }
    lock = takeLock(config.dataDir);
  }
  try {
    if (pglite) {
      const opened = await openDatabase({ dataDir: config.dataDir });
      try {
        if (opened.raw.engine !== 'pglite') throw new Error('expected the embedded database');
        const client = opened.raw.client;
        ({ members: counts.members, posts: counts.posts, fileIds } = await found((sql) => client.query(sql)));
        const dump = await opened.raw.client.dumpDataDir('none');
        database = Buffer.from(await dump.arrayBuffer());
      } finally {
        await opened.close();
      }
    } else if (config.databaseUrl && (pgDump || config.s3)) {
      ({ members: counts.members, posts: counts.posts, fileIds } = await pgCounts(config.databaseUrl));
      if (pgDump) {
        // The whole database (the app's tables, the job queue's schema): one consistent snapshot,
        // custom format (compressed; pg_restore picks what it needs), to a file so it carries offsets.
        const { dbname, env } = libpqTarget(config.databaseUrl);
        await runTool(pgDump, ['--format=custom', `--file=${dumpFile}`, `--dbname=${dbname}`], env);
      }
    }
    const storage = createStorage(config);
    const keys = await originalKeys(config, fileIds);
    const vapidFile = path.join(config.dataDir, VAPID_FILE);
    const vapid = fs.existsSync(vapidFile) ? await readFile(vapidFile) : null;
    counts.files = keys.length;
    const manifest: Manifest = {
      format: FORMAT,
      version: VERSION,
      createdAt: new Date().toISOString(),
      engine: pglite ? 'pglite' : 'postgres',
      ...(pgDump ? { pgDump: true } : {}),
      counts,
    };

    async function* entries(): AsyncGenerator<TarSource> {
      yield { name: MANIFEST, data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) };
      if (database) yield { name: DATABASE_ENTRY, data: database };
      if (pgDump) {
        yield {
          name: PG_DUMP_ENTRY,
          size: fs.statSync(dumpFile).size,
          stream: fs.createReadStream(dumpFile),
        };
      }
      if (vapid) yield { name: VAPID_FILE, data: vapid };
      for (const key of keys) {
        const data = await storage.get(key);
        // A file deleted (by a job) since the listing is simply not in the backup.
        if (data) yield { name: `files/${key}`, data };
        else counts.files -= 1;
      }
    }

    // Written beside the target and renamed at the end: a failed backup never looks like a good one.
    // Owner-only: it holds password hashes and session tokens.
    const temp = `${target}.partial`;
    try {
      await pipeline(
        packTar(entries()),
        zlib.createGzip(),
        fs.createWriteStream(temp, { mode: 0o600, flags: 'wx' }),
      );
      fs.renameSync(temp, target);
    } catch (error) {
      fs.rmSync(temp, { force: true });
      throw error;
    }
  } finally {
    scratch.done();
    lock?.release();
  }
  const files = `${plural(counts.files, 'file')}${config.s3 ? ` from the S3 bucket ${config.s3.bucket}` : ''}`;
  const what =
    pglite || pgDump
      ? `${plural(counts.members, 'member')}, ${plural(counts.posts, 'post')} and ${files}`
      : files;
  out(`Backed up ${what} to ${target}.`);
}

function isEmptyDir(dir: string): boolean {
  try {
    return fs.readdirSync(dir).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

function readManifest(data: Buffer): Manifest {
  let manifest: Partial<Manifest>;
  try {
    manifest = JSON.parse(data.toString('utf8'));
  } catch {
    throw new CommandError('This is not a Samaj backup (its description cannot be read).');
  }
  if (manifest.format !== FORMAT) throw new CommandError('This is not a Samaj backup.');
  if (manifest.version !== VERSION) {
    throw new CommandError(
      `This backup has format version ${manifest.version}; this Samaj reads version ${VERSION}. Use a matching Samaj version.`,
    );
  }
  return manifest as Manifest;
}

/** Before anything is written: where a PostgreSQL dump would go must be ready for it. */
async function checkPgTarget(config: Config): Promise<string> {
  if (!config.databaseUrl) {
    throw new CommandError(
      'This backup holds a PostgreSQL database: set DATABASE_URL to a new, empty database and run restore again.',
    );
  }
  const pgRestore = findTool('pg_restore');
  if (!pgRestore) {
    throw new CommandError(
      'This backup holds a PostgreSQL database, and restoring it needs pg_restore (Debian: apt-get install postgresql-client).',
    );
  }
  const { tables } = await pgCounts(config.databaseUrl);
  if (tables > 0) {
    throw new CommandError(
      `The database at DATABASE_URL is not empty (${plural(tables, 'table')}). A backup is restored into a new, empty database only: create one (createdb), set DATABASE_URL to it and run restore again.`,
    );
  }
  return pgRestore;
}

export async function restore(config: Config, file: string, out: (line: string) => void): Promise<void> {
  const source = path.resolve(file);
  if (!fs.existsSync(source)) throw new CommandError(`${source} does not exist.`);
  const dataDir = config.dataDir;
  if (!isEmptyDir(dataDir)) {
    throw new CommandError(
      `DATA_DIR ${dataDir} is not empty. A backup is restored into a fresh DATA_DIR only: set DATA_DIR to a new folder (or move this one away) and run restore again.`,
    );
  }
  const existed = fs.existsSync(dataDir);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const lock = takeLock(dataDir);
  // Everything restored is owner-only, like the server's own DATA_DIR.
  const umask = process.umask(0o077);
  const storage = createStorage(config);
  const scratch = scratchDir();
  let manifest: Manifest | undefined;
  let pgRestore: string | undefined;
  let restoredDatabase = false;
  let restoredFiles = 0;
  try {
    const entries = readTar(fs.createReadStream(source).pipe(zlib.createGunzip()));
    for await (const entry of entries) {
      if (!manifest) {
        if (entry.name !== MANIFEST) throw new CommandError('This is not a Samaj backup.');
        manifest = readManifest(await entry.buffer());
        if (manifest.engine === 'pglite' && config.databaseUrl) {
          throw new CommandError(
            'This backup holds an embedded (PGlite) database but DATABASE_URL is set. Restore it without DATABASE_URL, then move it with `npm run cli -- copy-to-postgres <url>`.',
          );
        }
        if (manifest.pgDump) pgRestore = await checkPgTarget(config);
        continue;
      }
      if (entry.name === DATABASE_ENTRY && manifest.engine === 'pglite') {
        const data = await entry.buffer();
        const db = await PGlite.create(path.join(dataDir, 'pglite'), {
          loadDataDir: new Blob([new Uint8Array(data)], { type: 'application/x-tar' }),
        });
        await db.close();
        continue;
      }
      if (entry.name === PG_DUMP_ENTRY && pgRestore && config.databaseUrl) {
        const dumpFile = path.join(scratch.dir, PG_DUMP_ENTRY);
        await pipeline(entry.stream, fs.createWriteStream(dumpFile, { mode: 0o600 }));
        const { dbname, env } = libpqTarget(config.databaseUrl);
        // One transaction: a restore that fails leaves the database as empty as it was.
        await runTool(
          pgRestore,
          [
            '--no-owner',
            '--no-privileges',
            '--single-transaction',
            '--exit-on-error',
            `--dbname=${dbname}`,
            dumpFile,
          ],
          env,
        );
        fs.rmSync(dumpFile, { force: true });
        restoredDatabase = true;
        continue;
      }
      if (entry.name === VAPID_FILE) {
        fs.writeFileSync(path.join(dataDir, VAPID_FILE), await entry.buffer(), { mode: 0o600, flag: 'wx' });
        continue;
      }
      if (!entry.name.startsWith('files/')) continue;
      const key = entry.name.slice('files/'.length);
      try {
        assertSafeKey(key);
      } catch {
        throw new CommandError(`The backup holds an unexpected file name: ${JSON.stringify(entry.name)}.`);
      }
      await storage.put(key, await entry.buffer(), 'application/octet-stream');
      restoredFiles += 1;
    }
    if (!manifest) throw new CommandError('This is not a Samaj backup (it is empty).');
    if (manifest.pgDump && !restoredDatabase) {
      throw new CommandError('The backup is damaged: its PostgreSQL dump is missing.');
    }
  } catch (error) {
    // The folder was empty: remove what this restore wrote, so a second try starts fresh.
    lock.release();
    for (const name of fs.readdirSync(dataDir))
      fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
    if (!existed) fs.rmSync(dataDir, { recursive: true, force: true });
    const note = restoredDatabase
      ? ' The database was restored already: empty it (or create a new one) before trying again.'
      : '';
    if (error instanceof TarError || (error as NodeJS.ErrnoException).code === 'Z_DATA_ERROR') {
      throw new CommandError(`Cannot read ${source}: ${(error as Error).message}${note}`);
    }
    if (note && error instanceof CommandError) throw new CommandError(`${error.message}${note}`);
    throw error;
  } finally {
    scratch.done();
    process.umask(umask);
    lock.release();
  }
  const { counts } = manifest;
  const files = `${plural(restoredFiles, 'file')} into ${config.s3 ? `the S3 bucket ${config.s3.bucket}` : dataDir}`;
  if (manifest.engine === 'pglite') {
    out(
      `Restored ${plural(counts.members, 'member')}, ${plural(counts.posts, 'post')} and ${files} (backup of ${manifest.createdAt}).`,
    );
  } else if (restoredDatabase) {
    out(
      `Restored ${plural(counts.members, 'member')}, ${plural(counts.posts, 'post')} into the database at DATABASE_URL and ${files} (backup of ${manifest.createdAt}).`,
    );
  } else {
    out(`Restored ${files}.`);
    out('This backup holds no database: restore the PostgreSQL dump made beside it, for example');
    out('  pg_restore --no-owner --dbname="$DATABASE_URL" samaj-db.dump');
  }
  out('Start the server with this DATA_DIR to use it.');
}

function fileCommand(name: 'backup' | 'restore', summary: string, run: typeof backup): Command {
  return {
    name,
    usage: '<file>',
    summary,
    async run(args, context) {
      if (args.length !== 1) throw new CommandError(`Usage: npm run cli -- ${name} <file>`);
      await run(context.config, args[0], context.out);
    },
  };
}

export const backupCommands: Command[] = [
  fileCommand(
    'backup',
    'Save the database (PGlite, or PostgreSQL through pg_dump) and uploaded files into one file.',
    backup,
  ),
  fileCommand(
    'restore',
    'Restore a backup into a fresh, empty DATA_DIR (and an empty PostgreSQL database).',
    restore,
  ),
];
