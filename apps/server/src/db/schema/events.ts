import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { memberRef, user } from './auth.ts';
import { at, createdAt, id } from './columns.ts';

/**
 * An event, listed newest first by id (keyset on the primary key, whose btree also serves
 * descending scans, so no separate index).
 */
export const event = pgTable(
  'event',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** File id; the web app shows 'newuser' when absent (docs/product/events.md, "An event"). */
    thumbnail: text('thumbnail'),
    /** Cover image file id for share previews. */
    file: text('file'),
    time: at('time').notNull(),
    location: text('location').notNull().default(''),
    /** Where it is on the community map (WGS 84 degrees); both or neither (docs/product/events.md, "An event"). */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** User id of the host. */
    host: text('host').notNull(),
    liveStream: boolean('live_stream').notNull().default(false),
    live: boolean('live').notNull().default(false),
    /**
     * The live flag's lease: renewed while the host's signalling socket is open in some process, so a
     * process that dies (kill -9) leaves an event live only until then; readers count `live` only
     * while it holds, and any process clears a lapsed one (events/live-hosts.ts). Null: no lease.
     */
    liveUntil: at('live_until'),
    /** When the stream last ended (END, or its host gone); null if it never ran: the event then says it ended. */
    liveEndedAt: at('live_ended_at'),
    /** "Record for replay" (docs/product/live-video.md, "Watch again"): in SFU mode Janus records the stream, a job makes the replay. */
    recordReplay: boolean('record_replay').notNull().default(false),
    /** The replay's storage key (`replays/<event>/<id>/replay.webm`), its size and length; null: no replay. */
    replayKey: text('replay_key'),
    replayBytes: bigint('replay_bytes', { mode: 'number' }),
    replaySeconds: doublePrecision('replay_seconds'),
    /** Who created it: a Publisher manages only their own events (null for events made before this). */
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('event_coordinates_paired', sql`(${t.latitude} is null) = (${t.longitude} is null)`),
    // The reminder sweep (events/reminders.ts) reads the events starting within the hour.
    index('event_time_idx').on(t.time),
  ],
);

/**
 * "I'll attend": one row per member and event (docs/product/events.md, "Event details"). Everyone who may see
 * the event sees the count; who said so stays in the server (the reminder push reads it).
 */
export const eventAttendance = pgTable(
  'event_attendance',
  {
    event: text('event')
      .notNull()
      .references(() => event.id, { onDelete: 'cascade' }),
    member: memberRef('member'),
    createdAt: createdAt(),
    /**
     * The start time this member was reminded of (the push 60 minutes before): once per member and
     * start; an event moved to another time reminds again. Null: not reminded.
     */
    remindedFor: at('reminded_for'),
    /**
     * False once the member withdrew. The row stays, with `reminded_for`: a member who withdraws and
     * answers again within the hour was already reminded of this start and is not reminded twice.
     */
    attending: boolean('attending').notNull().default(true),
  },
  // The key (event, member) counts an event's answers; the member index serves export and erase.
  (t) => [primaryKey({ columns: [t.event, t.member] }), index('event_attendance_member_idx').on(t.member)],
);

/** `Request Streaming`: one row per member and event; the host and staff see the count. */
export const eventStreamRequest = pgTable(
  'event_stream_request',
  {
    event: text('event')
      .notNull()
      .references(() => event.id, { onDelete: 'cascade' }),
    member: memberRef('member'),
    createdAt: createdAt(),
  },
  // The key (event, member) counts an event's requests; the member index serves export and erase.
  (t) => [
    primaryKey({ columns: [t.event, t.member] }),
    index('event_stream_request_member_idx').on(t.member),
  ],
);
