// Targets (docs/product/operations.md, "Performance targets"): cold start ≤ 5 s (first start: migrations +
// seed, to the first 200 on /api/health), idle RSS ≤ 320 MB (pages rendered on the server; was 200), initial
// JavaScript for `/` ≤ 170 KB gzip. Baselines from the same run: a bare Node HTTP server's start and RSS, and
// React + ReactDOM's own production size.
import { spawn } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { SW_REGISTRATION_MARK } from '@samaj/core';
import { chromium } from 'playwright-core';
import {
  CHROMIUM,
  freePort,
  median,
  photoJpeg,
  QUIET_ARGS,
  type RunningServer,
  rssMb,
  type Section,
  signUpReader,
  startServer,
} from '../lib.ts';

/**
 * A member uploads `count` phone-sized photos (3000×2000 JPEG) as their picture, each then shown at three
 * preview widths: the image work whose freed memory glibc used to keep (scripts/server-command.mjs).
 */
async function uploadPhotos(server: RunningServer, count: number): Promise<number[]> {
  const cookie = await signUpReader(server, {
    username: 'photos',
    name: 'Photo Member',
    email: 'photos@example.com',
  });
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const photo = await photoJpeg(3000, 2000, i);
    const form = new FormData();
    form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
    const started = performance.now();
    const up = await fetch(`${server.url}/api/account/picture`, {
      method: 'POST',
      headers: { cookie, origin: server.url },
      body: form,
    });
    if (up.status !== 200) throw new Error(`upload ${up.status}: ${await up.text()}`);
    const { dp } = (await up.json()) as { dp: string };
    times.push(performance.now() - started);
    for (const width of [490, 300, 100]) {
      const preview = await fetch(`${server.url}/api/files/${dp}/preview?width=${width}`, {
        headers: { accept: 'image/avif,image/webp,*/*' },
      });
      if (preview.status !== 200) throw new Error(`preview ${preview.status}`);
      await preview.arrayBuffer();
    }
  }
  return times;
}

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

const PHOTOS = 10;

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
  // A member's browser asking for Gujarati: the page is rendered in the language a browser asks for
  // (docs/product/shell.md, "Server rendering"), and one asking for English also loads the shell's English
  // texts (~1.9 KB gzip).
  const page = await browser.newPage({ locale: 'gu-IN' });
  const scripts: { url: string; gzip: number }[] = [];
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    try {
      scripts.push({ url: new URL(res.url()).pathname, gzip: gzipSync(await res.body()).length });
    } catch {}
  });
  await page.goto(`${cold.url}/`, { waitUntil: 'networkidle' });
  // The first load ends where the app, its first screen in, starts registering its service worker
  // (a mark); what loads after (workbox-window) is counted apart. Waiting for the mark makes the
  // count the same every run: networkidle alone sometimes came before it, sometimes after.
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, SW_REGISTRATION_MARK, {
    timeout: 40_000,
  });
  await page.waitForTimeout(2000);
  const afterMark = new Set(
    await page.evaluate((mark) => {
      const at = performance.getEntriesByName(mark)[0].startTime;
      return performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime >= at)
        .map((entry) => new URL(entry.name).pathname);
    }, SW_REGISTRATION_MARK),
  );
  await browser.close();
  await cold.stop();

  // Later starts on the same data (migrations applied, seed skipped): the steady state, since the first
  // start's database creation (initdb) leaves PGlite's WebAssembly memory larger until the next restart.
  let steadyRss = 0;
  let photosRss = 0;
  let uploadTimes: number[] = [];
  for (let i = 0; i < 3; i++) {
    const again = await startServer({ DATA_DIR: cold.dataDir });
    warmStarts.push(again.startMs);
    if (i === 0) {
      for (let r = 0; r < 20; r++) await fetch(`${again.url}/api/surnames`);
      await new Promise((r) => setTimeout(r, 5000));
      steadyRss = rssMb(again.child.pid as number);
      uploadTimes = await uploadPhotos(again, PHOTOS);
      await new Promise((r) => setTimeout(r, 5000));
      photosRss = rssMb(again.child.pid as number);
    }
    await again.stop();
  }

  const firstLoad = scripts.filter((s) => !afterMark.has(s.url));
  const later = scripts.filter((s) => afterMark.has(s.url));
  const kb = (list: typeof scripts) => list.reduce((sum, s) => sum + s.gzip, 0) / 1024;
  const jsKb = kb(firstLoad);
  const row = (name: string, value: string, target: string, baseline: string, ok: boolean) =>
    `| ${name} | ${value} | ${target} | ${baseline} | ${ok ? 'met' : 'MISSED'} |`;
  // The spec's memory target, beside what a bare Node process takes on this machine.
  const rssRow = (name: string, rss: number) =>
    row(
      name,
      `${rss.toFixed(0)} MB`,
      '≤ 320 MB',
      `bare Node ${bare.rss.toFixed(0)} MB (×${(rss / bare.rss).toFixed(1)})`,
      rss <= 320,
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
    rssRow(
      `idle RSS after a member's ${PHOTOS} photo uploads (3000×2000 JPEG, upload p50 ${median(uploadTimes).toFixed(0)} ms) and their previews`,
      photosRss,
    ),
    row(
      'JavaScript loaded for `/` (gzip), to the first screen with its data',
      `${jsKb.toFixed(1)} KB in ${firstLoad.length} files`,
      '≤ 170 KB',
      '',
      jsKb <= 170,
    ),
    row(
      'JavaScript loaded after, as the service worker registers (gzip)',
      `${kb(later).toFixed(1)} KB in ${later.length} files (${later.map((s) => s.url.split('/').pop()).join(', ')})`,
      '—',
      '',
      true,
    ),
  ].join('\n');
  return { title: 'Start-up, memory and first load', markdown };
}
