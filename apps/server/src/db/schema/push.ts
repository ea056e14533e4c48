import { sql } from 'drizzle-orm';
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { at, createdAt, id, updatedAt } from './columns.ts';

/** A browser's Web Push subscription for a member (a push target: docs/product/notifications.md, "Subscribing a device"). */
export const pushSubscription = pgTable(
  'push_subscription',
  {
    /** The token the browser keeps in its local subscription record. */
    id: id(),
    userId: text('user_id').notNull(),
    endpoint: text('endpoint').notNull().unique('push_subscription_endpoint_unique'),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The language the device shows the app in: its notifications are written in it. */
    language: text('language').notNull().default('gu'),
    /** Messaging topics this target is a subscriber of ('everyone': docs/product/notifications.md, "Subscribing a device"). */
    topics: text('topics').array().notNull().default(sql`'{everyone}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('push_subscription_user_idx').on(t.userId)],
);

/**
 * The notification kinds a member switched off (Settings → Notifications). Stored as what is off,
 * so a kind added later reaches everyone until they turn it off; no row = everything on.
 */
export const notificationSetting = pgTable('notification_setting', {
  userId: text('user_id').primaryKey(),
  disabled: text('disabled').array().notNull().default(sql`'{}'::text[]`),
  updatedAt: updatedAt(),
});

/**
 * Pushes sent at most once in a while, claimed here in one statement by whichever process sends
 * first (an event going live: once per event in 6 hours, however often the host toggles it).
 */
export const pushOnce = pgTable('push_once', {
  /** What was sent, e.g. `event_live:<event id>`. */
  key: text('key').primaryKey(),
  /** The job that claimed it: that job's own retries may still send. */
  job: text('job').notNull(),
  sentAt: at('sent_at').notNull(),
});
