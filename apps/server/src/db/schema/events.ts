import { uniqueId } from '@samaj/core';
import { boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

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
