import fs from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SERVER_ERROR_TYPES, sendError } from '../../platform/errors.ts';
import { errors } from '../../platform/responses.ts';

/** The product version is the root package.json's. */
const VERSION: string = JSON.parse(
  fs.readFileSync(new URL('../../../../../package.json', import.meta.url), 'utf8'),
).version;

/** A database that has not answered by then counts as down: a probe must not hang. */
const READY_TIMEOUT_MS = 5_000;

const healthResponse = z.object({
  status: z.literal('ok'),
  database: z.object({ engine: z.enum(['pglite', 'postgres']), version: z.string() }),
  version: z.string(),
  /** Seconds since the process started. */
  uptime: z.number(),
});

const liveResponse = z.object({ status: z.literal('ok'), version: z.string(), uptime: z.number() });

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * For load balancers, orchestrators and operators. Liveness: the process answers (no database, so a
 * slow database never gets a healthy process restarted). Readiness (and /api/health, as before):
 * the database answers too; 503 when it does not, so traffic goes elsewhere.
 */
const health: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health/live',
    {
      schema: { tags: ['health'], summary: 'Liveness: the process answers', response: { 200: liveResponse } },
      config: { disableMetrics: true },
    },
    async () => ({ status: 'ok' as const, version: VERSION, uptime: Math.round(process.uptime()) }),
  );

  for (const url of ['/api/health', '/api/health/ready']) {
    app.get(
      url,
      {
        schema: {
          tags: ['health'],
          summary: 'Readiness: the server and its database answer',
          response: { 200: healthResponse, ...errors(503) },
        },
        config: { disableMetrics: true },
      },
      async (request, reply) => {
        let version: string;
        try {
          version = await withTimeout(app.database.version(), READY_TIMEOUT_MS);
        } catch (error) {
          request.log.warn({ err: error }, 'readiness: the database did not answer');
          return sendError(reply, SERVER_ERROR_TYPES.SERVICE_UNAVAILABLE, 'The database is not answering.');
        }
        return {
          status: 'ok' as const,
          database: { engine: app.database.engine, version },
          version: VERSION,
          uptime: Math.round(process.uptime()),
        };
      },
    );
  }
};

export default health;
