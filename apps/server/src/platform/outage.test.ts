// When the database is away (stopped, restarting, the network to it cut) or a disk is full, members
// are asked to try again in a moment: 503 with Retry-After, or 507, in the error shape — never the
// 500 `general_unknown` of a bug. The PostgreSQL outage is real: the app reaches the database through
// a TCP relay the test cuts (its open connections end, new ones are refused); PGlite is closed under
// the running app.
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ERROR_TYPES } from '@samaj/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectError, upload } from '../../test/api.ts';
import { png } from '../../test/fixtures/images.ts';
import {
  closeTestDatabase,
  describeEachDatabase,
  engines,
  TEST_DATABASE_URL,
  testConfig,
} from '../../test/harness.ts';
import { createMember, login } from '../../test/members.ts';
import { listening, openSocket } from '../../test/sockets.ts';
import { buildApp } from '../app.ts';
import { type OpenDatabase, openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from './error-handler.ts';

const disk = vi.hoisted(() => ({ full: false }));

// The store's writes fail as on a full disk while `disk.full` is set (after writing a few bytes).
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  return {
    ...real,
    writeFile: async (...args: Parameters<typeof real.writeFile>) => {
      if (!disk.full) return real.writeFile(...args);
      await real.writeFile(args[0], Buffer.from('part'));
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    },
  };
});

/** A TCP relay to PostgreSQL that can be cut: the network between app and database going down. */
async function relayTo(target: URL): Promise<{ port: number; cut: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => {});
      s.on('close', () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    cut: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      }),
  };
}

function expectOutage(res: Awaited<ReturnType<FastifyInstance['inject']>>) {
  expectError(res, 503, ERROR_TYPES.GENERAL_DATABASE_UNAVAILABLE);
  expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
}

for (const engine of engines()) {
  describe(`a database outage under a running app [${engine}]`, () => {
    it('answers 503 with Retry-After to members, visitors and logins; the app closes cleanly', async () => {
      let relay: Awaited<ReturnType<typeof relayTo>> | undefined;
      let database: OpenDatabase;
      let owner: OpenDatabase | undefined;
      if (engine === 'postgres') {
        const url = new URL(TEST_DATABASE_URL as string);
        relay = await relayTo(url);
        const relayed = new URL(url);
        relayed.hostname = '127.0.0.1';
        relayed.port = String(relay.port);
        const pgSchema = `test_${crypto.randomBytes(6).toString('hex')}`;
        // The schema is made and dropped over a direct connection; the app's goes through the relay.
        owner = await openDatabase({ databaseUrl: TEST_DATABASE_URL, pgSchema });
        await migrateDatabase(owner);
        database = await openDatabase({ databaseUrl: relayed.toString(), pgSchema });
      } else {
        database = await openDatabase({ inMemory: true });
        await migrateDatabase(database);
      }
      const app = await buildApp({ config: testConfig(), database });
      try {
        const member = await createMember(app);
        const feed = () =>
          app.inject({ method: 'GET', url: '/api/posts', headers: { cookie: member.cookie } });
        expect((await feed()).statusCode).toBe(200);

        if (relay) await relay.cut();
        else await database.close();

        expectOutage(await feed());
        expectOutage(await app.inject({ method: 'GET', url: '/api/surnames' }));
        expectOutage((await login(app, member.user.email, member.password)).response);
        const account = await app.inject({
          method: 'PATCH',
          url: '/api/account',
          headers: { cookie: member.cookie },
          payload: { name: 'New Name', email: member.user.email },
        });
        expectOutage(account);
        // A socket's upgrade cannot read its session either: 503, not 500.
        const socket = openSocket(await listening(app), '/realtime', member.cookie);
        expect(await socket.closed).toEqual({ code: 503, reason: 'http' });
      } finally {
        await app.close();
        await database.close();
        if (owner) await closeTestDatabase(owner);
      }
    }, 60_000);
  });
}

describeEachDatabase('a full disk', (ctx) => {
  afterEach(() => {
    disk.full = false;
  });

  it('an upload that finds the disk full answers 507 and leaves no file behind', async () => {
    const member = await createMember(ctx.app);
    const files = path.join(ctx.config.dataDir, 'files');
    const before = fs.existsSync(files) ? fs.readdirSync(files, { recursive: true }).length : 0;
    disk.full = true;
    const res = await upload(ctx.app, '/api/account/picture', member, [
      { filename: 'me.png', contentType: 'image/png', data: await png(64, 64) },
    ]);
    expectError(res, 507, ERROR_TYPES.GENERAL_INSUFFICIENT_STORAGE);
    const after = fs.existsSync(files)
      ? fs.readdirSync(files, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length
      : 0;
    expect(after).toBe(before);
  });

  it("the database's own disk full (SQLSTATE 53100) answers 507", async () => {
    const member = await createMember(ctx.app);
    await ctx.app.db.execute(
      sql.raw(`CREATE FUNCTION outage_disk_full() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = 'disk_full'; END; $$`),
    );
    await ctx.app.db.execute(
      sql.raw(
        `CREATE TRIGGER outage_disk_full BEFORE UPDATE ON "user" FOR EACH ROW EXECUTE FUNCTION outage_disk_full()`,
      ),
    );
    try {
      const res = await ctx.app.inject({
        method: 'PATCH',
        url: '/api/account',
        headers: { cookie: member.cookie },
        payload: { name: 'New Name', email: member.user.email },
      });
      expectError(res, 507, ERROR_TYPES.GENERAL_INSUFFICIENT_STORAGE);
    } finally {
      await ctx.app.db.execute(sql.raw(`DROP TRIGGER outage_disk_full ON "user"`));
      await ctx.app.db.execute(sql.raw('DROP FUNCTION outage_disk_full()'));
    }
  });
});
