import { uniqueId } from '@samaj/core';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * An event, listed newest first by id (keyset on the primary key, whose btree also serves
 * descending scans, so no separate index).
 */
export const event = pgTable('event', {
  id: text('id')
    .primaryKey()
    .$defaultFn(() => uniqueId()),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  /** File id; the web app shows 'newuser' when absent (SPEC §3). */
  thumbnail: text('thumbnail'),
  /** Cover image file id for share previews. */
  file: text('file'),
  time: timestamp('time', { withTimezone: true }).notNull(),
  location: text('location').notNull().default(''),
  /** User id of the host. */
  host: text('host').notNull(),
  liveStream: boolean('live_stream').notNull().default(false),
  live: boolean('live').notNull().default(false),
  /** Who created it: a Publisher manages only their own events (null for events made before this). */
  createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** `Request Streaming`: one row per member and event; the host and staff see the count. */
export const eventStreamRequest = pgTable(
  'event_stream_request',
  {
    event: text('event')
      .notNull()
      .references(() => event.id, { onDelete: 'cascade' }),
    member: text('member')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The key (event, member) counts an event's requests; the member index serves export and erase.
  (t) => [primaryKey({ columns: [t.event, t.member] }), index('event_stream_request_member_idx').on(t.member)],
);

/** A signalling message for a live event (shape not fixed by the spec). */
export const eventSignal = pgTable(
  'event_signal',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => uniqueId()),
    event: text('event')
      .notNull()
      .references(() => event.id, { onDelete: 'cascade' }),
    sender: text('sender').notNull(),
    kind: text('kind').notNull(),
    payload: jsonb('payload'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('event_signal_event_id_idx').on(t.event, t.id)],
);
