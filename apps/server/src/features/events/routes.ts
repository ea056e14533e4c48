// Events (SPEC §2 Events, §4 Event live flag, §6 Host; issue 10). Members read the list (newest
// first, 4, then 3 after a cursor) and one event, and press Request Streaming once each. Admins and
// Publishers create events; a Publisher edits and deletes only their own, an Admin any. Only the
// host or an Admin sets `live`. Images go through the media pipeline first (POST /api/events/images)
// and are named by id in the form, like the carousel's.
import multipart from '@fastify/multipart';
import {
  documentIdSchema,
  ERROR_TYPES,
  EVENTS_FIRST_PAGE,
  EVENTS_NEXT_PAGE,
  type EventData,
  type EventPage,
  type EventView,
  eventLiveSchema,
  eventSchema,
  FEED_PAGE,
  missingParamMessage,
  UPLOAD_MAX_BYTES,
} from '@samaj/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf } from '../../db/keyset.ts';
import { event, eventStreamRequest } from '../../db/schema/index.ts';
import { getSessionUser, requireAnyLabel, requireMember, requireUser } from '../../platform/auth/index.ts';
import { servedPath } from '../../platform/boot-data.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import { deleteFilesWith } from '../../platform/files-cleanup.ts';
import { saveImageUpload } from '../../platform/images.ts';
import { writeLimit } from '../../platform/rate-limit.ts';
import { errors, GUARD_ERRORS, noContent, pageResponse } from '../../platform/responses.ts';
import { type Actor, isAdmin, mayBroadcast, mayManage } from './policy.ts';
import {
  createEvent,
  deleteEvent,
  findEvent,
  isEventImage,
  listEvents,
  memberExists,
  requestStreaming,
  setLive,
  streamRequestsOf,
  updateEvent,
} from './queries.ts';
import { registerSfu } from './sfu/sfu.ts';
import { eventShareCard } from './share-card.ts';
import { registerSignalling } from './signalling.ts';
import { type EventRow, eventView } from './view.ts';

export const MSG_EVENT_NOT_FOUND = 'No event with the requested ID could be found.';
export const MSG_NOT_EVENT_MANAGER = 'Only an Admin or the Publisher who created this event may change it.';
export const MSG_NOT_HOST = 'Only the host of this event or an Admin may start or end its stream.';
export const MSG_UNKNOWN_HOST = 'No member with this username.';
export const MSG_EVENT_IMAGE_UNKNOWN = 'Upload the image through the event image route first.';

const listQuery = z.object({ cursor: documentIdSchema.optional() });
const eventParams = z.object({ id: documentIdSchema });

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
  liveEndedAt: z.string().nullable(),
  createdAt: z.string(),
  canManage: z.boolean(),
  requestedStreaming: z.boolean(),
  streamRequests: z.number().int().nullable(),
}) satisfies z.ZodType<EventView>;

const streamRequestResponse = z.object({
  requestedStreaming: z.literal(true),
  streamRequests: z.number().int().nullable(),
});

async function viewOne(app: FastifyInstance, row: EventRow, me: Actor): Promise<EventView> {
  const requests = await streamRequestsOf(app.db, [row.id], me.id);
  return eventView(row, me, requests.get(row.id));
}

