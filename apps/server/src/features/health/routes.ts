import fs from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The product version is the root package.json's. */
const VERSION: string = JSON.parse(
  fs.readFileSync(new URL('../../../../../package.json', import.meta.url), 'utf8'),
).version;

const healthResponse = z.object({
  status: z.literal('ok'),
  database: z.object({ engine: z.enum(['pglite', 'postgres']), version: z.string() }),
  version: z.string(),
  /** Seconds since the process started. */
  uptime: z.number(),
});

/** For load balancers and operators: answers only when the database answers. */
const health: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: { tags: ['health'], summary: 'Server and database status', response: { 200: healthResponse } },
    },
    async () => ({
      status: 'ok' as const,
      database: { engine: app.database.engine, version: await app.database.version() },
      version: VERSION,
      uptime: Math.round(process.uptime()),
    }),
  );
};

export default health;
