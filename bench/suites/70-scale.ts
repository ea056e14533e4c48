// docs/product/operations.md, "Performance targets": one and two server processes on one PostgreSQL behind
// Debian's nginx with the shipped site (deploy/nginx/samaj.conf, as the proxy test runs it), over HTTPS. Each
// route is a ratio to the bare health route through the same proxy in the same run; the two setups are
// measured in alternating rounds. Then a soak of mixed traffic on two processes, with the RSS of each process
// reported every 30 s as the highest it read in those 30 s (read every 2 s: RSS saws up and down by ~100 MB
// with each collection, so one reading per 30 s would miss the first minute's true peak). Target: the surname
// list (kept in memory, list-cache.ts) ≥ 0.5× the bare route.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { NGINX_CERT, siteForTest } from '../../apps/server/test/nginx-site.ts';
import { fillFeed } from '../data/feed.ts';
import {
  CONNECTIONS,
  DURATION,
  freePort,
  freshDatabase,
  type Measure,
  meanOf,
  median,
  type RunningServer,
  root,
  rssMb,
  type Section,
  signUpReader,
  startServer,
} from '../lib.ts';
import { fill as fillMatrimony, listReader } from './50-matrimony.ts';

const PG_BENCH_DB = 'bench_scale';
/** The matrimony suite's reader (listReader gives him a profile and a shortlist). */
const READER = 'bench_matrimony_reader';
const READER_EMAIL = 'bench.matrimony@example.com';
const PASSWORD = 'correct horse battery';
const POSTS = 10_000;
const PROFILES = 1_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
/** The soak's length (BENCH_SOAK_S shortens a trial run) and how often RSS is read. */
const SOAK_S = Number(process.env.BENCH_SOAK_S ?? 600);
const SAMPLE_S = 30;
const READ_EVERY_S = 2;
const NGINX = '/usr/sbin/nginx';