const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Uploads arrive as multipart/form-data (each feature that takes files registers its parser).
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5 } });
  }
  // A member's export lists the events they host and their stream requests; deleting the account
  // leaves the events (staff own them) and takes the requests (cascade).
  app.registry.addShareCard('event', eventShareCard);
  app.registry.addMemberData({
    name: 'hostedEvents',
    export: (db, memberId) => db.select().from(event).where(eq(event.host, memberId)),
  });
  app.registry.addMemberData({
    name: 'streamRequests',
    export: (db, memberId) =>
      db.select().from(eventStreamRequest).where(eq(eventStreamRequest.member, memberId)),
  });

  // The live screen's signalling (PeerJS) on this port under /peerjs.
  registerSignalling(app);
  // SFU mode (JANUS_URL): the live screen's channel to Janus through this server, under /sfu.
  registerSfu(app);

  /** A page of events as this member sees them (GET /api/events). */
  async function eventsPage(me: Actor, cursor?: string): Promise<EventPage> {
    const size = cursor ? EVENTS_NEXT_PAGE : EVENTS_FIRST_PAGE;
    const rows = await listEvents(app.db, cursor, size + 1);
    const requests = await streamRequestsOf(
      app.db,
      rows.slice(0, size).map((r) => r.id),
      me.id,
    );
    return pageOf(
      rows.map((r) => eventView(r, me, requests.get(r.id))),
      size,
    );
  }

  // The feed's events strip comes with a member's `/posts` (drawn with it: core feed-drawing.ts).
  app.registry.addBootData('eventsPage', async (request) => {
    if (!FEED_PAGE.test(servedPath(request))) return undefined;
    const me = await getSessionUser(request);
    return me ? eventsPage(me) : undefined;
  });

  const member = { preValidation: requireMember };
  const manager = { preValidation: requireAnyLabel('Admin', 'Publisher') };
  const tags = ['events'];

  /** Checks the form's host and images; returns the values to store. */
  async function checkForm(me: Actor, data: EventData, before?: EventRow) {
    const host = data.host ?? before?.host ?? me.id;
    if (host !== before?.host && !(await memberExists(app.db, host))) {
      throw new AppError(400, ERROR_TYPES.GENERAL_ARGUMENT_INVALID, MSG_UNKNOWN_HOST, 'host');
    }
    for (const field of ['thumbnail', 'file'] as const) {
      const id = data[field];
      if (!id || id === before?.thumbnail || id === before?.file) continue;
      // A Publisher names only images they uploaded; an Admin any event image.
      if (!(await isEventImage(app.db, id, isAdmin(me) ? null : me.id))) {
        throw new AppError(400, ERROR_TYPES.GENERAL_ARGUMENT_INVALID, MSG_EVENT_IMAGE_UNKNOWN, field);
      }
    }
    return { ...data, host };
  }

  async function managedEvent(me: Actor, id: string): Promise<EventRow> {
    const row = await findEvent(app.db, id);
    if (!row) throw notFound(MSG_EVENT_NOT_FOUND);
    if (!mayManage(me, row)) throw forbidden(MSG_NOT_EVENT_MANAGER);
    return row;
  }

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
    async (request): Promise<EventPage> => eventsPage(await requireUser(request), request.query.cursor),
  );

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
      const me = await requireUser(request);
      const row = await findEvent(app.db, request.params.id);
      if (!row) throw notFound(MSG_EVENT_NOT_FOUND);
      return viewOne(app, row, me);
    },
  );

  app.post(
    '/api/events',
    {
      ...manager,
      ...writeLimit('submission'),
      schema: {
        tags,
        summary: 'Create an event (Admin, Publisher)',
        body: eventSchema,
        response: { 201: eventResponse, ...errors(400, ...GUARD_ERRORS, 429) },
      },
    },
    async (request, reply) => {
      const me = await requireUser(request);
      const values = await checkForm(me, request.body);
      const row = await createEvent(app.db, me.id, values);
      return reply.code(201).send(await viewOne(app, row, me));
    },
  );

  app.put(
    '/api/events/:id',
    {
      ...manager,
      ...writeLimit('submission'),
      schema: {
        tags,
        summary: 'Edit an event (Admin: any; Publisher: their own)',
        params: eventParams,
        body: eventSchema,
        response: { 200: eventResponse, ...errors(400, ...GUARD_ERRORS, 404, 429) },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      const before = await managedEvent(me, request.params.id);
      const values = await checkForm(me, request.body, before);
      const row = await app.events.transaction(async (tx) => {
        const saved = await updateEvent(tx, before, values);
        // The images the event no longer shows go with the change (their bytes by a job).
        await deleteFilesWith(app, tx, saved.dropped);
        await app.events.publish(tx, 'event.changed', { eventId: before.id, change: 'updated' });
        return saved.row;
      });
      return viewOne(app, row, me);
    },
  );

  app.delete(
    '/api/events/:id',
    {
      ...manager,
      ...writeLimit('submission'),
      schema: {
        tags,
        summary: 'Delete an event (Admin: any; Publisher: their own)',
        params: eventParams,
        response: { 204: noContent, ...errors(400, ...GUARD_ERRORS, 404, 429) },
      },
    },
    async (request, reply) => {
      const me = await requireUser(request);
      const before = await managedEvent(me, request.params.id);
      await app.events.transaction(async (tx) => {
        await deleteFilesWith(app, tx, await deleteEvent(tx, before));
        await app.events.publish(tx, 'event.changed', { eventId: before.id, change: 'deleted' });
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/events/images',
    {
      ...manager,
      ...writeLimit('upload'),
      schema: {
        tags,
        summary:
          "Upload an event's thumbnail or cover; send its id as `thumbnail` or `file` (Admin, Publisher)",
        consumes: ['multipart/form-data'],
        response: { 201: z.object({ id: z.string() }), ...errors(400, ...GUARD_ERRORS, 413, 415, 429, 503) },
      },
    },
    async (request, reply) => {
      const me = await requireUser(request);
      const missing = () =>
        new AppError(400, ERROR_TYPES.GENERAL_ARGUMENT_INVALID, missingParamMessage('file'), 'file');
      if (!request.isMultipart()) throw missing();
      const part = await request.file({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });
      if (part?.fieldname !== 'file') throw missing();
      const id = await saveImageUpload(app, part, { owner: me.id, kind: 'event' });
      return reply.code(201).send({ id });
    },
  );

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
};

export default eventsRoutes;
