import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import sharp from 'sharp';
import { serverEntry, serverEnv, serverFlags } from '../scripts/server-command.mjs';
import { freePort } from '../scripts/test-browser.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export { CHROMIUM, freePort, QUIET_ARGS, WEBRTC_ARGS } from '../scripts/test-browser.mjs';

export interface RunningServer {
  url: string;
  child: ChildProcess;
  dataDir: string;
  startMs: number;
  stop(): Promise<void>;
}

/** Starts the real server (compiled, as `npm start` runs it) and resolves once /api/health answers 200. */
export async function startServer(
  env: Record<string, string> = {},
  /** Extra flags for Node (e.g. `--cpu-prof`), before the server's own. */
  nodeFlags: string[] = [],
  /** Each line the server writes to stdout (e.g. V8's `--trace-gc` lines); otherwise stdout is dropped. */
  onStdoutLine?: (line: string) => void,
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'samaj-bench-'));
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  // What operators run (`npm start`): the compiled server and its flags; `npm run bench` builds it first.
  const child = spawn(
    process.execPath,
    [...nodeFlags, ...serverFlags({ ...process.env, ...env }), serverEntry],
    {
      env: {
        ...process.env,
        ...serverEnv(),
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: url,
        ...env,
      },
      stdio: ['ignore', onStdoutLine ? 'pipe' : 'ignore', 'inherit'],
    },
  );
  if (onStdoutLine && child.stdout) {
    let rest = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) onStdoutLine(line);
    });
  }
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.status === 200) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 20));
  }
  const startMs = performance.now() - started;
  return {
    url,
    child,
    dataDir,
    startMs,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

export function machine(): string {
  return `${cpus().length} × ${cpus()[0]?.model.trim()}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export interface Section {
  title: string;
  markdown: string;
}

/** The PostgreSQL the benches may create databases in (trust auth on this machine). */
export const PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function asAdmin(sql: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    for (const statement of sql) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** A new, empty database `name` on that server (one left from an earlier run is dropped first). */
export async function freshDatabase(name: string): Promise<{ url: string; drop(): Promise<void> }> {
  const drop = `drop database if exists ${name} with (force)`;
  await asAdmin([drop, `create database ${name}`]);
  return { url: PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`), drop: () => asAdmin([drop]) };
}

/** Seconds per measured route (BENCH_DURATION shortens a trial run) and autocannon's connections. */
export const DURATION = Number(process.env.BENCH_DURATION ?? 10);
export const CONNECTIONS = 10;

/** One route under load: latency percentiles, requests per second, and anything not answered 2xx. */
export interface Measure {
  p50: number;
  p99: number;
  rps: number;
  errors: number;
}

/** The mean of each figure over rounds of one route (rounds alternate, as this machine's speed drifts). */
export function meanOf(measures: Measure[]): Measure {
  const mean = (pick: (m: Measure) => number) =>
    measures.reduce((sum, m) => sum + pick(m), 0) / measures.length;
  return {
    p50: mean((m) => m.p50),
    p99: mean((m) => m.p99),
    rps: mean((m) => m.rps),
    errors: measures.reduce((sum, m) => sum + m.errors, 0),
  };
}

/** `connections` clients for `duration` seconds on one URL (autocannon), with a session cookie if given. */
export async function loadRoute(
  url: string,
  {
    cookie,
    connections = CONNECTIONS,
    duration = DURATION,
  }: { cookie?: string; connections?: number; duration?: number } = {},
): Promise<Measure> {
  const result = await autocannon({ url, connections, duration, headers: cookie ? { cookie } : {} });
  const errors = result.errors + result.timeouts + result.non2xx;
  return { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average, errors };
}

/** A member signed up through the API with the first surname of the directory: their session cookie. */
export async function signUpReader(
  server: RunningServer,
  who: { username: string; name: string; email: string },
): Promise<string> {
  const surnames = (await (await fetch(`${server.url}/api/surnames`)).json().catch(() => null)) as {
    documents?: { id: string }[];
  } | null;
  const res = await fetch(`${server.url}/api/account/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      ...who,
      surname: surnames?.documents?.[0]?.id ?? 'Patel',
      password: 'correct horse battery',
    }),
  });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => !c.endsWith('='))
    .join('; ');
}

/**
 * A photo-like JPEG: a plain background and a patch of fine detail (a quarter of each side) for the
 * encoder to work on. `seed` varies the colour and the patch's place, so uploads are not identical.
 */
export async function photoJpeg(width: number, height: number, seed = 0): Promise<Buffer> {
  const [patchWidth, patchHeight] = [Math.round(width / 4), Math.round(height / 4)];
  const detail = Buffer.from(Array.from({ length: patchWidth * patchHeight * 3 }, (_, k) => (k * 37) % 256));
  return sharp({
    create: { width, height, channels: 3, background: { r: (120 + 20 * seed) % 256, g: 90, b: 60 } },
  })
    .composite([
      {
        input: detail,
        raw: { width: patchWidth, height: patchHeight, channels: 3 },
        left: Math.round(width / 8) + 40 * seed,
        top: Math.round(height / 8),
      },
    ])
    .jpeg({ quality: 85 })
    .toBuffer();
}
