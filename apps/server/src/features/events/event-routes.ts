// Events themselves (docs/product/events.md): members read the list (newest first, 4, then 3 after a
// cursor) and one event; Admins and Publishers create events and upload their images, a Publisher edits and
// deletes only their own, an Admin any (manage.ts).
import {
  documentIdSchema,
  EVENTS_FIRST_PAGE,
  EVENTS_NEXT_PAGE,
  type EventDetails,
  type EventDetailsPage,
  eventSchema,
} from '@samaj/core';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf } from '../../db/keyset.ts';
import { requireAnyLabel, requireMember, requireUser } from '../../platform/auth/index.ts';
import { notFound } from '../../platform/errors.ts';
import { deleteFilesWith } from '../../platform/files-cleanup.ts';
import { saveImageUpload } from '../../platform/images.ts';
import { writeLimit } from '../../platform/rate-limit.ts';
import { errors, GUARD_ERRORS, noContent, pageResponse } from '../../platform/responses.ts';
import { requireFilePart } from '../../platform/upload.ts';
import { eventParams, eventResponse, MSG_EVENT_NOT_FOUND, viewOne } from './answers.ts';
import { checkForm, managedEvent } from './manage.ts';
import type { Actor } from './policy.ts';
import {
  attendanceOf,
  createEvent,
  deleteEvent,
  findEvent,
  listEvents,
  streamRequestsOf,
  updateEvent,
} from './queries.ts';
import { eventView } from './view.ts';

const listQuery = z.object({ cursor: documentIdSchema.optional() });

/** A page of events as this member sees them (GET /api/events). */
async function eventsPage(app: FastifyInstance, me: Actor, cursor?: string): Promise<EventDetailsPage> {
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

const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  const member = { onRequest: requireMember };
  const manager = { onRequest: requireAnyLabel('Admin', 'Publisher') };
  const tags = ['events'];

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
      eventsPage(app, await requireUser(request), request.query.cursor),
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
      const values = await checkForm(app.db, me, request.body);
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
      const before = await managedEvent(app.db, me, request.params.id);
      const values = await checkForm(app.db, me, request.body, before);
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
      const before = await managedEvent(app.db, me, request.params.id);
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
};

export default eventRoutes;
