// What members plan around (docs/product/events.md, "Event details"): "I'll attend" with its count (who
// said so is not shown) and the event's .ics.
import { type AttendanceResult, type EventAttendees, eventAttendanceSchema } from '@samaj/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireMember, requireUser } from '../../platform/auth/index.ts';
import { notFound } from '../../platform/errors.ts';
import { writeLimit } from '../../platform/rate-limit.ts';
import { errors, GUARD_ERRORS } from '../../platform/responses.ts';
import { eventParams, MSG_EVENT_NOT_FOUND } from './answers.ts';
import { eventCalendar } from './calendar.ts';
import { attendanceOf, findEvent, setAttendance } from './queries.ts';

const attendanceResponse = z.object({
  attending: z.boolean(),
  attendees: z.number().int(),
}) satisfies z.ZodType<AttendanceResult>;

const attendeesResponse = z.object({ attendees: z.number().int() }) satisfies z.ZodType<EventAttendees>;

const detailsRoutes: FastifyPluginAsyncZod = async (app) => {
  const member = { onRequest: requireMember };
  const tags = ['events'];

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
};

export default detailsRoutes;
