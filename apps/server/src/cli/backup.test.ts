// Operators' backup and restore: a DATA_DIR filled through the real app is backed up, restored
// into a fresh DATA_DIR, and the restored server has the same members, posts and images.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import * as images from '../../test/fixtures/images.ts';
import {
  closeTestApp,
  createTestApp,
  scratchDatabase,
  TEST_DATABASE_URL,
  tempDir,
  testConfig,
} from '../../test/harness.ts';
import { createMember, login, type TestMember } from '../../test/members.ts';
import { buildApp } from '../app.ts';
import { runCli } from '../cli.ts';
import { openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { LOCK_FILE } from '../platform/lock.ts';
import { VAPID_FILE, vapidDetails } from '../platform/vapid.ts';
import { readTar } from './tar.ts';

function cli(args: string[], env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const run = runCli(
    args,
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env },
    {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    },
  );
  return run.then((code) => ({ code, out: out.join('\n'), err: err.join('\n') }));
}

async function upload(app: FastifyInstance, who: TestMember, url: string, fields?: Record<string, string>) {
  const { payload, headers } = images.multipart(
    [{ filename: 'p.png', contentType: 'image/png', data: await images.png(160, 120) }],
    fields,
  );
  return app.inject({ method: 'POST', url, payload, headers: { ...headers, cookie: who.cookie } });
}

const original = (dataDir: string, id: string) =>
  fs.readFileSync(path.join(dataDir, 'files', id, 'original'));

async function openApp(dataDir: string): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const database = await openDatabase({ dataDir });
  await migrateDatabase(database);
  const app = await buildApp({ config: testConfig({ DATA_DIR: dataDir }), database });
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

// One scratch folder for archives and restore targets (each tempDir() adds an exit listener).
const scratch = tempDir();
let scratchCount = 0;
const scratchPath = (name: string) => {
  scratchCount += 1;
  return path.join(scratch, `${scratchCount}-${name}`);
};

