// Events (docs/product/events.md). Members read the list (newest
// first, 4, then 3 after a cursor) and one event, and press Request Streaming once each. Admins and
// Publishers create events; a Publisher edits and deletes only their own, an Admin any. Only the
// host or an Admin sets `live`. Images go through the media pipeline first (POST /api/events/images)
// and are named by id in the form, like the carousel's. What members plan around
// (docs/product/events.md, "Event details"): the place on the map, "I'll attend" with its count (who said so
// is not shown), the event's .ics; and the live screen's ICE servers with TURN credentials of the member's
// own (docs/product/live-video.md, "TURN").
import {
  type AttendanceResult,
  documentIdSchema,
  ERROR_TYPES,
  EVENTS_FIRST_PAGE,
  EVENTS_NEXT_PAGE,
  type EventAttendees,
  type EventData,
  type EventDetails,
  type EventDetailsPage,
  eventAttendanceSchema,
  eventLiveSchema,
  eventSchema,
  iceServersSchema,
  type LiveIceServers,
} from '@samaj/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf } from '../../db/keyset.ts';
import { event, eventAttendance, eventStreamRequest } from '../../db/schema/index.ts';
import { requireAnyLabel, requireMember, requireUser } from '../../platform/auth/index.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import { deleteFilesWith } from '../../platform/files-cleanup.ts';
import { saveImageUpload } from '../../platform/images.ts';
import { writeLimit } from '../../platform/rate-limit.ts';
import { errors, GUARD_ERRORS, noContent, pageResponse } from '../../platform/responses.ts';
import { acceptUploads, requireFilePart } from '../../platform/upload.ts';
import { eventCalendar } from './calendar.ts';
import { type Actor, isAdmin, mayBroadcast, mayManage } from './policy.ts';
import {
  attendanceOf,
  createEvent,
  deleteEvent,
  findEvent,
  isEventImage,
  listEvents,
  memberExists,
  requestStreaming,
  setAttendance,
  setLive,
  streamRequestsOf,
  updateEvent,
} from './queries.ts';
import { registerReminders } from './reminders.ts';
import { replayRoutes } from './replay/routes.ts';
import { registerSfu } from './sfu/sfu.ts';
import { eventShareCard } from './share-card.ts';
import { registerSignalling } from './signalling.ts';
import { turnCredential } from './turn.ts';
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
  coordinates: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  host: z.string(),
  liveStream: z.boolean(),
  live: z.boolean(),
  liveEndedAt: z.string().nullable(),
  createdAt: z.string(),
  canManage: z.boolean(),
  requestedStreaming: z.boolean(),
  streamRequests: z.number().int().nullable(),
  attendees: z.number().int(),
  attending: z.boolean(),
  recordReplay: z.boolean(),
  replay: z.object({ duration: z.number(), size: z.number().int() }).nullable(),
}) satisfies z.ZodType<EventDetails>;

const attendanceResponse = z.object({
  attending: z.boolean(),
  attendees: z.number().int(),
}) satisfies z.ZodType<AttendanceResult>;

const attendeesResponse = z.object({ attendees: z.number().int() }) satisfies z.ZodType<EventAttendees>;

const iceServersResponse = z.object({
  iceServers: iceServersSchema,
  expiresAt: z.string().nullable(),
}) satisfies z.ZodType<LiveIceServers>;

const streamRequestResponse = z.object({
  requestedStreaming: z.literal(true),
  streamRequests: z.number().int().nullable(),
});

async function viewOne(app: FastifyInstance, row: EventRow, me: Actor): Promise<EventDetails> {
  const [requests, attendance] = await Promise.all([
    streamRequestsOf(app.db, [row.id], me.id),
    attendanceOf(app.db, [row.id], me.id),
  ]);
  return eventView(row, me, requests.get(row.id), attendance.get(row.id));
}

