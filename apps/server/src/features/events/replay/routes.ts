// "Watch again" (docs/product/live-video.md, "Watch again"): an event's recorded stream for signed-in
// members, seekable (Range requests), never for visitors; the event's manager (an Admin, the Publisher who
// created it) may delete it. The replay is made by the replay.make job once the stream is over
// (recording.ts), and goes with its event (replay.delete, enqueued in the deleting transaction).
import { documentIdSchema, ERROR_TYPES } from '@samaj/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import parseRange from 'range-parser';
import { z } from 'zod';
import { requireAnyLabel, requireMember, requireUser } from '../../../platform/auth/index.ts';
import { AppError, forbidden, notFound } from '../../../platform/errors.ts';
import { writeLimit } from '../../../platform/rate-limit.ts';
import { errors, GUARD_ERRORS, noContent } from '../../../platform/responses.ts';
import { getStorage } from '../../../platform/storage/index.ts';
import { mayManage } from '../policy.ts';
import { forgetReplay, recordsReplay, replayManagement, storedReplay } from './queries.ts';
import { deleteReplay, makeReplay, REPLAY_CONTENT_TYPE } from './recording.ts';

export const MSG_NO_REPLAY = 'This event has no replay.';
export const MSG_REPLAY_EVENT_NOT_FOUND = 'No event with the requested ID could be found.';
export const MSG_NOT_REPLAY_MANAGER =
  'Only an Admin or the Publisher who created this event may delete its replay.';
export const MSG_RANGE = 'The requested range is not within the replay.';

/** Not in spec: the replay is made this long after the stream ends (Janus closes its files first). */
export const REPLAY_DELAY_SECONDS = 3;

const params = z.object({ id: documentIdSchema });

export const replayRoutes: FastifyPluginAsyncZod = async (app) => {
  // A failure (a tool, the storage) throws: retried 30 s, 60 s, … later, and after a restart.
  void app.jobs.work(
    'replay.make',
    async ({ eventId }) => {
      const outcome = await makeReplay(app, eventId);
      app.log.info({ eventId, outcome }, 'replay.make');
    },
    { retryLimit: 6, retryDelay: 30, retryBackoff: true, expireInSeconds: 3600 },
  );
  void app.jobs.work('replay.delete', ({ eventId, key }) => deleteReplay(app, eventId, key), {
    retryLimit: 8,
    retryDelay: 30,
    retryBackoff: true,
  });

  // The stream is over (END, the host gone, a lapsed lease): an event that asked for a replay gets
  // the job with the change, so it exists exactly when the stream's end is committed.
  app.events.onTransaction('event.live', async ({ eventId, live }, tx) => {
    if (live || !app.config.janus) return;
    if (!(await recordsReplay(tx, eventId))) return;
    await app.jobs.send(
      'replay.make',
      { eventId },
      { tx, startAfter: REPLAY_DELAY_SECONDS, singletonKey: eventId },
    );
  });
  // A deleted event takes its replay and any recordings not yet made into one.
  app.events.onTransaction('event.changed', async ({ eventId, change }, tx) => {
    if (change === 'deleted') await app.jobs.send('replay.delete', { eventId, key: null }, { tx });
  });

  app.get(
    '/api/events/:id/replay',
    {
      onRequest: requireMember,
      schema: {
        tags: ['events'],
        summary: "Watch again: the event's recorded stream, WebM, with Range requests (members)",
        params,
        produces: [REPLAY_CONTENT_TYPE],
        response: {
          200: z.any().describe(REPLAY_CONTENT_TYPE),
          206: z.any().describe(`${REPLAY_CONTENT_TYPE}: the requested bytes`),
          ...errors(400, ...GUARD_ERRORS, 404, 416),
        },
      },
    },
    async (request, reply) => {
      const row = await storedReplay(app.db, request.params.id);
      if (!row) throw notFound(MSG_REPLAY_EVENT_NOT_FOUND);
      if (!row.key) throw notFound(MSG_NO_REPLAY);
      const storage = getStorage(app);
      const size = row.size ?? (await storage.size(row.key));
      if (size === null) throw notFound(MSG_NO_REPLAY);
      // A member's to watch, not a cache's to keep (as every private file: docs/decisions/0008-file-previews-and-private-files.md).
      reply
        .header('Cache-Control', 'private, no-store')
        .header('Accept-Ranges', 'bytes')
        .header('Content-Disposition', 'inline; filename="replay.webm"')
        .type(REPLAY_CONTENT_TYPE);
      const header = request.headers.range;
      const ranges = header ? parseRange(size, header, { combine: true }) : -2;
      if (ranges === -1) {
        reply.header('Content-Range', `bytes */${size}`);
        throw new AppError(ERROR_TYPES.GENERAL_RANGE_NOT_SATISFIABLE, MSG_RANGE);
      }
      // No Range, a malformed one (ignored, as HTTP says) or several: the whole file.
      const one = Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1 ? ranges[0] : null;
      const stream = await storage.read(row.key, one ?? undefined);
      if (!stream) throw notFound(MSG_NO_REPLAY);
      if (!one) return reply.code(200).header('Content-Length', size).send(stream);
      return reply
        .code(206)
        .header('Content-Range', `bytes ${one.start}-${one.end}/${size}`)
        .header('Content-Length', one.end - one.start + 1)
        .send(stream);
    },
  );

  app.delete(
    '/api/events/:id/replay',
    {
      onRequest: requireAnyLabel('Admin', 'Publisher'),
      ...writeLimit('submission'),
      schema: {
        tags: ['events'],
        summary: "Delete an event's replay (Admin: any; Publisher: their own events)",
        params,
        response: { 204: noContent, ...errors(400, ...GUARD_ERRORS, 404, 429) },
      },
    },
    async (request, reply) => {
      const me = await requireUser(request);
      const row = await replayManagement(app.db, request.params.id);
      if (!row) throw notFound(MSG_REPLAY_EVENT_NOT_FOUND);
      if (!mayManage(me, row)) throw forbidden(MSG_NOT_REPLAY_MANAGER);
      const key = row.key;
      if (!key) throw notFound(MSG_NO_REPLAY);
      const eventId = request.params.id;
      await app.events.transaction(async (tx) => {
        await forgetReplay(tx, eventId);
        // The bytes go by a job written with the change (storage is outside the transaction).
        await app.jobs.send('replay.delete', { eventId, key }, { tx });
        await app.events.publish(tx, 'event.changed', { eventId, change: 'updated' });
      });
      return reply.code(204).send(null);
    },
  );
};
