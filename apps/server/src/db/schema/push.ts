import { uniqueId } from '@samaj/core';
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A browser's Web Push subscription for a member. */
export const pushSubscription = pgTable(
  'push_subscription',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => uniqueId()),
    userId: text('user_id').notNull(),
    endpoint: text('endpoint').notNull().unique('push_subscription_endpoint_unique'),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [index('push_subscription_user_idx').on(t.userId)],
);
