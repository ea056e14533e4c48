// Files in S3-compatible storage, end to end: the real app with S3_* set, against a local S3 server
// (test/s3-server.ts), on each database. Uploads land in the bucket (not on disk), previews are
// made from the bucket and cached there, a take-down hides a post's image while its bytes stay, a
// deletion empties the file's prefix, and a backup carries the bucket's originals into another bucket.
import fs from 'node:fs';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, postWithImage, setPicture } from '../../../test/api.ts';
import {
  closeTestApp,
  createTestApp,
  engines,
  type TestContext,
  tempDir,
  testConfig,
} from '../../../test/harness.ts';
import { createAdmin, createMember, login, type TestMember } from '../../../test/members.ts';
import { type S3TestServer, startS3Server } from '../../../test/s3-server.ts';
import { waitFor } from '../../../test/wait.ts';
import { buildApp } from '../../app.ts';
import { runCli } from '../../cli.ts';
import { openDatabase } from '../../db/client.ts';
import { migrateDatabase } from '../../db/migrate.ts';

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3Server(['files-pglite', 'files-postgres', 'backup-source', 'backup-restored']);
});
afterAll(async () => {
  await s3?.close();
});

async function keysIn(bucket: string, prefix = ''): Promise<string[]> {
  const page = await s3.client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
  return (page.Contents ?? []).map((item) => item.Key as string).sort();
}

async function objectIn(bucket: string, key: string): Promise<Buffer> {
  const result = await s3.client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return Buffer.from(
    await (result.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray(),
  );
}

function preview(app: FastifyInstance, file: string, who: TestMember | null, width = 490) {
  return app.inject({
    url: `/api/files/${file}/preview?width=${width}`,
    headers: { accept: 'image/webp', ...(who ? { cookie: who.cookie } : {}) },
  });
}

for (const engine of engines()) {
  describe(`files in an S3 bucket [${engine}]`, () => {
    const bucket = `files-${engine}`;
    let ctx: TestContext;
    let app: FastifyInstance;
    const people = {} as Record<'author' | 'member' | 'admin', TestMember>;
    beforeAll(async () => {
      ctx = await createTestApp(engine, { env: s3.env(bucket) });
      app = ctx.app;
      people.author = await createMember(app);
      people.member = await createMember(app);
      people.admin = await createAdmin(app);
    });
    afterAll(async () => {
      if (ctx) await closeTestApp(ctx);
    });

    it('keeps an upload in the bucket, not on disk, and caches its previews there', async () => {
      const picture = await setPicture(app, people.author);
      expect(await keysIn(bucket, `${picture}/`)).toEqual([`${picture}/original`]);
      expect(fs.existsSync(path.join(ctx.config.dataDir, 'files'))).toBe(false);

      const shown = await preview(app, picture, null, 100);
      expect(shown.statusCode, shown.body).toBe(200);
      expect(shown.headers['content-type']).toMatch(/^image\//);
      const cached = await keysIn(bucket, `${picture}/`);
      expect(cached.length).toBeGreaterThan(1);
      expect(cached).toContain(`${picture}/original`);
      // A second look is served from what the bucket keeps, the same bytes.
      expect((await preview(app, picture, null, 100)).rawPayload.equals(shown.rawPayload)).toBe(true);
    });

    it("hides a taken-down post's image from everyone but its author and staff, then deletes it from the bucket with the post", async () => {
      const { id, file } = await postWithImage(app, people.author);
      const decided = await call(app, 'POST', `/api/admin/posts/${id}/decision`, people.admin, {
        status: 'approved',
        reason: null,
      });
      expect(decided.statusCode, decided.body).toBe(200);
      expect((await preview(app, file, people.member)).statusCode).toBe(200);

      const takenDown = await call(app, 'POST', `/api/admin/posts/${id}/decision`, people.admin, {
        status: 'unlisted',
        reason: 'Not for this feed',
      });
      expect(takenDown.statusCode, takenDown.body).toBe(200);
      expect((await preview(app, file, people.member)).statusCode).toBe(404);
      expect((await preview(app, file, null)).statusCode).toBe(404);
      expect((await preview(app, file, people.author)).statusCode).toBe(200);
      expect((await preview(app, file, people.admin)).statusCode).toBe(200);
      expect(await keysIn(bucket, `${file}/`)).toContain(`${file}/original`);

      const deleted = await call(app, 'DELETE', `/api/posts/${id}`, people.author);
      expect(deleted.statusCode, deleted.body).toBe(204);
      // The bytes go in a job after the deletion commits: the original and every cached preview.
      await waitFor(
        async () => (await keysIn(bucket, `${file}/`)).length === 0,
        'the post image to leave the bucket',
      );
      expect((await preview(app, file, people.author)).statusCode).toBe(404);
    });
  });
}

describe('backup and restore with S3 [pglite]', () => {
  function cli(args: string[], env: Record<string, string>) {
    const out: string[] = [];
    const err: string[] = [];
    return runCli(
      args,
      { NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env },
      { out: (line) => out.push(line), err: (line) => err.push(line) },
    ).then((code) => ({ code, out: out.join('\n'), err: err.join('\n') }));
  }

  async function openApp(dataDir: string, bucket: string) {
    const database = await openDatabase({ dataDir });
    await migrateDatabase(database);
    const app = await buildApp({ config: testConfig({ DATA_DIR: dataDir, ...s3.env(bucket) }), database });
    return {
      app,
      close: async () => {
        await app.close();
        await database.close();
      },
    };
  }

  it("carries the bucket's originals in the archive and puts them into the restore's bucket", async () => {
    const scratch = tempDir();
    const source = path.join(scratch, 'source');
    const first = await openApp(source, 'backup-source');
    const alice = await createMember(first.app);
    const picture = await setPicture(first.app, alice);
    expect((await preview(first.app, picture, null, 100)).statusCode).toBe(200);
    await first.close();

    const archive = path.join(scratch, 'samaj.tar.gz');
    const backedUp = await cli(['backup', archive], { DATA_DIR: source, ...s3.env('backup-source') });
    expect(backedUp, backedUp.err).toMatchObject({ code: 0 });
    expect(backedUp.out).toContain('Backed up 1 member, 0 posts and 1 file from the S3 bucket backup-source');

    const target = path.join(scratch, 'restored');
    const restored = await cli(['restore', archive], { DATA_DIR: target, ...s3.env('backup-restored') });
    expect(restored, restored.err).toMatchObject({ code: 0 });
    expect(restored.out).toContain('1 file into the S3 bucket backup-restored');
    // Only originals travel: previews are made again on demand.
    expect(await keysIn('backup-restored')).toEqual([`${picture}/original`]);
    expect(
      (await objectIn('backup-restored', `${picture}/original`)).equals(
        await objectIn('backup-source', `${picture}/original`),
      ),
    ).toBe(true);

    const back = await openApp(target, 'backup-restored');
    try {
      expect((await login(back.app, alice.user.email, alice.password)).response.statusCode).toBe(200);
      expect((await preview(back.app, picture, null, 100)).statusCode).toBe(200);
    } finally {
      await back.close();
    }
  });
});