const load1 = () => loadavg()[0].toFixed(2);
/** A full collection in V8's --trace-gc line, capturing the heap in MB after it. */
const FULL_GC = /(?:Mark-Compact|Mark-Sweep)[^\d]*[\d.]+ \([\d.]+\) -> ([\d.]+) \(/;

interface Proxy {
  origin: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** nginx (one worker) with the shipped site in front of `apps`, in a folder of its own. */
async function startNginx(apps: RunningServer[], https: number): Promise<Proxy> {
  const http = await freePort();
  const ports = apps.map((app) => Number(new URL(app.url).port));
  const dir = mkdtempSync(join(tmpdir(), 'samaj-bench-nginx-'));
  chmodSync(dir, 0o755);
  const site = siteForTest(readFileSync(join(root, 'deploy/nginx/samaj.conf'), 'utf8'), {
    http,
    https,
    // One process: the site's two upstream lines name the same one.
    apps: [ports[0], ports[1] ?? ports[0]],
  });
  writeFileSync(join(dir, 'samaj.conf'), site);
  const temp = (what: string) => `${what}_temp_path ${join(dir, `${what}_temp`)};`;
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${join(dir, 'error.log')} warn;`,
      'events { worker_connections 1024; }',
      'http {',
      '  access_log off;',
      `  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}`,
      `  include ${join(dir, 'samaj.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `https://127.0.0.1:${https}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null)
      throw new Error(`nginx exited: ${readFileSync(join(dir, 'error.log'), 'utf8')}`);
    const ok = await autocannon({ url: `${origin}/api/health`, amount: 1, connections: 1 }).catch(() => null);
    if (ok && ok['2xx'] === 1) break;
    if (i > 100) throw new Error('nginx did not answer');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    origin,
    child,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** A session through the proxy (HTTPS: the cookie carries the Secure prefix the site's origin gets). */
async function logIn(origin: string, publicUrl: string): Promise<string> {
  const body = JSON.stringify({ email: READER_EMAIL, password: PASSWORD });
  // nginx serves the test certificate (for 127.0.0.1): trust it for this request only.
  const ca = readFileSync(NGINX_CERT);
  const { status, cookies, text } = await new Promise<{ status: number; cookies: string[]; text: string }>(
    (resolve, reject) => {
      const req = httpsRequest(
        `${origin}/api/account/login`,
        { method: 'POST', ca, headers: { 'content-type': 'application/json', origin: publicUrl } },
        (res) => {
          let text = '';
          res.on('data', (chunk) => {
            text += chunk;
          });
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, cookies: res.headers['set-cookie'] ?? [], text }),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    },
  );
  if (status !== 200) throw new Error(`login through the proxy: ${status} ${text}`);
  return cookies
    .map((c) => c.split(';')[0] as string)
    .filter((c) => !c.endsWith('='))
    .join('; ');
}

interface Route {
  name: string;
  request: { path: string; method?: 'GET' | 'POST'; body?: string; headers?: Record<string, string> };
}

/** `publicUrl`: the Origin a browser on the site sends with a POST. */
function routes(publicUrl: string, cookie: string): Route[] {
  const member = { cookie };
  return [
    { name: 'health (bare route)', request: { path: '/api/health' } },
    { name: 'feed (member)', request: { path: '/api/posts', headers: member } },
    { name: 'surname list (visitor)', request: { path: '/api/surnames' } },
    {
      name: 'login (POST)',
      request: {
        path: '/api/account/login',
        method: 'POST',
        body: JSON.stringify({ email: READER_EMAIL, password: PASSWORD }),
        headers: { 'content-type': 'application/json', origin: publicUrl },
      },
    },
    {
      name: 'matrimony suggestions (member)',
      request: { path: '/api/matrimony/suggestions', headers: member },
    },
  ];
}

async function measure(origin: string, route: Route, duration = DURATION): Promise<Measure> {
  const result = await autocannon({
    url: origin + route.request.path,
    method: route.request.method ?? 'GET',
    body: route.request.body,
    headers: route.request.headers ?? {},
    connections: CONNECTIONS,
    duration,
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  return { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average, errors };
}

/** The bench's database: migrated and seeded by a first start, then feed and matrimony data in SQL. */
export async function prepare(url: string): Promise<{ surnames: number; fillMs: number }> {
  const first = await startServer({ DATABASE_URL: url });
  try {
    await signUpReader(first, { username: READER, name: 'Bench Reader', email: READER_EMAIL });
  } finally {
    await first.stop();
  }
  const started = performance.now();
  const database = await openDatabase({ databaseUrl: url });
  let surnames = 0;
  try {
    // At least 100 surnames (a full first page), whatever the seed file holds.
    await database.db.execute(
      sql.raw(`insert into surname (id, name, name_guj, gotra, gam, kuldevta)
        select 'Benchname' || lpad(n::text, 3, '0'), 'Benchname' || lpad(n::text, 3, '0'), 'બેન્ચ ' || n,
               'Kashyap', 'Unjha', 'Umiya'
        from generate_series(0, 99) as n on conflict do nothing`),
    );
    const [{ n }] = (await database.db.execute(sql.raw('select count(*)::int as n from surname'))).rows as [
      { n: number },
    ];
    surnames = n;
    await fillFeed(database.db, { posts: POSTS, after: 0 });
  } finally {
    await database.close();
  }
  await fillMatrimony(url, null, 0, PROFILES);
  await listReader(url, null, PROFILES);
  return { surnames, fillMs: performance.now() - started };
}

interface Setup {
  label: string;
  proxy: Proxy;
  cookie: string;
}

const ms = (v: number) => `${v.toFixed(1)} ms`;

export async function run(): Promise<Section> {
  const database = await freshDatabase(PG_BENCH_DB);
  const apps: RunningServer[] = [];
  const proxies: Proxy[] = [];
  const lines: string[] = [];
  try {
    const { surnames, fillMs } = await prepare(database.url);
    const loadAtStart = load1();
    // Two processes on the database, as systemd's samaj@8080 and samaj@8081; one nginx in front of
    // the first only, another in front of both (round robin, as the shipped site does). The second
    // process idles while the one-process setup is measured.
    const httpsPorts = [await freePort(), await freePort()];
    // Both processes have the first proxy's address as PUBLIC_URL (a POST's Origin is checked
    // against it); the second proxy is the same site on another port.
    const publicUrl = `https://127.0.0.1:${httpsPorts[0]}`;
    const env = {
      DATABASE_URL: database.url,
      PUBLIC_URL: publicUrl,
      TRUST_PROXY: 'loopback',
      // The login bench logs one member in thousands of times: the login limits would refuse it.
      AUTH_RATE_LIMIT: 'off',
    };
    // V8's own record of each full collection (--trace-gc): the heap left after one is what the
    // process really holds, which RSS's sawtooth hides.
    const fullGcs: Array<Array<{ at: number; mb: number }>> = [[], []];
    for (const gcs of fullGcs) {
      apps.push(
        await startServer(env, ['--trace-gc'], (line) => {
          const after = FULL_GC.exec(line)?.[1];
          if (after) gcs.push({ at: performance.now(), mb: Number(after) });
        }),
      );
    }
    const one = await startNginx([apps[0] as RunningServer], httpsPorts[0] as number);
    proxies.push(one);
    const two = await startNginx(apps, httpsPorts[1] as number);
    proxies.push(two);
    const setups: Setup[] = [
      { label: '1 process', proxy: one, cookie: await logIn(one.origin, publicUrl) },
      { label: '2 processes', proxy: two, cookie: await logIn(two.origin, publicUrl) },
    ];

    // Warm-up: every route once through each proxy, 2 s each.
    for (const setup of setups) {
      for (const route of routes(publicUrl, setup.cookie)) {
        const warm = await measure(setup.proxy.origin, route, 2);
        // A login takes a password hash (~0.1 s of CPU): under load none may finish in 2 s.
        if (warm.errors > 0) {
          throw new Error(`${setup.label}: ${route.name} answered ${warm.errors} errors in its warm-up`);
        }
      }
    }
    const results = new Map<string, Measure[]>();
    for (let round = 0; round < ROUNDS; round++) {
      for (const setup of round % 2 ? [...setups].reverse() : setups) {
        for (const route of routes(publicUrl, setup.cookie)) {
          const key = `${setup.label}|${route.name}`;
          const list = results.get(key) ?? [];
          list.push(await measure(setup.proxy.origin, route));
          results.set(key, list);
        }
      }
    }
    const loadAfterRounds = load1();

    lines.push(
      `Data: PostgreSQL (database ${PG_BENCH_DB}, made for the run), ${surnames} surnames, ${POSTS.toLocaleString('en')} feed posts with comments and likes (bench/data/feed.ts), ${PROFILES.toLocaleString('en')} matrimony profiles (bench/suites/50-matrimony.ts fill; the reader has a profile and shortlists); filled in ${(fillMs / 1000).toFixed(0)} s.`,
      `Setup: two compiled server processes (NODE_ENV=production, TRUST_PROXY=loopback, AUTH_RATE_LIMIT=off so the login route can be driven: the login limits would refuse the bench after 20 tries, by design) on that database; Debian's nginx (one worker) with deploy/nginx/samaj.conf over HTTPS in front of the first process only ("1 process") and, as a second nginx, of both (round robin, "2 processes"). autocannon, ${CONNECTIONS} connections × ${DURATION} s per route and setup after a 2 s warm-up, HTTP/1.1 over TLS (kept alive); ${ROUNDS} rounds, the setups alternating (the second round starts with the other setup); each figure is the mean over the rounds. Member routes carry the reader's session; the surname list is asked as a visitor (no cookie, no If-None-Match: the whole body each time); login posts the reader's email and password (every login makes a session and checks the password hash).`,
      `Machine: 2 cores shared with the load generator, nginx, PostgreSQL and other work (other sessions build and bench here meanwhile): 1-minute load average ${loadAtStart} before the rounds, ${loadAfterRounds} after.`,
      '',
      '| setup | route | req/s | p50 | p99 | ÷ health (req/s) | errors |',
      '|---|---|---|---|---|---|---|',
    );
    const verdicts: string[] = [];
    for (const setup of setups) {
      const health = meanOf(results.get(`${setup.label}|health (bare route)`) ?? []);
      for (const route of routes(publicUrl, setup.cookie)) {
        const m = meanOf(results.get(`${setup.label}|${route.name}`) ?? []);
        const ratio = m.rps / health.rps;
        lines.push(
          `| ${setup.label} | ${route.name} | ${m.rps.toFixed(0)} | ${ms(m.p50)} | ${ms(m.p99)} | ${route.name.startsWith('health') ? '—' : `${ratio.toFixed(2)}×`} | ${m.errors} |`,
        );
        if (route.name.startsWith('surname')) {
          verdicts.push(`${setup.label}: ${ratio.toFixed(2)}× (${ratio >= 0.5 ? 'met' : 'MISSED'})`);
        }
      }
    }
    const healthOf = (label: string) => meanOf(results.get(`${label}|health (bare route)`) ?? []).rps;
    lines.push(
      '',
      `Surname list ÷ health, target ≥ 0.5×: ${verdicts.join('; ')}. Two processes ÷ one, health: ${(healthOf('2 processes') / healthOf('1 process')).toFixed(2)}× (both processes share the same 2 cores with nginx and the load generator, so a second process adds no CPU here: the figure says what the proxy's round robin costs or gains, not what a second machine would).`,
    );

    // The soak: mixed traffic on two processes, RSS of each sampled every SAMPLE_S.
    const setup = setups[1] as Setup;
    const mix = routes(publicUrl, setup.cookie);
    // Per connection, in turn: health, feed, surname list, suggestions, feed, surname list, login.
    const order = [0, 1, 2, 4, 1, 2, 3].map((i) => mix[i] as Route);
    const readings: Array<{ at: number; rss: number[] }> = [];
    const read = (at: number) =>
      readings.push({ at, rss: apps.map((app) => rssMb(app.child.pid as number)) });
    const soakLoadStart = load1();
    read(0);
    const started = performance.now();
    const timer = setInterval(() => read((performance.now() - started) / 1000), READ_EVERY_S * 1000);
    const soak = await autocannon({
      url: setup.proxy.origin,
      connections: CONNECTIONS,
      duration: SOAK_S,
      requests: order.map((route) => ({
        method: route.request.method ?? 'GET',
        path: route.request.path,
        body: route.request.body,
        headers: route.request.headers ?? {},
      })),
    });
    clearInterval(timer);
    read((performance.now() - started) / 1000);
    // Each SAMPLE_S window's highest reading, at its end: what a memory limit would meet.
    const samples: Array<{ at: number; rss: number[]; heap: Array<number | null> }> = [];
    for (let end = SAMPLE_S; end < SOAK_S + SAMPLE_S; end += SAMPLE_S) {
      const inWindow = readings.filter((r) => r.at > end - SAMPLE_S && r.at <= end);
      if (inWindow.length === 0) continue;
      samples.push({
        at: Math.min(end, SOAK_S),
        rss: apps.map((_, i) => Math.max(...inWindow.map((r) => r.rss[i] as number))),
        // The highest heap left by a full collection in the window (none: no full collection then).
        heap: fullGcs.map((gcs) => {
          const inIt = gcs.filter((g) => {
            const at = (g.at - started) / 1000;
            return at > end - SAMPLE_S && at <= end;
          });
          return inIt.length ? Math.max(...inIt.map((g) => g.mb)) : null;
        }),
      });
    }
    const soakErrors = soak.errors + soak.timeouts + soak.non2xx;

    lines.push(
      '',
      `Soak: ${(SOAK_S / 60).toFixed(1)} minutes of mixed traffic through the two-process nginx, ${CONNECTIONS} connections, each cycling through health, feed, surname list, suggestions, feed, surname list, login: ${soak.requests.total.toLocaleString('en')} requests, ${soak.requests.average.toFixed(0)} req/s, p50 ${ms(soak.latency.p50)}, p99 ${ms(soak.latency.p99)}, ${soakErrors} not 2xx. Load average ${soakLoadStart} at its start, ${load1()} at its end. RSS of each process (MB) read every ${READ_EVERY_S} s (started at ${(readings[0]?.rss ?? []).map((v) => v.toFixed(0)).join(' and ')} MB), the highest reading of each ${SAMPLE_S} s:`,
      '',
      `| s | ${samples.map((s) => `≤ ${s.at}`).join(' | ')} |`,
      `|---|${samples.map(() => '---').join('|')}|`,
      ...apps.map(
        (_, i) => `| process ${i + 1} | ${samples.map((s) => (s.rss[i] as number).toFixed(0)).join(' | ')} |`,
      ),
      ...apps.map(
        (_, i) =>
          `| process ${i + 1}, heap after a full collection | ${samples.map((s) => s.heap[i]?.toFixed(0) ?? '–').join(' | ')} |`,
      ),
      '',
    );
    const soakVerdicts = apps.map((_, i) => {
      const firstMinute = Math.max(...samples.filter((s) => s.at <= 60).map((s) => s.rss[i] as number));
      const later = samples.filter((s) => s.at > 60).map((s) => s.rss[i] as number);
      const peakLater = Math.max(...later);
      const last = later.at(-1) as number;
      const grew = peakLater - firstMinute;
      return `process ${i + 1}: first minute's peak ${firstMinute.toFixed(0)} MB, later peak ${peakLater.toFixed(0)} MB, last ${last.toFixed(0)} MB — ${grew < 0.05 ? 'flat (no growth past the first minute’s peak)' : `GREW ${grew.toFixed(1)} MB (${((grew / firstMinute) * 100).toFixed(1)} %) past the first minute’s peak`}`;
    });
    lines.push(`Verdict (target: no growth past the first minute's peak): ${soakVerdicts.join('; ')}.`);
    // RSS rises and falls with each collection: the trend is the median of the later samples' first
    // half against their second half (a leak moves the second up; the sawtooth does not).
    const trends = apps.map((_, i) => {
      const later = samples.filter((s) => s.at > 60).map((s) => s.rss[i] as number);
      const half = Math.floor(later.length / 2);
      const [early, late] = [median(later.slice(0, half)), median(later.slice(half))];
      return `process ${i + 1}: ${early.toFixed(0)} → ${late.toFixed(0)} MB (${late - early >= 0 ? '+' : ''}${(late - early).toFixed(0)})`;
    });
    lines.push(
      `Trend after the first minute (median of the first half of the samples → the second half): ${trends.join('; ')}.`,
    );
    // What a leak would move: the heap a full collection leaves, early in the soak against late.
    const heaps = fullGcs.map((gcs, i) => {
      const during = gcs.filter((g) => g.at >= started).map((g) => g.mb);
      if (during.length < 4) return `process ${i + 1}: ${during.length} full collections, too few to compare`;
      const half = Math.floor(during.length / 2);
      const [early, late] = [median(during.slice(0, half)), median(during.slice(half))];
      return `process ${i + 1}: ${during.length} full collections, median heap left ${early.toFixed(0)} MB in the first half → ${late.toFixed(0)} MB in the second (${late - early >= 0 ? '+' : ''}${(late - early).toFixed(1)}), last ${(during.at(-1) as number).toFixed(0)} MB`;
    });
    lines.push(`Heap after full collections (V8 --trace-gc): ${heaps.join('; ')}.`);
  } finally {
    for (const proxy of proxies) await proxy.stop().catch(() => {});
    for (const app of apps) await app.stop().catch(() => {});
    await database.drop().catch(() => {});
  }
  return {
    title: 'Scale: one and two processes behind nginx on PostgreSQL, and a soak',
    markdown: lines.join('\n'),
  };
}