describe('backup and restore [pglite]', () => {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) child.kill();
  });

  it('restores the same members, posts and images into a fresh DATA_DIR', async () => {
    const source = tempDir();
    const { app, close } = await openApp(source);
    const alice = await createMember(app);
    const bob = await createMember(app);
    const picture = (await upload(app, alice, '/api/account/picture')).json().dp as string;
    const created = await upload(app, bob, '/api/posts', { description: 'Our village fair' });
    expect(created.statusCode, created.body).toBe(201);
    const postId = created.json().id as string;
    const postImage = created.json().file as string;
    // A preview is made and cached (for its author: the post is under review); the backup keeps only originals.
    const cached = await app.inject({
      url: `/api/files/${postImage}/preview?width=490`,
      headers: { cookie: bob.cookie },
    });
    expect(cached.statusCode).toBe(200);
    await close();

    const archive = scratchPath('samaj.backup.tar.gz');
    const backedUp = await cli(['backup', archive], { DATA_DIR: source });
    expect(backedUp, backedUp.err).toMatchObject({ code: 0 });
    expect(backedUp.out).toContain('Backed up 2 members, 1 post and 2 files');
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
    // The same file opens with ordinary tar tools: a gzip'd ustar archive.
    const names: string[] = [];
    for await (const entry of readTar(fs.createReadStream(archive).pipe(zlib.createGunzip())))
      names.push(entry.name);
    expect(names).toEqual(
      expect.arrayContaining(['samaj-backup.json', 'database.tar', `files/${picture}/original`]),
    );
    expect(names.filter((n) => n.startsWith('files/'))).toHaveLength(2);

    const again = await cli(['backup', archive], { DATA_DIR: source });
    expect(again.code).toBe(1);
    expect(again.err).toContain('already exists');

    const target = scratchPath('restored');
    const restored = await cli(['restore', archive], { DATA_DIR: target });
    expect(restored, restored.err).toMatchObject({ code: 0 });
    expect(restored.out).toContain('Restored 2 members, 1 post and 2 files');
    expect(fs.statSync(target).mode & 0o777).toBe(0o700);
    expect(fs.existsSync(path.join(target, LOCK_FILE))).toBe(false);

    const back = await openApp(target);
    try {
      const signedIn = await login(back.app, alice.user.email, alice.password);
      expect(signedIn.response.statusCode).toBe(200);
      const post = await back.app.inject({
        url: `/api/posts/${postId}`,
        headers: { cookie: bob.cookie },
      });
      expect(post.statusCode, post.body).toBe(200);
      expect(post.json()).toMatchObject({ description: 'Our village fair', file: postImage });
      expect(original(target, picture).equals(original(source, picture))).toBe(true);
      expect(original(target, postImage).equals(original(source, postImage))).toBe(true);
      const preview = await back.app.inject({ url: `/api/files/${picture}/preview?width=100` });
      expect(preview.statusCode).toBe(200);
    } finally {
      await back.close();
    }

    const twice = await cli(['restore', archive], { DATA_DIR: target });
    expect(twice.code).toBe(1);
    expect(twice.err).toContain('is not empty');
  });

  it("keeps the server's Web Push keys, so subscribed browsers can still be reached after a restore", async () => {
    const source = tempDir();
    const { close } = await openApp(source);
    await close();
    const keys = vapidDetails(testConfig({ DATA_DIR: source, CONTACT_EMAIL: 'help@samaj.example' }));
    const archive = scratchPath('with-keys.tar.gz');
    expect(await cli(['backup', archive], { DATA_DIR: source })).toMatchObject({ code: 0 });
    const target = scratchPath('restored-keys');
    expect(await cli(['restore', archive], { DATA_DIR: target })).toMatchObject({ code: 0 });
    expect(fs.statSync(path.join(target, VAPID_FILE)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(path.join(target, VAPID_FILE), 'utf8'))).toEqual({
      publicKey: keys?.publicKey,
      privateKey: keys?.privateKey,
    });
  });

  it('refuses while a server holds DATA_DIR, and refuses a file that is not a backup', async () => {
    const dataDir = tempDir();
    const { close } = await openApp(dataDir);
    await close();
    // Another live Node process holds the lock, as a running server does.
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    children.push(holder);
    fs.writeFileSync(
      path.join(dataDir, LOCK_FILE),
      JSON.stringify({ pid: holder.pid, startedAt: new Date().toISOString(), holder: 'server' }),
    );
    const refused = await cli(['backup', scratchPath('b.tar.gz')], { DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(
      /Another Samaj server \(pid \d+\) is using DATA_DIR .*stop the server, then run this again/,
    );
    holder.kill();

    const junk = scratchPath('junk.tar.gz');
    fs.writeFileSync(junk, 'not a backup at all');
    const target = scratchPath('fresh');
    const bad = await cli(['restore', junk], { DATA_DIR: target });
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/^Cannot read .*junk\.tar\.gz/);
    expect(fs.existsSync(target)).toBe(false);
  });

  it('is listed in help', async () => {
    const help = await cli(['help'], {});
    expect(help.out).toMatch(/backup <file>\s+Save the database/);
    expect(help.out).toMatch(/restore <file>\s+Restore a backup into a fresh, empty DATA_DIR/);
  });
});

async function openPostgresApp(databaseUrl: string, dataDir: string) {
  const database = await openDatabase({ databaseUrl });
  await migrateDatabase(database);
  const app = await buildApp({
    config: testConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl }),
    database,
  });
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

