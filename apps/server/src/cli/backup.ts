// `npm run cli -- backup <file>` and `restore <file>`. A backup is one gzip-compressed tar file:
//   samaj-backup.json   what it holds (format version, engine, counts)
//   database.tar        PGlite's own dump of its data directory (embedded database only)
//   files/<id>/original every uploaded image; previews are not kept, they are made again on demand
//   vapid.json          the generated Web Push key pair (platform/vapid.ts), when there is one: new
//                       keys would cut off every browser subscribed to notifications
// It opens with `tar xzf` too. With DATABASE_URL the database is PostgreSQL's to back up (pg_dump);
// the command says how, and still archives the local files. With S3 the bucket keeps the files.
import fs from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { type Command, CommandError } from '../platform/command.ts';
import { acquireLock, type DataDirLock, LockError } from '../platform/lock.ts';
import { createStorage } from '../platform/storage/index.ts';
import { assertSafeKey } from '../platform/storage/types.ts';
import { VAPID_FILE } from '../platform/vapid.ts';
import { readTar, TAR_END, TarError, tarEntry } from './tar.ts';

export const MANIFEST = 'samaj-backup.json';
const DATABASE_ENTRY = 'database.tar';
const FORMAT = 'samaj-backup';
const VERSION = 1;

export interface Manifest {
  format: typeof FORMAT;
  version: number;
  createdAt: string;
  /** Where the database was: 'pglite' backups carry it, 'postgres' ones do not. */
  engine: 'pglite' | 'postgres';
  counts: { members?: number; posts?: number; files: number };
}

const plural = (n: number | undefined, word: string) => `${n ?? 0} ${word}${n === 1 ? '' : 's'}`;

function pgDumpGuidance(out: (line: string) => void): void {
  out('The database is PostgreSQL (DATABASE_URL): back it up with its own tools, for example');
  out('  pg_dump --format=custom --file=samaj-db.dump "$DATABASE_URL"');
  out('and restore it into an empty database with');
  out('  pg_restore --no-owner --dbname="$DATABASE_URL" samaj-db.dump');
  out('(Managed PostgreSQL services also offer their own snapshots.)');
}

function s3Guidance(config: Config, out: (line: string) => void): void {
  out(
    `Uploaded files are in the S3 bucket ${config.s3?.bucket}: back them up with the bucket's own tools (versioning, replication, or a sync to another bucket).`,
  );
}

