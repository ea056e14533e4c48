// Issue 2 targets: cold start ≤ 5 s (first start: migrations + seed, to the first 200 on /api/health),
// idle RSS ≤ 200 MB, initial JavaScript for `/` ≤ 150 KB gzip. Baselines from the same run: a bare Node
// HTTP server's start and RSS, and React + ReactDOM's own production size.
import { spawn } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM, freePort, QUIET_ARGS, rssMb, type Section, startServer } from '../lib.ts';

async function bareNode(): Promise<{ startMs: number; rss: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['-e', `require('http').createServer((q,s)=>s.end('{}')).listen(${port},'127.0.0.1')`],
    { stdio: 'ignore' },
  );
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 10));
  }
  const startMs = performance.now() - started;
  await new Promise((r) => setTimeout(r, 3000));
  const rss = rssMb(child.pid as number);
  child.kill();
  return { startMs, rss };
}

export async function run(): Promise<Section> {
  const bare = await bareNode();
  const cold = await startServer();
  const warmStarts: number[] = [];
  await new Promise((r) => setTimeout(r, 5000));
  const idleRss = rssMb(cold.child.pid as number);

  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: QUIET_ARGS,
  });
  const page = await browser.newPage();
  const scripts: { url: string; gzip: number }[] = [];
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    try {
      scripts.push({ url: new URL(res.url()).pathname, gzip: gzipSync(await res.body()).length });
    } catch {}
  });
  await page.goto(`${cold.url}/`, { waitUntil: 'networkidle' });
  await browser.close();
  await cold.stop();

  // Later starts on the same data (migrations applied, seed skipped): the steady state, since the first
  // start's database creation (initdb) leaves PGlite's WebAssembly memory larger until the next restart.
  let steadyRss = 0;
  for (let i = 0; i < 3; i++) {
    const again = await startServer({ DATA_DIR: cold.dataDir });
    warmStarts.push(again.startMs);
    if (i === 0) {
      for (let r = 0; r < 20; r++) await fetch(`${again.url}/api/surnames`);
      await new Promise((r) => setTimeout(r, 5000));
      steadyRss = rssMb(again.child.pid as number);
    }
    await again.stop();
  }

  const jsKb = scripts.reduce((sum, s) => sum + s.gzip, 0) / 1024;
  const row = (name: string, value: string, target: string, baseline: string, ok: boolean) =>
    `| ${name} | ${value} | ${target} | ${baseline} | ${ok ? 'met' : 'MISSED'} |`;
  // The spec's memory target, beside what a bare Node process takes on this machine.
  const rssRow = (name: string, rss: number) =>
    row(
      name,
      `${rss.toFixed(0)} MB`,
      '≤ 200 MB',
      `bare Node ${bare.rss.toFixed(0)} MB (×${(rss / bare.rss).toFixed(1)})`,
      rss <= 200,
    );
  const markdown = [
    'Data: an empty DATA_DIR (PGlite), seeded with the built-in surnames on first start.',
    '',
    '| measure | value | target | baseline (same run) | |',
    '|---|---|---|---|---|',
    row(
      'cold start to first 200 on /api/health',
      `${(cold.startMs / 1000).toFixed(2)} s`,
      '≤ 5 s',
      `bare Node http server ${(bare.startMs / 1000).toFixed(2)} s (×${(cold.startMs / bare.startMs).toFixed(1)})`,
      cold.startMs <= 5000,
    ),
    row(
      'warm start (median of 3)',
      `${([...warmStarts].sort((a, b) => a - b)[1] / 1000).toFixed(2)} s`,
      '—',
      '',
      true,
    ),
    rssRow('idle RSS 5 s after the first start (includes creating the database)', idleRss),
    rssRow('idle RSS on a later start (steady state, after 20 list requests)', steadyRss),
    row(
      'JavaScript loaded for `/` (gzip)',
      `${jsKb.toFixed(1)} KB in ${scripts.length} files`,
      '≤ 150 KB',
      '',
      jsKb <= 150,
    ),
  ].join('\n');
  return { title: 'Start-up, memory and first load', markdown };
}
