// Events in the database: the list and one event with the asking member's view of its stream
// requests, writes by Admins and Publishers, Request Streaming and the live flag.
import { type EventData, LIVE_HOST_GRACE_MS, PEER_ALIVE_TIMEOUT_MS } from '@samaj/core';
import { and, count, desc, eq, getTableColumns, inArray, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { eventLiveNow } from '../../db/live.ts';
import { event, eventAttendance, eventStreamRequest, file, user } from '../../db/schema/index.ts';
import type { Attendance, EventRow, StreamRequests } from './view.ts';

/**
 * How long the live flag holds without its host: the process holding the host's signalling socket
 * renews it every LIVE_LEASE_RENEW_MS; a process that died stops renewing, and the event reads as
 * not live once it lapses — as long as a process that sees the host go would wait (no heartbeat for
 * PEER_ALIVE_TIMEOUT_MS, then LIVE_HOST_GRACE_MS).
 */
export const LIVE_LEASE_MS = PEER_ALIVE_TIMEOUT_MS + LIVE_HOST_GRACE_MS;
export const LIVE_LEASE_RENEW_MS = LIVE_HOST_GRACE_MS;

const leaseEnd = (): SQL => sql`now() + ${`${LIVE_LEASE_MS} milliseconds`}::interval`;

/** An event's columns with `live` as it holds now. */
const eventColumns = { ...getTableColumns(event), live: eventLiveNow };

export async function listEvents(
  db: Executor,
  cursor: string | undefined,
  limit: number,
): Promise<EventRow[]> {
  return db
    .select(eventColumns)
    .from(event)
    .where(cursor ? lt(event.id, cursor) : undefined)
    .orderBy(desc(event.id))
    .limit(limit);
}

export async function findEvent(db: Executor, id: string): Promise<EventRow | undefined> {
  const [row] = await db.select(eventColumns).from(event).where(eq(event.id, id)).limit(1);
  return row;
}

/** Per event: how many members asked for a stream and whether `memberId` is one (served by the key). */
export async function streamRequestsOf(
  db: Executor,
  ids: string[],
  memberId: string,
): Promise<Map<string, StreamRequests>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      event: eventStreamRequest.event,
      count: count(),
      mine: sql<boolean>`bool_or(${eventStreamRequest.member} = ${memberId})`,
    })
    .from(eventStreamRequest)
    .where(inArray(eventStreamRequest.event, ids))
    .groupBy(eventStreamRequest.event);
  return new Map(rows.map((r) => [r.event, { count: Number(r.count), mine: !!r.mine }]));
}

/** Records one member's Request Streaming; a second press changes nothing. */
export async function requestStreaming(db: Executor, eventId: string, memberId: string): Promise<void> {
  await db.insert(eventStreamRequest).values({ event: eventId, member: memberId }).onConflictDoNothing();
}

/** Per event: how many members said "I'll attend" and whether `memberId` is one (served by the key). */
export async function attendanceOf(
  db: Executor,
  ids: string[],
  memberId: string,
): Promise<Map<string, Attendance>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      event: eventAttendance.event,
      count: count(),
      mine: sql<boolean>`bool_or(${eventAttendance.member} = ${memberId})`,
    })
    .from(eventAttendance)
    .where(and(inArray(eventAttendance.event, ids), eq(eventAttendance.attending, true)))
    .groupBy(eventAttendance.event);
  return new Map(rows.map((r) => [r.event, { count: Number(r.count), mine: !!r.mine }]));
}

/**
 * Records or withdraws one member's "I'll attend"; repeating either changes nothing. The row is
 * written only while the event exists, so an event deleted meanwhile is not a foreign-key error. A
 * withdrawal keeps the row (`attending` false) with the start the member was reminded of, so
 * answering again does not remind them of that start a second time (events/reminders.ts).
 */
export async function setAttendance(
  db: Executor,
  eventId: string,
  memberId: string,
  attending: boolean,
): Promise<void> {
  if (!attending) {
    await db
      .update(eventAttendance)
      .set({ attending: false })
      .where(and(eq(eventAttendance.event, eventId), eq(eventAttendance.member, memberId)));
    return;
  }
  await db
    .insert(eventAttendance)
    .select(
      db
        .select({
          event: event.id,
          member: sql<string>`${memberId}`.as('member'),
          createdAt: sql<Date>`now()`.as('created_at'),
          // Insert-select names every column: not reminded yet (events/reminders.ts).
          remindedFor: sql<Date | null>`null`.as('reminded_for'),
          attending: sql<boolean>`true`.as('attending'),
        })
        .from(event)
        .where(eq(event.id, eventId)),
    )
    .onConflictDoUpdate({
      target: [eventAttendance.event, eventAttendance.member],
      set: { attending: true },
    });
}

