// The operator CLI as the operator runs it (a separate process), against a
// PGlite DATA_DIR: alone, and while a server holds the directory.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { tempDir, testConfig } from '../../../test/harness.ts';
import { createMember, login } from '../../../test/members.ts';
import { buildApp } from '../../app.ts';
import { serveOperatorSocket } from '../../cli/socket.ts';
import { openDatabase } from '../../db/client.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { acquireLock } from '../../platform/lock.ts';

const root = fileURLToPath(new URL('../../../../../', import.meta.url));

function cli(dataDir: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli.ts', ...args],
      {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
        timeout: 60_000,
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function startServer(dataDir: string) {
  const lock = acquireLock(dataDir, 'server');
  const database = await openDatabase({ dataDir });
  await migrateDatabase(database);
  const config = testConfig({ DATA_DIR: dataDir });
  const app = await buildApp({ config, database });
  return {
    app,
    async stop() {
      await app.close();
      await database.close();
      lock.release();
    },
  };
}

describe('operator CLI on a PGlite DATA_DIR', () => {
  const dataDir = tempDir('samaj-cli-');
  let member: Awaited<ReturnType<typeof createMember>>;
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  test('with no server running, the command opens the database itself', async () => {
    const server = await startServer(dataDir);
    member = await createMember(server.app);
    await server.stop();

    const granted = await cli(dataDir, 'grant', member.user.id, 'Verified');
    expect(granted.stderr).toBe('');
    expect(granted.stdout.trim()).toBe(`Granted Verified to ${member.user.id}.`);
    expect(granted.code).toBe(0);

    const unknown = await cli(dataDir, 'grant', 'nobody_at_all', 'Verified');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe('No member with the username "nobody_at_all".');
    const badLabel = await cli(dataDir, 'revoke', member.user.id, 'King');
    expect(badLabel.code).toBe(1);
    expect(badLabel.stderr).toMatch(/Unknown label "King"/);

    // The write really landed: a server started afterwards sees it.
    const again = await startServer(dataDir);
    const [row] = await again.app.db.query.user.findMany({ where: (u, { eq }) => eq(u.id, member.user.id) });
    expect(row.labels).toEqual(['Verified']);
    await again.stop();
  }, 120_000);

  test('while a server holds DATA_DIR, commands go through its operator socket', async () => {
    const server = await startServer(dataDir);
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = await serveOperatorSocket(server.app);
    cleanups.push(async () => {
      await socket?.close();
      await server.stop();
    });
    expect(socket).toBeDefined();
    expect(fs.statSync(path.join(dataDir, 'operator.sock')).mode & 0o777).toBe(0o600);

    const before = await login(server.app, member.user.email, member.password);
    expect(before.response.statusCode).toBe(200);
    // The server's own subscribers (realtime, notifications) hear what the operator changed.
    const heard: unknown[] = [];
    server.app.events.onCommit('user.blocked', ({ userId, blocked }) => {
      heard.push({ userId, blocked });
    });

    const blocked = await cli(dataDir, 'block', member.user.id);
    expect(blocked.stdout.trim()).toMatch(new RegExp(`^Blocked ${member.user.id}; ended \\d+ sessions?\\.$`));
    expect(blocked.code).toBe(0);
    const refused = await login(server.app, member.user.email, member.password);
    expect(refused.response.statusCode).toBe(403);
    expect(refused.response.json().type).toBe('user_blocked');
    expect(heard).toEqual([{ userId: member.user.id, blocked: true }]);
    const oldSession = await server.app.inject({
      method: 'GET',
      url: '/api/account',
      headers: { cookie: before.cookie },
    });
    expect(oldSession.statusCode).toBe(401);

    const revoked = await cli(dataDir, 'revoke', member.user.id, 'Verified');
    expect(revoked.stdout.trim()).toBe(`Revoked Verified from ${member.user.id}.`);
    const unblocked = await cli(dataDir, 'unblock', member.user.id);
    expect(unblocked.code).toBe(0);
    expect((await login(server.app, member.user.email, member.password)).response.statusCode).toBe(200);

    const unknown = await cli(dataDir, 'block', 'nobody_at_all');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe('No member with the username "nobody_at_all".');

    // Without the socket, the lock still keeps the command from writing behind the server's back.
    await socket?.close();
    const locked = await cli(dataDir, 'grant', member.user.id, 'Founder');
    expect(locked.code).toBe(1);
    expect(locked.stderr).toMatch(/Another Samaj server \(pid \d+\) is using DATA_DIR/);
  }, 180_000);
});
