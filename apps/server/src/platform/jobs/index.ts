// Jobs (docs/conventions.md "Seams"): one durable queue in the database, for work that must not
// block a request and must survive a restart. pg-boss 10 keeps it in its own schema of the same
// database — PostgreSQL through the app's pool, PGlite through the same in-process instance — so a
// job sent inside a transaction exists exactly when the change that needed it commits.
// (pg-boss 11+ needs Node 22; 10.4 runs on Node 20 and on PGlite through `executeSql`.)
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Executor, OpenDatabase } from '../../db/client.ts';
import type { JobMap, JobName } from './map.ts';

export type { JobMap, JobName } from './map.ts';

export interface RetryOptions {
  /** Attempts after the first failure (default 5). */
  retryLimit?: number;
  /** Seconds before a retry (default 5); doubled at each attempt (with jitter) unless retryBackoff is false. */
  retryDelay?: number;
  retryBackoff?: boolean;
}

export interface SendOptions extends RetryOptions {
  /** Enqueue inside this transaction: the job exists only if it commits. */
  tx?: Executor;
  /** Run no earlier than this (a Date, or seconds from now). */
  startAfter?: Date | number;
  /** At most one waiting job with this key per queue (a second send returns null). */
  singletonKey?: string;
}

export interface WorkOptions extends RetryOptions {
  /** A run taking longer fails (and is retried). Default 300 s. */
  expireInSeconds?: number;
  /** How often an idle worker looks for jobs (default 2 s, at least 0.5). */
  pollingIntervalSeconds?: number;
}

export interface JobInfo {
  id: string;
  /** 0 on the first attempt. */
  retryCount: number;
}

export type JobHandler<K extends JobName> = (data: JobMap[K], job: JobInfo) => Promise<void> | void;

export interface JobsOptions {
  database: OpenDatabase;
  log: FastifyBaseLogger;
  /** false: send and keep jobs but run none here (a process that only enqueues; tests). */
  workers?: boolean;
}

const QUEUE_DEFAULTS = { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 300 };

/** What pg-boss's `executeSql` needs; PGlite (and its transactions), a pg Pool or PoolClient. */
interface Queryable {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  exec?(text: string): Promise<{ rows: unknown[] }[]>;
}

