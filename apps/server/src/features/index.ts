// Every feature is a Fastify plugin registered here, in this order. Routes use full paths
// (`/api/...`); no prefix is added. One line per feature.
import type { FastifyPluginAsync } from 'fastify';
import accounts from './accounts/routes.ts';
import events from './events/routes.ts';
import files from './files/routes.ts';
import health from './health/routes.ts';
import inbox from './inbox/routes.ts';
import matrimony from './matrimony/routes.ts';
import moderation from './moderation/routes.ts';
import notifications from './notifications/routes.ts';
import posts from './posts/routes.ts';
import publicConfig from './public-config/routes.ts';
import publisher from './publisher/routes.ts';
import slides from './slides/routes.ts';
import surnames from './surnames/routes.ts';

// biome-ignore lint/suspicious/noExplicitAny: plugins come with their own option types
export const features: FastifyPluginAsync<any>[] = [
  health,
  publicConfig,
  accounts,
  files,
  posts,
  events,
  surnames,
  moderation,
  publisher,
  slides,
  matrimony,
  notifications,
  inbox,
];
