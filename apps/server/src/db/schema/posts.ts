import { POST_STATUSES, type PostStatus, uniqueId } from '@samaj/core';
import { check, index, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';

import { oneOf } from './check.ts';

export type { PostStatus };

/** A feed post. New posts wait for review ('requested'), SPEC §4. */
export const post = pgTable(
  'post',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => uniqueId()),
    creator: text('creator').notNull(),
    description: text('description').notNull(),
    /** Image file id, or null for a text-only post. */
    file: text('file'),
    status: text('status').$type<PostStatus>().notNull().default('requested'),
    rejectionReason: text('rejection_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    // Keyset pages of the feed (status = approved, id < cursor order by id desc) and of a profile.
    index('post_status_id_idx').on(t.status, t.id.desc()),
    index('post_creator_id_idx').on(t.creator, t.id.desc()),
    // Whose image is this: the preview route asks for every post image it serves.
    index('post_file_idx').on(t.file),
    check('post_status_check', oneOf(t.status, POST_STATUSES)),
  ],
);

/** A member's report of someone else's post; one per member and post. */
export const postReport = pgTable(
  'post_report',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => uniqueId()),
    post: text('post')
      .notNull()
      .references(() => post.id, { onDelete: 'cascade' }),
    reporter: text('reporter').notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: text('resolved_by'),
    resolution: text('resolution'),
  },
  (t) => [unique('post_report_post_reporter_unique').on(t.post, t.reporter)],
);