/** pg-boss's database adapter over any client. */
export function sqlAdapter(client: Queryable): PgBoss.Db {
  return {
    async executeSql(text, values) {
      // pg-boss sends its schema scripts as several statements without parameters: PGlite runs those
      // with exec(); query() takes one statement. pg's query() takes both.
      if (!values?.length && client.exec) {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      return client.query(text, values?.length ? values : undefined);
    },
  };
}

/** The driver connection under a drizzle database or transaction (drizzle keeps it on its session). */
function clientOf(executor: Executor): Queryable {
  const client = (executor as unknown as { session?: { client?: Queryable } }).session?.client;
  if (!client || typeof client.query !== 'function') throw new Error('jobs: cannot reach the transaction');
  return client;
}

/** pg-boss's schema: its own, beside the app's tables (per test schema on a shared test database). */
export function jobsSchema(database: OpenDatabase): string {
  return database.pgSchema ? `${database.pgSchema}_jobs` : 'pgboss';
}

/**
 * The answer to a pg-boss query that was not run (the queue stopping, the database closing): no rows —
 * except for its commands (complete, fail, cancel…), which end in `SELECT COUNT(*) FROM results` and
 * whose callers read the count from the first row (an empty answer made that read throw, unawaited:
 * an unhandled rejection as a test app or the server shut down mid-job).
 */
export function nothingDone(text: string): { rows: unknown[] } {
  return /select\s+count\(\*\)\s+from\s+results\s*$/i.test(text.trim())
    ? { rows: [{ count: '0' }] }
    : { rows: [] };
}

export class Jobs {
  private readonly boss: PgBoss;
  private readonly root: PgBoss.Db;
  private readonly handlers = new Map<JobName, { handler: JobHandler<JobName>; options: WorkOptions }>();
  private readonly queues = new Set<JobName>();
  /** This process's worker of each queue (pg-boss's id), to wake it when a job is sent here. */
  private readonly workerIds = new Map<JobName, string>();
  /** Set inside worker loops: their bookkeeping queries log failures instead of rejecting unheard. */
  private readonly background = new AsyncLocalStorage<true>();
  private readonly inFlight = new Set<Promise<unknown>>();
  private state: 'new' | 'starting' | 'started' | 'stopped' = 'new';
  private readonly schema: string;

  constructor(private readonly options: JobsOptions) {
    const { database, log } = options;
    this.schema = jobsSchema(database);
    this.root = sqlAdapter(
      database.raw.engine === 'pglite'
        ? (database.raw.client as unknown as Queryable)
        : (database.raw.pool as unknown as Queryable),
    );
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => this.execute(text, values) },
      schema: this.schema,
      // No cron schedules (and no clock-skew polling) until a feature needs one.
      schedule: false,
      // Expiry, archiving and deletion of old jobs: every 2 minutes.
      supervise: true,
      maintenanceIntervalSeconds: 120,
    });
    // An EventEmitter without an 'error' listener throws: maintenance failures are logged instead.
    this.boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  }

  /**
   * pg-boss's own queries. Its worker loop completes and fails jobs without awaiting the result;
   * a failure there (database restarting, closing) must be logged, never become an unhandled
   * rejection that ends the process. The job stays active and expires into a retry.
   */
  private async execute(text: string, values: unknown[]): Promise<{ rows: unknown[] }> {
    if (this.state === 'stopped') return nothingDone(text);
    const run = this.root.executeSql(text, values);
    this.inFlight.add(run);
    try {
      return await run;
    } catch (error) {
      if (!this.background.getStore()) throw error;
      this.options.log.error({ err: error }, 'job queue query failed');
      return nothingDone(text);
    } finally {
      this.inFlight.delete(run);
    }
  }

  /**
   * Registers the worker of queue `name`, in a feature's plugin: it runs once the app is ready.
   * Registered later, the returned promise resolves when the queue exists.
   */
  work<K extends JobName>(name: K, handler: JobHandler<K>, options: WorkOptions = {}): Promise<void> {
    if (this.handlers.has(name)) throw new Error(`jobs: queue ${name} already has a worker`);
    this.handlers.set(name, { handler: handler as JobHandler<JobName>, options });
    return this.state === 'started' ? this.startWorker(name) : Promise.resolve();
  }

  /**
   * Enqueues a job; returns its id (null when `singletonKey` found one waiting). With `tx`, the job
   * is written in that transaction. The queue must have a worker registered (in this process or
   * another), so its retry policy is known.
   */
  async send<K extends JobName>(name: K, data: JobMap[K], options: SendOptions = {}): Promise<string | null> {
    if (this.state !== 'started') throw new Error(`jobs: send('${name}') before the queue started`);
    if (!this.queues.has(name)) throw new Error(`jobs: no worker is registered for queue ${name}`);
    const { tx, startAfter, ...rest } = options;
    const db = tx ? sqlAdapter(clientOf(tx)) : this.root;
    const sendOptions: PgBoss.SendOptions = { ...rest, db };
    if (startAfter instanceof Date) sendOptions.startAfter = startAfter;
    else if (typeof startAfter === 'number') sendOptions.startAfter = Math.max(1, Math.round(startAfter));
    const id = await this.boss.send(name, data as object, sendOptions);
    // Due now and visible now: this process's worker takes it at once instead of at its next look
    // (up to pollingIntervalSeconds later: a recovery mail, a push). A job sent inside a transaction
    // is not visible before the commit, so it waits for the next look like one sent by another process.
    const worker = this.workerIds.get(name);
    if (id && worker && !tx && startAfter === undefined) this.boss.notifyWorker(worker);
    return id;
  }

  /** Jobs waiting to run (created or waiting for a retry), per queue with a worker: for metrics. */
  async queueSizes(): Promise<Record<string, number>> {
    const sizes: Record<string, number> = {};
    for (const name of this.queues) sizes[name] = 0;
    if (this.state !== 'started') return sizes;
    const { rows } = await this.root.executeSql(
      `SELECT name, count(*)::int AS count FROM ${this.schema}.job WHERE state < 'active' GROUP BY name`,
      [],
    );
    for (const row of rows as { name: string; count: number | string }[]) {
      if (this.queues.has(row.name as JobName)) sizes[row.name] = Number(row.count);
    }
    return sizes;
  }

  /** Creates pg-boss's schema (first run), the queues, and starts the workers. */
  async start(): Promise<void> {
    if (this.state !== 'new') return;
    this.state = 'starting';
    await this.boss.start();
    this.state = 'started';
    for (const name of this.handlers.keys()) await this.startWorker(name);
  }

  private async startWorker(name: JobName): Promise<void> {
    const entry = this.handlers.get(name);
    if (!entry) return;
    const { pollingIntervalSeconds = 2, ...queueOptions } = entry.options;
    const queue = { name, ...QUEUE_DEFAULTS, ...queueOptions };
    await createQueueTakingTurns(this.boss, name, queue);
    // An existing queue keeps the options it was created with; bring them up to date.
    await this.boss.updateQueue(name, queue);
    this.queues.add(name);
    if (this.options.workers === false) return;
    const log = this.options.log;
    this.background.run(true, () => {
      this.boss
        .work<JobMap[JobName]>(
          name,
          { pollingIntervalSeconds, batchSize: 1, includeMetadata: true },
          async ([job]) => {
            try {
              await entry.handler(job.data, { id: job.id, retryCount: job.retryCount });
            } catch (error) {
              log.warn({ err: error, queue: name, jobId: job.id, retryCount: job.retryCount }, 'job failed');
              throw error;
            }
          },
        )
        .then((id) => {
          this.workerIds.set(name, id);
        })
        .catch((error) => log.error({ err: error, queue: name }, 'could not start a job worker'));
    });
  }

  /**
   * Stops the workers (waiting up to 5 s for running jobs; any still running are marked failed and
   * retried later) and the maintenance timer. The database itself is closed by its owner afterwards.
   */
  async stop(): Promise<void> {
    if (this.state === 'new' || this.state === 'stopped') {
      this.state = 'stopped';
      return;
    }
    try {
      await this.boss.stop({ graceful: true, timeout: 5000, close: false });
    } catch (error) {
      this.options.log.error({ err: error }, 'could not stop the job queue cleanly');
    }
    // From now on pg-boss's stragglers get empty answers; those already running (it completes a
    // finished job without awaiting it) land before the database closes.
    this.state = 'stopped';
    await Promise.allSettled([...this.inFlight]);
  }
}

/**
 * pg-boss 10's create_queue adds a partition to its job table: two processes starting at once on one
 * PostgreSQL (systemd's samaj@8080 and samaj@8081 at boot) deadlock on it, and PostgreSQL cancels one
 * (40P01), or one finds the other's row (23505). The one refused tries again; then the queue exists.
 */
async function createQueueTakingTurns(boss: PgBoss, name: string, queue: PgBoss.Queue): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await boss.createQueue(name, queue);
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= 5 || (code !== '40P01' && code !== '23505')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
    }
  }
}