const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptUploads(app);
  // A member's export lists the events they host and their stream requests; deleting the account
  // leaves the events (staff own them) and takes the requests (cascade).
  app.registry.addShareCard('event', eventShareCard(app.config.timeZone));
  app.registry.addMemberData({
    name: 'hostedEvents',
    export: (db, memberId) => db.select().from(event).where(eq(event.host, memberId)),
  });
  app.registry.addMemberData({
    name: 'streamRequests',
    export: (db, memberId) =>
      db.select().from(eventStreamRequest).where(eq(eventStreamRequest.member, memberId)),
  });
  app.registry.addMemberData({
    name: 'eventAttendance',
    export: (db, memberId) => db.select().from(eventAttendance).where(eq(eventAttendance.member, memberId)),
  });

  // The live screen's signalling (PeerJS) on this port under /peerjs.
  registerSignalling(app);
  // SFU mode (JANUS_URL): the live screen's channel to Janus through this server, under /sfu.
  registerSfu(app);
  // The push 60 minutes before the start to the members who said they'll attend
  // (docs/product/events.md, "Reminders").
  registerReminders(app);
  // "Watch again" (docs/product/live-video.md, "Watch again"): the recording job and GET/DELETE
  // /api/events/:id/replay.
  await app.register(replayRoutes);

  /** A page of events as this member sees them (GET /api/events). */
  async function eventsPage(me: Actor, cursor?: string): Promise<EventDetailsPage> {
    const size = cursor ? EVENTS_NEXT_PAGE : EVENTS_FIRST_PAGE;
    const rows = await listEvents(app.db, cursor, size + 1);
    const ids = rows.slice(0, size).map((r) => r.id);
    const [requests, attendance] = await Promise.all([
      streamRequestsOf(app.db, ids, me.id),
      attendanceOf(app.db, ids, me.id),
    ]);
    return pageOf(
      rows.map((r) => eventView(r, me, requests.get(r.id), attendance.get(r.id))),
      size,
    );
  }

  const member = { onRequest: requireMember };
  const manager = { onRequest: requireAnyLabel('Admin', 'Publisher') };
  const tags = ['events'];

  /** Checks the form's host and images; returns the values to store. */
  async function checkForm(me: Actor, data: EventData, before?: EventRow) {
    const host = data.host ?? before?.host ?? me.id;
    if (host !== before?.host && !(await memberExists(app.db, host))) {
      throw new AppError(ERROR_TYPES.GENERAL_ARGUMENT_INVALID, MSG_UNKNOWN_HOST, 'host');
    }
    for (const field of ['thumbnail', 'file'] as const) {
      const id = data[field];
      if (!id || id === before?.thumbnail || id === before?.file) continue;
      // A Publisher names only images they uploaded; an Admin any event image.
      if (!(await isEventImage(app.db, id, isAdmin(me) ? null : me.id))) {
        throw new AppError(ERROR_TYPES.GENERAL_ARGUMENT_INVALID, MSG_EVENT_IMAGE_UNKNOWN, field);
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
    async (request): Promise<EventDetailsPage> =>
      eventsPage(await requireUser(request), request.query.cursor),
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
    async (request): Promise<EventDetails> => {
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
      const part = await requireFilePart(request, { namesField: true });
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

  app.put(
    '/api/events/:id/attendance',
    {
      ...member,
      ...writeLimit('like'),
      schema: {
        tags,
        summary: '"I\'ll attend" (true) or not any more (false); answers the new count (members)',
        params: eventParams,
        body: eventAttendanceSchema,
        response: { 200: attendanceResponse, ...errors(400, ...GUARD_ERRORS, 404, 429) },
      },
    },
    async (request): Promise<AttendanceResult> => {
      const me = await requireUser(request);
      const row = await findEvent(app.db, request.params.id);
      if (!row) throw notFound(MSG_EVENT_NOT_FOUND);
      await setAttendance(app.db, row.id, me.id, request.body.attending);
      const now = (await attendanceOf(app.db, [row.id], me.id)).get(row.id);
      return { attending: now?.mine ?? false, attendees: now?.count ?? 0 };
    },
  );

  app.get(
    '/api/events/:id/attendees',
    {
      // Anyone: how many said they'll attend, as a visitor's invitation link shows it beside the login
      // card (the event's name, date and place are its share card already). Nobody's name.
      schema: {
        tags,
        summary: '"I\'ll attend": how many members said so (anyone; no names)',
        params: eventParams,
        response: { 200: attendeesResponse, ...errors(400, 404) },
      },
    },
    async (request) => {
      const row = await findEvent(app.db, request.params.id);
      if (!row) throw notFound(MSG_EVENT_NOT_FOUND);
      const counted = (await attendanceOf(app.db, [row.id], '')).get(row.id);
      return { attendees: counted?.count ?? 0 };
    },
  );

  app.get(
    '/api/events/:id/calendar',
    {
      ...member,
      schema: {
        tags,
        summary: "Add to calendar: the event's .ics with its time, place and link (members)",
        params: eventParams,
        produces: ['text/calendar'],
        response: { 200: z.any().describe('text/calendar'), ...errors(400, ...GUARD_ERRORS, 404) },
      },
    },
    async (request, reply) => {
      await requireUser(request);
      const row = await findEvent(app.db, request.params.id);
      if (!row) throw notFound(MSG_EVENT_NOT_FOUND);
      // A Buffer, so Fastify sends the text as it is (a string would go through the JSON serializer).
      return reply
        .type('text/calendar; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="event-${row.id}.ics"`)
        .header('Cache-Control', 'private, no-cache')
        .send(Buffer.from(eventCalendar(row, app.config.publicUrl), 'utf8'));
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

export default eventsRoutes;