/** Every `<id>/original` under DATA_DIR/files, as storage keys. */
async function originalKeys(filesDir: string): Promise<string[]> {
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

async function count(client: PGlite, table: string): Promise<number> {
  const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from "${table}"`);
  return Number(rows[0]?.n ?? 0);
}

export async function backup(config: Config, file: string, out: (line: string) => void): Promise<void> {
  const target = path.resolve(file);
  if (fs.existsSync(target)) throw new CommandError(`${target} already exists: choose a new file name.`);
  const pglite = !config.databaseUrl;
  const localFiles = !config.s3;
  if (!pglite) pgDumpGuidance(out);
  if (!localFiles) s3Guidance(config, out);
  if (!pglite && !localFiles) {
    out('Nothing else to archive here: no backup file was written.');
    return;
  }

  let lock: DataDirLock | undefined;
  let database: Buffer | undefined;
  const counts: Manifest['counts'] = { files: 0 };
  if (pglite) {
    if (!fs.existsSync(path.join(config.dataDir, 'pglite'))) {
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
        counts.members = await count(opened.raw.client, 'user');
        counts.posts = await count(opened.raw.client, 'post');
        const dump = await opened.raw.client.dumpDataDir('none');
        database = Buffer.from(await dump.arrayBuffer());
      } finally {
        await opened.close();
      }
    }
    const filesDir = path.join(config.dataDir, 'files');
    const keys = localFiles ? await originalKeys(filesDir) : [];
    const vapidFile = path.join(config.dataDir, VAPID_FILE);
    const vapid = fs.existsSync(vapidFile) ? await readFile(vapidFile) : null;
    counts.files = keys.length;
    const manifest: Manifest = {
      format: FORMAT,
      version: VERSION,
      createdAt: new Date().toISOString(),
      engine: pglite ? 'pglite' : 'postgres',
      counts,
    };

    async function* entries(): AsyncGenerator<Buffer> {
      yield* tarEntry({ name: MANIFEST, data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) });
      if (database) yield* tarEntry({ name: DATABASE_ENTRY, data: database });
      if (vapid) yield* tarEntry({ name: VAPID_FILE, data: vapid });
      for (const key of keys) {
        yield* tarEntry({
          name: `files/${key}`,
          data: await readFile(path.join(filesDir, ...key.split('/'))),
        });
      }
      yield TAR_END;
    }

    // Written beside the target and renamed at the end: a failed backup never looks like a good one.
    // Owner-only: it holds password hashes and session tokens.
    const temp = `${target}.partial`;
    try {
      await pipeline(
        Readable.from(entries()),
        zlib.createGzip(),
        fs.createWriteStream(temp, { mode: 0o600, flags: 'wx' }),
      );
      fs.renameSync(temp, target);
    } catch (error) {
      fs.rmSync(temp, { force: true });
      throw error;
    }
  } finally {
    lock?.release();
  }
  const what = pglite
    ? `${plural(counts.members, 'member')}, ${plural(counts.posts, 'post')} and ${plural(counts.files, 'file')}`
    : plural(counts.files, 'file');
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
  let manifest: Manifest | undefined;
  let restoredFiles = 0;
  try {
    const entries = readTar(fs.createReadStream(source).pipe(zlib.createGunzip()));
    for await (const entry of entries) {
      if (!manifest) {
        if (entry.name !== MANIFEST) throw new CommandError('This is not a Samaj backup.');
        manifest = readManifest(entry.data);
        if (manifest.engine === 'pglite' && config.databaseUrl) {
          throw new CommandError(
            'This backup holds an embedded (PGlite) database but DATABASE_URL is set. Restore it without DATABASE_URL, then move it with `npm run cli -- copy-to-postgres <url>`.',
          );
        }
        continue;
      }
      if (entry.name === DATABASE_ENTRY) {
        const db = await PGlite.create(path.join(dataDir, 'pglite'), {
          loadDataDir: new Blob([new Uint8Array(entry.data)], { type: 'application/x-tar' }),
        });
        await db.close();
        continue;
      }
      if (entry.name === VAPID_FILE) {
        fs.writeFileSync(path.join(dataDir, VAPID_FILE), entry.data, { mode: 0o600, flag: 'wx' });
        continue;
      }
      if (!entry.name.startsWith('files/')) continue;
      const key = entry.name.slice('files/'.length);
      try {
        assertSafeKey(key);
      } catch {
        throw new CommandError(`The backup holds an unexpected file name: ${JSON.stringify(entry.name)}.`);
      }
      await storage.put(key, entry.data, 'application/octet-stream');
      restoredFiles += 1;
    }
    if (!manifest) throw new CommandError('This is not a Samaj backup (it is empty).');
  } catch (error) {
    // The folder was empty: remove what this restore wrote, so a second try starts fresh.
    lock.release();
    for (const name of fs.readdirSync(dataDir))
      fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
    if (!existed) fs.rmSync(dataDir, { recursive: true, force: true });
    if (error instanceof TarError || (error as NodeJS.ErrnoException).code === 'Z_DATA_ERROR') {
      throw new CommandError(`Cannot read ${source}: ${(error as Error).message}`);
    }
    throw error;
  } finally {
    process.umask(umask);
    lock.release();
  }
  const { counts } = manifest;
  if (manifest.engine === 'pglite') {
    out(
      `Restored ${plural(counts.members, 'member')}, ${plural(counts.posts, 'post')} and ${plural(restoredFiles, 'file')} into ${dataDir} (backup of ${manifest.createdAt}).`,
    );
  } else {
    out(
      `Restored ${plural(restoredFiles, 'file')} into ${config.s3 ? `the S3 bucket ${config.s3.bucket}` : dataDir}.`,
    );
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
    'Save the database (PGlite; PostgreSQL: prints pg_dump steps) and uploaded files into one file.',
    backup,
  ),
  fileCommand('restore', 'Restore a backup into a fresh, empty DATA_DIR.', restore),
];
