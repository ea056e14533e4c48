// The events list as the posts home's strip reads it (SPEC §7 Events: newest first, 4, then 3
// after a cursor). Members only. Keyset on the primary key, whose btree also scans backwards.
import { EVENTS_FIRST_PAGE, EVENTS_NEXT_PAGE, type EventPage, type EventView } from '@samaj/core';
import { desc, eq, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { event } from '../../db/schema/index.ts';
import { requireUser } from '../../platform/auth/index.ts';
import { badRequest, notFound } from '../../platform/errors.ts';

const listQuery = z.object({ cursor: z.string().min(1).max(64).optional() });

function toEventView(e: typeof event.$inferSelect): EventView {
  return {
    id: e.id,
    name: e.name,
    description: e.description,
    thumbnail: e.thumbnail ?? 'newuser',
    file: e.file,
    time: e.time.toISOString(),
    location: e.location,
    host: e.host,
    liveStream: e.liveStream,
    live: e.live,
    createdAt: e.createdAt.toISOString(),
  };
}

const eventParams = z.object({ id: z.string().min(1).max(64) });

export default async function eventsRoutes(app: FastifyInstance) {
  // SPEC §7 Events: the event page loads one event by id for the signed-in member.
  app.get('/api/events/:id', async (request): Promise<EventView> => {
    await requireUser(request);
    const params = eventParams.safeParse(request.params);
    if (!params.success) throw badRequest('Invalid `id` param.');
    const [row] = await app.db.select().from(event).where(eq(event.id, params.data.id)).limit(1);
    if (!row) throw notFound('No event with the requested ID could be found.');
    return toEventView(row);
  });

  app.get('/api/events', async (request): Promise<EventPage> => {
    await requireUser(request);
    const query = listQuery.safeParse(request.query);
    if (!query.success) throw badRequest('Invalid `cursor` param.');
    const { cursor } = query.data;
    const size = cursor ? EVENTS_NEXT_PAGE : EVENTS_FIRST_PAGE;
    const rows = await app.db
      .select()
      .from(event)
      .where(cursor ? lt(event.id, cursor) : undefined)
      .orderBy(desc(event.id))
      .limit(size + 1);
    const documents = rows.slice(0, size).map(toEventView);
    return { documents, nextCursor: rows.length > size ? documents[documents.length - 1].id : null };
  });
}
