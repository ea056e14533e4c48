// What the event routes answer: an event as the API describes it, and one event as a member sees it.
import { documentIdSchema, type EventDetails } from '@samaj/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Actor } from './policy.ts';
import { attendanceOf, streamRequestsOf } from './queries.ts';
import { type EventRow, eventView } from './view.ts';

export const MSG_EVENT_NOT_FOUND = 'No event with the requested ID could be found.';

export const eventParams = z.object({ id: documentIdSchema });

export const eventResponse = z.object({
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

export async function viewOne(app: FastifyInstance, row: EventRow, me: Actor): Promise<EventDetails> {
  const [requests, attendance] = await Promise.all([
    streamRequestsOf(app.db, [row.id], me.id),
    attendanceOf(app.db, [row.id], me.id),
  ]);
  return eventView(row, me, requests.get(row.id), attendance.get(row.id));
}
