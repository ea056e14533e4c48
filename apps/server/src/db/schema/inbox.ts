import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns.ts';

/**
 * One item in a member's bell (docs/product/inbox.md). Written by domain events in the transaction of
 * the change; what it may say is decided when it is read, from the ids kept here.
 */
export const inboxItem = pgTable(
  'inbox_item',
  {
    id: id(),
    /** Whose list it is in. */
    member: text('member').notNull(),
    kind: text('kind').notNull(),
    /** The thing it is about: a post, event, surname or member id, or a staff queue's name ('' for none). */
    subject: text('subject').notNull(),
    /** `kind:subject`: what joins one item (a burst of likes on one post is one item). */
    groupKey: text('group_key').notNull(),
    /** Members who did it, newest first, each once (up to INBOX_ACTORS_KEPT). */
    actors: text('actors').array().notNull().default(sql`'{}'::text[]`),
    /** A decision's outcome (post, publisher application). */
    approved: boolean('approved'),
    readAt: at('read_at'),
    createdAt: createdAt(),
    /** When it last happened: the list's order and the 90 days are counted from it. */
    lastAt: at('last_at').notNull().defaultNow(),
  },
  (t) => [
    index('inbox_item_list_idx').on(t.member, t.lastAt, t.id),
    // One unread item per member and group (what a new event joins), and the unread count's index.
    uniqueIndex('inbox_item_unread_idx').on(t.member, t.groupKey).where(sql`read_at is null`),
    index('inbox_item_group_idx').on(t.member, t.groupKey, t.lastAt),
    index('inbox_item_last_at_idx').on(t.lastAt),
  ],
);

/** The kinds a member keeps out of their list (Settings). Stored as what is off: no row = everything in. */
export const inboxSetting = pgTable('inbox_setting', {
  userId: text('user_id').primaryKey(),
  disabled: text('disabled').array().notNull().default(sql`'{}'::text[]`),
});

/**
 * The last count seen of each staff queue (the registry's waiting counts): staff are told when it
 * grows. One row per queue, read and written under a row lock by whichever process sweeps.
 */
export const inboxQueue = pgTable('inbox_queue', {
  name: text('name').primaryKey(),
  count: integer('count').notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});
