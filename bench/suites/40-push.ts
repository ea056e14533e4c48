// docs/product/operations.md, "Performance targets": fan-out of one "event is live" notification to 10k
// subscriptions against a push service on this machine (bench/push-receiver.ts, its own process, https with
// the test certificate). The server is built in this process (as main.ts builds it) so the bench can publish
// the domain event itself; everything after that is the production path: the job written in the transaction,
// pg-boss fan-out steps of TOPIC_BATCH, web-push encryption (aes128gcm) and VAPID signing per subscription,
// TLS to the receiver. Baseline: the same receiver taking the same number of plain POSTs from this process
// with the same concurrency (no queue, no encryption).
import { type ChildProcess, fork } from 'node:child_process';
import crypto from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { type OpenDatabase, openDatabase } from '../../apps/server/src/db/client.ts';
import { migrateDatabase } from '../../apps/server/src/db/migrate.ts';
import { event, pushSubscription, user } from '../../apps/server/src/db/schema/index.ts';
import { CONCURRENCY, TOPIC_BATCH } from '../../apps/server/src/features/notifications/notify.ts';
import { browserSubscription, RECEIVER_CERT_PATH } from '../../apps/server/test/push-receiver.ts';
import { PG_ADMIN_URL, root, type Section } from '../lib.ts';

const SUBSCRIPTIONS = Number(process.env.BENCH_PUSH_SUBSCRIPTIONS ?? 10_000);
const TIMEOUT_MS = 10 * 60_000;

interface Receiver {
  url: string;
  child: ChildProcess;
  done: Promise<{ first: number; last: number }>;
}

async function startReceiver(expected: number): Promise<Receiver> {
  const child = fork(join(root, 'bench/push-receiver.ts'), [String(expected)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let resolveDone: (value: { first: number; last: number }) => void = () => {};
  const done = new Promise<{ first: number; last: number }>((resolve) => {
    resolveDone = resolve;
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`push receiver exited with ${code}`)));
    child.on('message', (message: { type: string; url?: string; first?: number; last?: number }) => {
      if (message.type === 'ready') resolve(message.url as string);
      if (message.type === 'done')
        resolveDone({ first: message.first as number, last: message.last as number });
    });
  });
  return { url, child, done };
}

/** 10k members, one subscription each (a few browsers' key pairs reused: the cost per push is the same). */
async function fill(database: OpenDatabase, receiverUrl: string): Promise<{ eventId: string; ms: number }> {
  const started = performance.now();
  const browsers = Array.from({ length: 8 }, () => browserSubscription('https://unused'));
  const { db } = database;
  for (let from = 0; from < SUBSCRIPTIONS; from += 1000) {
    const ids = Array.from(
      { length: Math.min(1000, SUBSCRIPTIONS - from) },
      (_, i) => `bench_push_${from + i}`,
    );
    await db.insert(user).values(ids.map((id) => ({ id, name: id, email: `${id}@example.com` })));
    await db.insert(pushSubscription).values(
      ids.map((id, i) => {
        const keys = browsers[i % browsers.length].keys;
        return {
          userId: id,
          endpoint: `${receiverUrl}/push/${id}`,
          p256dh: keys.p256dh,
          auth: keys.auth,
          language: i % 3 ? 'gu' : 'en',
        };
      }),
    );
  }
  // The host is not told about their own event: one more member, without a subscription.
  await db.insert(user).values({ id: 'bench_push_host', name: 'Host', email: 'bench_push_host@example.com' });
  const [row] = await db
    .insert(event)
    .values({ name: 'Bench Garba', time: new Date(), host: 'bench_push_host' })
    .returning({ id: event.id });
  return { eventId: row.id, ms: performance.now() - started };
}

interface Measure {
  engine: string;
  fill: number;
  toLast: number;
  toFirst: number;
  perSecond: number;
}

