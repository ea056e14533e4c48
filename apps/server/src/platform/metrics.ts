// Prometheus metrics at /metrics for operators (fastify-metrics on prom-client): requests counted
// and timed by route pattern (never by raw URL, so ids cannot blow up the series), the process's
// own figures, the PostgreSQL pool, and the job queues' depth. Off the public site: unless
// METRICS_TOKEN is set the path is the API's 404, and with it a request needs the bearer token.
import crypto from 'node:crypto';
import { ERROR_TYPES } from '@samaj/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyMetrics from 'fastify-metrics';
import { sendRouteNotFound } from './api-path.ts';
import { sessionCacheFigures } from './auth/session.ts';
import { sendError } from './errors.ts';

export const METRICS_PATH = '/metrics';

function sameSecret(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

/** Database pool figures, read when Prometheus scrapes. PGlite has no pool: nothing is reported. */
function registerDatabasePoolGauge(app: FastifyInstance): void {
  const raw = app.database.raw;
  if (raw.engine !== 'postgres') return;
  const { pool } = raw;
  new app.metrics.client.Gauge({
    name: 'samaj_db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle) and clients waiting for one (waiting)',
    labelNames: ['state'],
    collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
}

/** Members' requests that found their session in memory (hits) or asked the database (misses). */
function registerSessionCacheGauge(app: FastifyInstance): void {
  new app.metrics.client.Gauge({
    name: 'samaj_session_cache',
    help: 'Session cache: sessions held (entries), and since start requests that found theirs (hits) or read the database (misses)',
    labelNames: ['figure'],
    collect() {
      const figures = sessionCacheFigures(app);
      if (!figures) return;
      for (const [figure, value] of Object.entries(figures)) this.set({ figure }, value);
    },
  });
}

/**
 * Jobs waiting to run, per queue, read lazily at each scrape (`app.jobs.queueSizes()`). A failed
 * read (database down) leaves the gauge empty rather than failing the whole scrape.
 */
export function registerQueueDepthGauge(
  app: FastifyInstance,
  readSizes: () => Promise<Record<string, number>>,
): void {
  new app.metrics.client.Gauge({
    name: 'samaj_job_queue_depth',
    help: 'Jobs waiting to run (created or waiting for a retry), per queue',
    labelNames: ['queue'],
    async collect() {
      this.reset();
      try {
        for (const [queue, size] of Object.entries(await readSizes())) this.set({ queue }, size);
      } catch (error) {
        app.log.warn({ err: error }, 'metrics: could not read the job queues');
      }
    },
  });
}

export async function registerMetrics(app: FastifyInstance, token: string | undefined): Promise<void> {
  await app.register(fastifyMetrics, {
    // Our own route below (token check); the plugin only collects.
    endpoint: null,
    // One registry per process; tests build several apps in one process, one after another.
    clearRegisterOnInit: true,
    defaultMetrics: { enabled: true },
    routeMetrics: {
      enabled: { histogram: true, summary: false },
      registeredRoutesOnly: true,
      routeBlacklist: [METRICS_PATH],
    },
  });
  registerDatabasePoolGauge(app);
  registerSessionCacheGauge(app);
  if (typeof app.jobs?.queueSizes === 'function') registerQueueDepthGauge(app, () => app.jobs.queueSizes());

  app.get(
    METRICS_PATH,
    { schema: { hide: true }, config: { disableMetrics: true } },
    async (request: FastifyRequest, reply: FastifyReply) => {
      if (!token) return sendRouteNotFound(reply);
      const given = bearerToken(request);
      if (!given || !sameSecret(given, token)) {
        reply.header('www-authenticate', 'Bearer');
        return sendError(reply, ERROR_TYPES.USER_UNAUTHORIZED, 'The metrics token is missing or wrong.');
      }
      const registry = app.metrics.client.register;
      return reply
        .header('cache-control', 'no-store')
        .type(registry.contentType)
        .send(await registry.metrics());
    },
  );
}
