// The columns most tables share, built one way: ids made by the app, moments with their time zone,
// and the created/updated pair. Builders are functions because a Drizzle column belongs to one table.
import { uniqueId } from '@samaj/core';
import { text, timestamp } from 'drizzle-orm/pg-core';

/** A moment in time, always stored with its time zone. */
export const at = (name: string) => timestamp(name, { withTimezone: true });

/** The row's id: core's sortable unique id, made by the app so keyset pages can order by it. */
export const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => uniqueId());

export const createdAt = () => at('created_at').notNull().defaultNow();

/** When the row last changed; every update made through Drizzle moves it. */
export const updatedAt = () =>
  at('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** Who decided a member's request and when; both null while it waits. */
export const reviewed = () => ({
  reviewedBy: text('reviewed_by'),
  reviewedAt: at('reviewed_at'),
});
