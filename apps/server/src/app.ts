import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyServerOptions,
} from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database, OpenDatabase } from './db/client.ts';
import { features } from './features/index.ts';
import { isApiUrl, registerApiPathGuard, sendRouteNotFound } from './platform/api-path.ts';
import { subscribeAuditLog } from './platform/audit.ts';
import { registerSessionRefresh } from './platform/auth/index.ts';
import { contentSecurityPolicy, registerPermissionsPolicy } from './platform/csp.ts';
import { handleClientError, handleError, handleFrameworkError } from './platform/error-handler.ts';
import { EventBus } from './platform/events/index.ts';
import { registerFilesCleanup } from './platform/files-cleanup.ts';
import { registerInputGuard, withNulCheck } from './platform/input.ts';
import { Jobs } from './platform/jobs/index.ts';
import { registerMetrics } from './platform/metrics.ts';
import { registerOriginCheck } from './platform/origin.ts';
import { registerRateLimits } from './platform/rate-limit.ts';
import { forwardDomainEvents } from './platform/realtime/domain-events.ts';
import { createRealtime, type Realtime } from './platform/realtime/index.ts';
import { registerRealtimeSocket } from './platform/realtime/socket.ts';
import { Registry } from './platform/registry.ts';
import { CompactRequestLog } from './platform/request-log.ts';
import { shareCardRoutes } from './platform/share-card.ts';
import { registerStatic } from './platform/static.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Drizzle over PGlite or PostgreSQL, typed with the whole schema. */
    db: Database;
    /** The handle `db` came from: engine name and server version. */
    database: OpenDatabase;
    config: Config;
    /** Domain events: publish inside `app.events.transaction()`, subscribe in a feature's plugin. */
    events: EventBus;
    /** What features contribute to a member's export and deletion, and to the console's counts. */
    registry: Registry;
    /** The durable job queue: `send(name, data, { tx })` inside a transaction, `work(name, handler)` in a plugin. */
    jobs: Jobs;
    /** Publish/subscribe of small id-only messages across app processes. */
    realtime: Realtime;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: OpenDatabase;
  /** Fastify logger options, an existing pino logger, or false (the default: silent, for tests). */
  logger?: FastifyServerOptions['logger'] | FastifyBaseLogger;
  /** Where the built web app lives; defaults to apps/web/dist (tests point it at a temp folder). */
  webDistDir?: string;
  /** Extra plugins registered after the features (tests add test-only routes this way). */
  // biome-ignore lint/suspicious/noExplicitAny: plugins come with their own option types
  plugins?: FastifyPluginAsync<any>[];
  /** false: jobs are sent and kept but none runs in this app (tests of a restart). Default true. */
  workers?: boolean;
}

function isLoggerInstance(value: unknown): value is FastifyBaseLogger {
  return (
    typeof value === 'object' && value !== null && typeof (value as FastifyBaseLogger).child === 'function'
  );
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const logger = options.logger ?? false;
  const app = Fastify({
    ...(isLoggerInstance(logger) ? { loggerInstance: logger } : { logger }),
    // A hop count is valid for Fastify (proxy-addr) although its types only list string | boolean.
    trustProxy: config.trustProxy as boolean | string,
    // One compact line per request instead of Fastify's two (platform/request-log.ts).
    logController: new CompactRequestLog(),
    // Uploads go through multipart with their own limits; JSON bodies stay small.
    bodyLimit: 1024 * 1024,
    // Errors raised before routing or by Node's HTTP parser leave in the API's error shape too.
    frameworkErrors: handleFrameworkError,
    clientErrorHandler: handleClientError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(withNulCheck(validatorCompiler));
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  app.decorate('database', database);
  app.decorate('config', config);
  app.decorate('events', new EventBus(database.db, app.log));
  app.decorate('registry', new Registry());
  subscribeAuditLog(app.events);
  app.decorate('jobs', new Jobs({ database, log: app.log, workers: options.workers }));
  app.decorate('realtime', createRealtime(database, app.log));
  registerFilesCleanup(app);
  forwardDomainEvents(app.events, app.realtime);
  registerRealtimeSocket(app);
  // Features register their workers while loading; the queue starts once they all have.
  app.addHook('onReady', async () => {
    await app.jobs.start();
    await app.realtime.start();
  });
  app.addHook('onClose', async () => {
    await app.jobs.stop();
    await app.realtime.close();
  });

  app.setErrorHandler(handleError);
  app.setNotFoundHandler((request, reply) => {
    if (isApiUrl(request.url)) return sendRouteNotFound(reply);
    return spaFallback(request, reply);
  });

  registerOriginCheck(app, config.publicUrl);
  registerApiPathGuard(app);
  registerInputGuard(app);
  registerPermissionsPolicy(app);
  await app.register(fastifyCookie);
  registerSessionRefresh(app);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: contentSecurityPolicy(config),
    // Plain http on a LAN address is a supported setup: no HSTS unless the public URL is https.
    strictTransportSecurity: config.publicUrl.startsWith('https:'),
  });
  await app.register(fastifyCompress, { threshold: 1024, syncThreshold: 65_536 });
  await registerRateLimits(app);
  await registerMetrics(app, config.metricsToken);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${config.communityName} API`, version: '1' },
      servers: [{ url: config.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  for (const feature of features) await app.register(feature);
  for (const plugin of options.plugins ?? []) await app.register(plugin);
  // After the features: it answers with the share cards they registered.
  await app.register(shareCardRoutes);

  const spaFallback = await registerStatic(app, options.webDistDir);
  await app.ready();
  return app;
}
