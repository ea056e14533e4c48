// Going live (docs/product/live-video.md): only the host or an Admin starts and ENDs the stream, members
// press Request Streaming once each, and the live screen gets its ICE servers with a TURN credential of the
// member's own ("TURN").
import { eventLiveSchema, iceServersSchema, type LiveIceServers } from '@samaj/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireMember, requireUser } from '../../platform/auth/index.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { writeLimit } from '../../platform/rate-limit.ts';
import { errors, GUARD_ERRORS } from '../../platform/responses.ts';
import { eventParams, eventResponse, MSG_EVENT_NOT_FOUND, viewOne } from './answers.ts';
import { mayBroadcast } from './policy.ts';
import { findEvent, requestStreaming, setLive } from './queries.ts';
import { turnCredential } from './turn.ts';

export const MSG_NOT_HOST = 'Only the host of this event or an Admin may start or end its stream.';

const iceServersResponse = z.object({
  iceServers: iceServersSchema,
  expiresAt: z.string().nullable(),
}) satisfies z.ZodType<LiveIceServers>;

const streamRequestResponse = z.object({
  requestedStreaming: z.literal(true),
  streamRequests: z.number().int().nullable(),
});

const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const member = { onRequest: requireMember };
  const tags = ['events'];

  app.put(
    '/api/events/:id/live',
    {
      ...member,
      ...writeLimit('live'),
      schema: {
        tags,
        summary: 'Start (true) or END (false) the live stream (the host or an Admin)',
        params: eventParams,
        body: eventLiveSchema,
        response: { 200: eventResponse, ...errors(400, ...GUARD_ERRORS, 404, 429) },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      const before = await findEvent(app.db, request.params.id);
      if (!before) throw notFound(MSG_EVENT_NOT_FOUND);
      if (!mayBroadcast(me, before)) throw forbidden(MSG_NOT_HOST);
      const row = await setLive(app, before.id, request.body.live);
      if (!row) throw notFound(MSG_EVENT_NOT_FOUND);
      return viewOne(app, row, me);
    },
  );

  app.post(
    '/api/events/:id/stream-requests',
    {
      ...member,
      ...writeLimit('like'),
      schema: {
        tags,
        summary: 'Request Streaming: recorded once per member (members)',
        params: eventParams,
        response: { 200: streamRequestResponse, ...errors(400, ...GUARD_ERRORS, 404, 429) },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      const row = await findEvent(app.db, request.params.id);
      if (!row) throw notFound(MSG_EVENT_NOT_FOUND);
      await requestStreaming(app.db, row.id, me.id);
      const view = await viewOne(app, row, me);
      return { requestedStreaming: true as const, streamRequests: view.streamRequests };
    },
  );

  app.get(
    '/api/live/ice-servers',
    {
      ...member,
      schema: {
        tags,
        summary:
          "The live screen's ICE servers: ICE_SERVERS and, with TURN set, a TURN credential of the member's own (members)",
        response: { 200: iceServersResponse, ...errors(...GUARD_ERRORS) },
      },
    },
    async (request, reply): Promise<LiveIceServers> => {
      const me = await requireUser(request);
      // A credential is the member's own for hours: never kept by a cache on the way.
      reply.header('Cache-Control', 'private, no-store');
      const { turn, iceServers } = app.config;
      if (!turn) return { iceServers, expiresAt: null };
      const credential = turnCredential(turn, me.id);
      return {
        iceServers: [...iceServers, credential.iceServer],
        expiresAt: credential.expiresAt.toISOString(),
      };
    },
  );
};

export default liveRoutes;