describe.skipIf(!TEST_DATABASE_URL)('backup and restore [postgres]', () => {
  const databases: Array<{ drop: () => Promise<void> }> = [];
  afterAll(async () => {
    for (const database of databases) await database.drop();
  });

  it('puts pg_dump of the database into the archive and restores it into an empty database', async () => {
    const source = await scratchDatabase('samaj_backup');
    databases.push(source);
    const sourceDir = tempDir();
    const { app, close } = await openPostgresApp(source.url, sourceDir);
    const alice = await createMember(app);
    const picture = (await upload(app, alice, '/api/account/picture')).json().dp as string;
    const created = await upload(app, alice, '/api/posts', { description: 'Our village fair' });
    expect(created.statusCode, created.body).toBe(201);
    const postId = created.json().id as string;
    await close();

    const archive = scratchPath('postgres.tar.gz');
    const backedUp = await cli(['backup', archive], { DATA_DIR: sourceDir, DATABASE_URL: source.url });
    expect(backedUp, backedUp.err).toMatchObject({ code: 0 });
    expect(backedUp.out).not.toContain('pg_dump --format');
    expect(backedUp.out).toContain('Backed up 1 member, 1 post and 2 files');
    const names: string[] = [];
    for await (const entry of readTar(fs.createReadStream(archive).pipe(zlib.createGunzip())))
      names.push(entry.name);
    expect(names).toEqual(expect.arrayContaining(['samaj-backup.json', 'database.pgdump']));
    expect(names).not.toContain('database.tar');

    // Into a database that is not empty: refused before anything is written.
    const used = scratchPath('used');
    const refused = await cli(['restore', archive], { DATA_DIR: used, DATABASE_URL: source.url });
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/The database at DATABASE_URL is not empty \(\d+ tables\)/);
    expect(fs.existsSync(used)).toBe(false);
    // Without DATABASE_URL there is nowhere to put it.
    const nowhere = await cli(['restore', archive], { DATA_DIR: scratchPath('nowhere') });
    expect(nowhere.code).toBe(1);
    expect(nowhere.err).toContain('This backup holds a PostgreSQL database: set DATABASE_URL');

    const target = await scratchDatabase('samaj_backup');
    databases.push(target);
    const targetDir = scratchPath('restored');
    const restored = await cli(['restore', archive], { DATA_DIR: targetDir, DATABASE_URL: target.url });
    expect(restored, restored.err).toMatchObject({ code: 0 });
    expect(restored.out).toContain(
      'Restored 1 member, 1 post into the database at DATABASE_URL and 2 files into',
    );

    const back = await openPostgresApp(target.url, targetDir);
    try {
      const signedIn = await login(back.app, alice.user.email, alice.password);
      expect(signedIn.response.statusCode).toBe(200);
      const post = await back.app.inject({ url: `/api/posts/${postId}`, headers: { cookie: alice.cookie } });
      expect(post.statusCode, post.body).toBe(200);
      expect(post.json()).toMatchObject({ description: 'Our village fair' });
      expect(original(targetDir, picture).equals(original(sourceDir, picture))).toBe(true);
    } finally {
      await back.close();
    }
  });

  it('without pg_dump installed, prints the pg_dump and pg_restore steps and archives the local files', async () => {
    const ctx = await createTestApp('postgres');
    const path_ = process.env.PATH;
    try {
      const member = await createMember(ctx.app);
      const picture = (await upload(ctx.app, member, '/api/account/picture')).json().dp as string;
      const env = { DATA_DIR: ctx.config.dataDir, DATABASE_URL: TEST_DATABASE_URL as string };
      const archive = scratchPath('files.tar.gz');
      process.env.PATH = '/nonexistent';
      const backedUp = await cli(['backup', archive], env);
      process.env.PATH = path_;
      expect(backedUp, backedUp.err).toMatchObject({ code: 0 });
      expect(backedUp.out).toContain('pg_dump is not installed here');
      expect(backedUp.out).toContain('pg_dump --format=custom');
      expect(backedUp.out).toContain('Backed up 1 file');

      const target = scratchPath('restored');
      const restored = await cli(['restore', archive], { ...env, DATA_DIR: target });
      expect(restored, restored.err).toMatchObject({ code: 0 });
      expect(restored.out).toContain('pg_restore --no-owner');
      expect(original(target, picture).equals(original(ctx.config.dataDir, picture))).toBe(true);
    } finally {
      process.env.PATH = path_;
      await closeTestApp(ctx);
    }
  });
});