export async function memberExists(db: Executor, id: string): Promise<boolean> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.id, id)).limit(1);
  return !!row;
}

/** An image uploaded for events by `uploader` (or, for Admins, by anyone). */
export async function isEventImage(db: Executor, id: string, uploader: string | null): Promise<boolean> {
  const [row] = await db
    .select({ id: file.id })
    .from(file)
    .where(and(eq(file.id, id), eq(file.kind, 'event'), uploader ? eq(file.owner, uploader) : undefined))
    .limit(1);
  return !!row;
}

/** Of `ids`, those no event (other than `except`) shows any more: to delete with the change. */
export async function unusedImages(db: Executor, ids: (string | null)[], except?: string): Promise<string[]> {
  const candidates = [...new Set(ids.filter((id): id is string => !!id))];
  if (candidates.length === 0) return [];
  const used = await db
    .select({ thumbnail: event.thumbnail, file: event.file })
    .from(event)
    .where(
      and(
        or(inArray(event.thumbnail, candidates), inArray(event.file, candidates)),
        except ? ne(event.id, except) : undefined,
      ),
    );
  const inUse = new Set(used.flatMap((r) => [r.thumbnail, r.file]));
  return candidates.filter((id) => !inUse.has(id));
}

type EventValues = Omit<EventData, 'host'> & { host: string };

/** The form's values as the event's columns (the place on the map is two columns, both or neither). */
function columnsOf({ coordinates, time, ...rest }: EventValues) {
  return {
    ...rest,
    time: new Date(time),
    latitude: coordinates?.latitude ?? null,
    longitude: coordinates?.longitude ?? null,
  };
}

export async function createEvent(db: Executor, createdBy: string, data: EventValues): Promise<EventRow> {
  const [row] = await db
    .insert(event)
    .values({ ...columnsOf(data), createdBy })
    .returning();
  return row;
}

/** Saves the form; the images the event no longer shows come back, to be deleted in the same transaction. */
export async function updateEvent(
  db: Executor,
  before: EventRow,
  data: EventValues,
): Promise<{ row: EventRow; dropped: string[] }> {
  const [row] = await db.update(event).set(columnsOf(data)).where(eq(event.id, before.id)).returning();
  const gone = [before.thumbnail, before.file].filter((id) => id && id !== row.thumbnail && id !== row.file);
  return { row, dropped: await unusedImages(db, gone) };
}

export async function deleteEvent(db: Executor, before: EventRow): Promise<string[]> {
  await db.delete(event).where(eq(event.id, before.id));
  return unusedImages(db, [before.thumbnail, before.file]);
}

/**
 * Sets the live flag and tells everyone (the `event.live` domain event, published in the same
 * transaction, reaches open screens through realtime). Publishes only a real change; null if the
 * event is gone.
 */
export async function setLive(
  app: FastifyInstance,
  eventId: string,
  live: boolean,
): Promise<EventRow | null> {
  return app.events.transaction(async (tx) => {
    const [before] = await tx
      .select({ ...eventColumns, stored: event.live })
      .from(event)
      .where(eq(event.id, eventId))
      .for('update');
    if (!before) return null;
    const { stored, ...seen } = before;
    // Starting (again) always takes a fresh lease; ending clears a flag even when its lease lapsed.
    if (!live && !stored) return seen;
    // Ending stamps the moment, so a member arriving later reads that it ended (not 'not started').
    const change = live
      ? { live, liveUntil: leaseEnd() }
      : { live, liveUntil: null, liveEndedAt: new Date() };
    const [row] = await tx.update(event).set(change).where(eq(event.id, eventId)).returning(eventColumns);
    if (seen.live !== live || stored !== live) await app.events.publish(tx, 'event.live', { eventId, live });
    return row;
  });
}

/** Renews the lease of the live events among `ids` (their host's signalling socket is open here). */
export async function renewLiveLeases(db: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(event)
    .set({ liveUntil: leaseEnd() })
    .where(and(inArray(event.id, ids), eq(event.live, true)));
}

/**
 * Clears every live flag whose lease lapsed (its process died) and tells everyone; any process may
 * run it, each event is cleared and published once (the UPDATE takes the row).
 */
export async function clearLapsedLive(app: FastifyInstance): Promise<string[]> {
  return app.events.transaction(async (tx) => {
    const lapsed = await tx
      .update(event)
      .set({ live: false, liveUntil: null, liveEndedAt: sql`${event.liveUntil}` })
      .where(and(eq(event.live, true), lte(event.liveUntil, sql`now()`)))
      .returning({ id: event.id });
    for (const { id } of lapsed) await app.events.publish(tx, 'event.live', { eventId: id, live: false });
    return lapsed.map((r) => r.id);
  });
}
