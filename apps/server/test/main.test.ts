// The server as an operator runs it: a real process, real signals.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { serverEntry, serverFlags } from '../../../scripts/server-command.mjs';
import { tempDir } from './harness.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const MAIN = 'apps/server/src/main.ts';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function start(
  env: Record<string, string>,
  stdio: 'pipe' | 'ignore' = 'pipe',
  command: string[] = ['--import', 'tsx', MAIN],
): {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
} {
  const child = spawn(process.execPath, command, {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', TEST_DATABASE_URL: '', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', stdio],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exit };
}

async function waitFor(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('src/main.ts', () => {
  it('starts, prints its URL, and stops cleanly on SIGTERM (exit 0, lock removed)', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const server = start({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' });
    await waitFor(() => server.output().includes('Samaj is running at'), 90_000);
    expect(server.output()).toContain(`Samaj is running at http://localhost:${port}`);
    expect(fs.existsSync(path.join(dataDir, 'samaj.lock'))).toBe(true);

    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect((await health.json()).status).toBe('ok');

    server.child.kill('SIGTERM');
    expect(await server.exit).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'samaj.lock'))).toBe(false);
    // Opening PGlite on disk for the first time takes long on a busy 2-core machine.
  }, 150_000);

  it('makes DATA_DIR owner-only: repairs an existing 0666/0777 tree and creates 0600 files', async () => {
    const dataDir = tempDir();
    fs.chmodSync(dataDir, 0o777);
    fs.mkdirSync(path.join(dataDir, 'files', 'ab'), { recursive: true });
    fs.chmodSync(path.join(dataDir, 'files'), 0o777);
    fs.chmodSync(path.join(dataDir, 'files', 'ab'), 0o777);
    fs.writeFileSync(path.join(dataDir, 'files', 'ab', 'old.webp'), 'old');
    fs.chmodSync(path.join(dataDir, 'files', 'ab', 'old.webp'), 0o666);
    fs.writeFileSync(path.join(dataDir, 'secret.key'), 'key');
    fs.chmodSync(path.join(dataDir, 'secret.key'), 0o666);

    const port = await freePort();
    const server = start({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' });
    await waitFor(() => server.output().includes('Samaj is running at'), 90_000);

    const mode = (file: string) => fs.statSync(path.join(dataDir, file)).mode & 0o777;
    expect(mode('.')).toBe(0o700);
    expect(mode('files')).toBe(0o700);
    expect(mode('files/ab')).toBe(0o700);
    expect(mode('files/ab/old.webp')).toBe(0o600);
    expect(mode('secret.key')).toBe(0o600);
    expect(mode('samaj.lock')).toBe(0o600);
    // Everything the server created (PGlite's files, the operator socket): nothing for group or others.
    const loose: string[] = [];
    let created = 0;
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        created += 1;
        if ((fs.lstatSync(full).mode & 0o077) !== 0) loose.push(full);
        if (entry.isDirectory()) walk(full);
      }
    };
    walk(dataDir);
    expect(created).toBeGreaterThan(100);
    expect(loose).toEqual([]);

    server.child.kill('SIGTERM');
    expect(await server.exit).toBe(0);
  }, 150_000);

  for (const reader of ['stops reading', 'is gone'] as const) {
    it(`stops within its timeout after SIGTERM when the reader of its output ${reader}`, async () => {
      const dataDir = tempDir();
      const port = await freePort();
      const server = start(
        { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' },
        'ignore',
      );
      await waitFor(() => server.output().includes('Samaj is running at'), 90_000);
      if (reader === 'stops reading') server.child.stdout?.pause();
      else server.child.stdout?.destroy();
      // Far more log lines than a pipe holds (64 KB): each request logs its long URL twice.
      const pad = 'x'.repeat(1000);
      for (let i = 0; i < 150; i++) await fetch(`http://127.0.0.1:${port}/api/health?pad=${pad}`);

      const stoppedAt = Date.now();
      server.child.kill('SIGTERM');
      const code = await Promise.race([
        server.exit,
        new Promise<'alive'>((resolve) => setTimeout(() => resolve('alive'), 20_000)),
      ]);
      if (code === 'alive') server.child.kill('SIGKILL');
      expect(code).toBe(0);
      expect(Date.now() - stoppedAt).toBeLessThan(10_000);
      expect(fs.existsSync(path.join(dataDir, 'samaj.lock'))).toBe(false);
    }, 150_000);
  }

  it('PORT=abc exits 1 with one clear line', async () => {
    const server = start({ DATA_DIR: tempDir(), PORT: 'abc' });
    expect(await server.exit).toBe(1);
    expect(server.output().trim()).toBe('PORT must be a number from 1 to 65535 (got "abc")');
  });

  it('a VAPID_SUBJECT push services refuse exits 1 with one clear line', async () => {
    const server = start({ DATA_DIR: tempDir(), VAPID_SUBJECT: 'http://localhost:8080' });
    expect(await server.exit).toBe(1);
    expect(server.output().trim()).toBe(
      'VAPID_SUBJECT must be a mailto: address or an https: URL of your site, which push services accept (localhost is refused) (got "http://localhost:8080")',
    );
  });
});

describe('the compiled server (what `npm start` runs)', () => {
  it('builds, creates the database on a first start, serves the seeded surnames, and starts again on it', async () => {
    const build = spawn('npm', ['run', 'build', '-w', '@samaj/server'], { cwd: ROOT, stdio: 'ignore' });
    expect(await new Promise((resolve) => build.on('exit', resolve))).toBe(0);
    const dataDir = tempDir();
    for (const round of ['first start', 'later start']) {
      const port = await freePort();
      const env = { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' };
      const server = start(env, 'pipe', [...serverFlags(env), serverEntry]);
      await waitFor(() => server.output().includes('Samaj is running at'), 90_000);
      const list = await fetch(`http://127.0.0.1:${port}/api/surnames`);
      expect(list.status, round).toBe(200);
      expect(((await list.json()) as { documents: unknown[] }).documents.length, round).toBeGreaterThan(50);
      // The database the first start made in a process of its own is owner-only too.
      const version = fs.statSync(path.join(dataDir, 'pglite', 'PG_VERSION'));
      expect(version.mode & 0o077, round).toBe(0);
      server.child.kill('SIGTERM');
      expect(await server.exit, round).toBe(0);
    }
  }, 240_000);
});
