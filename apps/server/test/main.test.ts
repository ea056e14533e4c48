// The server as an operator runs it: a real process, real signals.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
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

function start(env: Record<string, string>): {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', TEST_DATABASE_URL: '', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
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
  });

  it('PORT=abc exits 1 with one clear line', async () => {
    const server = start({ DATA_DIR: tempDir(), PORT: 'abc' });
    expect(await server.exit).toBe(1);
    expect(server.output().trim()).toBe('PORT must be a number from 1 to 65535 (got "abc")');
  });
});
