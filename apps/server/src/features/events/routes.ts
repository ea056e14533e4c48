// The events list as the posts home's strip reads it (SPEC §7 Events: newest first, 4, then 3
// after a cursor), and one event by id for its page. Members only. Keyset on the primary key,
// whose btree also scans backwards.
import {
  DEFAULT_PICTURE_ID,
  EVENTS_FIRST_PAGE,
  EVENTS_NEXT_PAGE,
  type EventPage,
  type EventView,
} from '@samaj/core';
import { desc, eq, lt } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf } from '../../db/keyset.ts';
import { event } from '../../db/schema/index.ts';
import { requireMember } from '../../platform/auth/index.ts';
import { notFound } from '../../platform/errors.ts';
import { errors, GUARD_ERRORS, pageResponse } from '../../platform/responses.ts';

export const MSG_EVENT_NOT_FOUND = 'No event with the requested ID could be found.';

const id = z.string().min(1).max(64);
const listQuery = z.object({ cursor: id.optional() });
const eventParams = z.object({ id });

const eventResponse = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  thumbnail: z.string(),
  file: z.string().nullable(),
  time: z.string(),
  location: z.string(),
  host: z.string(),
  liveStream: z.boolean(),
  live: z.boolean(),
  createdAt: z.string(),
  canManage: z.boolean(),
  requestedStreaming: z.boolean(),
  streamRequests: z.number().int().nullable(),
}) satisfies z.ZodType<EventView>;

function toEventView(e: typeof event.$inferSelect): EventView {
  return {
    id: e.id,
    name: e.name,
    description: e.description,
    thumbnail: e.thumbnail ?? DEFAULT_PICTURE_ID,
    file: e.file,
    time: e.time.toISOString(),
    location: e.location,
    host: e.host,
    liveStream: e.liveStream,
    live: e.live,
    createdAt: e.createdAt.toISOString(),
    canManage: false,
    requestedStreaming: false,
    streamRequests: null,
  };
}

const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  // A member's export lists the events they host; deleting the account leaves the events (staff own them).
  app.registry.addMemberData({
    name: 'hostedEvents',
    export: (db, memberId) => db.select().from(event).where(eq(event.host, memberId)),
  });
  const member = { preValidation: requireMember };
  const tags = ['events'];

  app.get(
    '/api/events/:id',
    {
      ...member,
      schema: {
        tags,
        summary: 'One event by id (members)',
        params: eventParams,
        response: { 200: eventResponse, ...errors(400, ...GUARD_ERRORS, 404) },
      },
    },
    async (request): Promise<EventView> => {
      const [row] = await app.db.select().from(event).where(eq(event.id, request.params.id)).limit(1);
      if (!row) throw notFound(MSG_EVENT_NOT_FOUND);
      return toEventView(row);
    },
  );

  app.get(
    '/api/events',
    {
      ...member,
      schema: {
        tags,
        summary: 'Events, newest first: 4, then 3 after a cursor (members)',
        querystring: listQuery,
        response: { 200: pageResponse(eventResponse), ...errors(400, ...GUARD_ERRORS) },
      },
    },
    async (request): Promise<EventPage> => {
      const { cursor } = request.query;
      const size = cursor ? EVENTS_NEXT_PAGE : EVENTS_FIRST_PAGE;
      const rows = await app.db
        .select()
        .from(event)
        .where(cursor ? lt(event.id, cursor) : undefined)
        .orderBy(desc(event.id))
        .limit(size + 1);
      return pageOf(rows.map(toEventView), size);
    },
  );
};

export default eventsRoutes;
