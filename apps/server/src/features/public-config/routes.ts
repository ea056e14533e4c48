import fs from 'node:fs';
import { iceServersSchema } from '@samaj/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { vapidDetails } from '../../platform/vapid.ts';

const VERSION: string = JSON.parse(
  fs.readFileSync(new URL('../../../../../package.json', import.meta.url), 'utf8'),
).version;

const publicConfigResponse = z.object({
  communityName: z.string(),
  communityAbout: z.string(),
  /** COMMUNITY_TIME_ZONE: the zone events' starts are shown and entered in. */
  timeZone: z.string(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  tileUrl: z.string(),
  tileAttribution: z.string(),
  version: z.string(),
  /** STUN/TURN servers for live video (ICE_SERVERS): public by nature, every browser uses them. */
  iceServers: iceServersSchema,
  /** Viewers one host serves (LIVE_MAX_VIEWERS). */
  liveMaxViewers: z.number().int(),
  /** 'sfu' when live events go through Janus (JANUS_URL; the channel is /sfu), else 'peer' (PeerJS). */
  liveMode: z.enum(['peer', 'sfu']),
  /** The applicationServerKey browsers subscribe to push with; null when push is off. */
  vapidPublicKey: z.string().nullable(),
  /** Whether the server sends mail (SMTP_URL); without it, password recovery goes through the staff. */
  mailEnabled: z.boolean(),
});

/**
 * The operator's settings the web app shows to everyone (title suffix, about note, map tiles).
 * Only what is already public on the site is here: no secrets (the VAPID key is the public half),
 * no internal URLs.
 */
const publicConfig: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const view = () => ({
    communityName: config.communityName,
    communityAbout: config.communityAbout,
    timeZone: config.timeZone,
    contactEmail: config.contactEmail ?? null,
    contactPhone: config.contactPhone ?? null,
    tileUrl: config.tileUrl,
    tileAttribution: config.tileAttribution,
    version: VERSION,
    iceServers: config.iceServers,
    liveMaxViewers: config.liveMaxViewers,
    liveMode: config.janus ? ('sfu' as const) : ('peer' as const),
    vapidPublicKey: vapidDetails(config)?.publicKey ?? null,
    mailEnabled: config.mail !== undefined,
  });
  app.get(
    '/api/public-config',
    {
      schema: {
        tags: ['config'],
        summary: 'Community name, contact and map tile settings for the web app',
        response: { 200: publicConfigResponse },
      },
    },
    async (_request, reply) => {
      // Changes only with a restart, but a stale copy would outlive it in browsers: revalidate.
      reply.header('cache-control', 'no-cache');
      return view();
    },
  );
};

export default publicConfig;