async function fanOut(engine: string, database: OpenDatabase, dataDir: string): Promise<Measure> {
  const receiver = await startReceiver(SUBSCRIPTIONS);
  try {
    await migrateDatabase(database);
    const filled = await fill(database, receiver.url);
    const config = loadConfig({
      DATA_DIR: dataDir,
      CONTACT_EMAIL: 'bench@samaj.example',
      // The receiver is on this machine.
      PUSH_ENDPOINTS: 'any',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    });
    const app = await buildApp({ config, database, logger: { level: process.env.BENCH_PUSH_LOG ?? 'warn' } });
    try {
      const wallLive = Date.now();
      await app.events.transaction(async (tx) => {
        await tx.update(event).set({ live: true }).where(eq(event.id, filled.eventId));
        await app.events.publish(tx, 'event.live', { eventId: filled.eventId, live: true });
      });
      const timer = new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('fan-out did not finish in 10 min')), TIMEOUT_MS).unref(),
      );
      const { first, last } = await Promise.race([receiver.done, timer]);
      const toLast = last - wallLive;
      return {
        engine,
        fill: filled.ms,
        toFirst: first - wallLive,
        toLast,
        perSecond: SUBSCRIPTIONS / ((last - first) / 1000),
      };
    } finally {
      await app.close();
    }
  } finally {
    receiver.child.disconnect();
  }
}

/** The same receiver taking SUBSCRIPTIONS plain POSTs of a similar size, CONCURRENCY at a time. */
async function baseline(): Promise<number> {
  const receiver = await startReceiver(SUBSCRIPTIONS);
  try {
    const body = crypto.randomBytes(300);
    let next = 0;
    const started = Date.now();
    const post = (path: string) =>
      new Promise<void>((resolve, reject) => {
        const request = https.request(`${receiver.url}${path}`, { method: 'POST' }, (response) => {
          response.resume();
          response.on('end', () => resolve());
        });
        request.on('error', reject);
        request.end(body);
      });
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < SUBSCRIPTIONS) await post(`/push/base_${next++}`);
      }),
    );
    await receiver.done;
    return SUBSCRIPTIONS / ((Date.now() - started) / 1000);
  } finally {
    receiver.child.disconnect();
  }
}

async function postgres(): Promise<OpenDatabase | null> {
  const probe = new pg.Client({ connectionString: PG_ADMIN_URL });
  try {
    await probe.connect();
    await probe.end();
  } catch {
    return null;
  }
  return openDatabase({
    databaseUrl: PG_ADMIN_URL,
    pgSchema: `bench_push_${crypto.randomBytes(4).toString('hex')}`,
  });
}

async function dropSchemas(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.query(`drop schema if exists "${schema}_jobs" cascade`);
  } finally {
    await client.end();
  }
}

export async function run(): Promise<Section> {
  // web-push uses Node's default https agent: trust the receiver's test certificate there only.
  https.globalAgent.options.ca = [readFileSync(RECEIVER_CERT_PATH)];
  const rows: Measure[] = [];
  const notes: string[] = [];

  const pgliteDir = mkdtempSync(join(tmpdir(), 'samaj-bench-push-'));
  const pglite = await openDatabase({ dataDir: pgliteDir });
  try {
    rows.push(await fanOut('PGlite', pglite, pgliteDir));
  } finally {
    await pglite.close();
  }

  const pgDatabase = await postgres();
  if (pgDatabase) {
    try {
      rows.push(await fanOut('PostgreSQL', pgDatabase, mkdtempSync(join(tmpdir(), 'samaj-bench-push-'))));
    } finally {
      await pgDatabase.close();
      await dropSchemas(pgDatabase.pgSchema as string);
    }
  } else notes.push(`PostgreSQL not measured: nothing answers at ${PG_ADMIN_URL}.`);

  const base = await baseline();
  const count = SUBSCRIPTIONS.toLocaleString('en');
  const markdown = [
    `Data: ${count} members with one push subscription each in the topic 'everyone' (8 browser key pairs reused; 2 in 3 Gujarati), one event. ` +
      `The event goes live in a transaction (as PUT /api/events/:id/live does); the receiver is a local https push service in its own process. ` +
      `Fan-out steps of ${TOPIC_BATCH} subscriptions per job, ${CONCURRENCY} pushes in flight. Server and receiver share the machine's 2 cores.`,
    '',
    '| engine | fill | event live → first push | event live → last push | pushes per second | baseline: plain POSTs per second | |',
    '|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.engine} | ${(r.fill / 1000).toFixed(1)} s | ${(r.toFirst / 1000).toFixed(2)} s | ${(r.toLast / 1000).toFixed(1)} s | ${r.perSecond.toFixed(0)} /s | ${base.toFixed(0)} /s | ${(r.perSecond / base).toFixed(2)}× |`,
    ),
    '',
    'Every push was encrypted for its subscription (aes128gcm) and VAPID-signed; all arrived (the receiver counts each).',
    ...notes,
  ].join('\n');
  return { title: 'Push: fan-out of one "event is live" notification', markdown };
}
