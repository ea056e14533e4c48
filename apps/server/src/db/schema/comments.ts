import { uniqueId } from '@samaj/core';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { oneOf } from './check.ts';
import { post } from './posts.ts';

export const COMMENT_TYPES = ['comment', 'like'] as const;
export type CommentType = (typeof COMMENT_TYPES)[number];

/** A comment on a post; a like is a comment of type 'like' with the text 'like' (SPEC §3). */
export const comment = pgTable(
  'comment',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => uniqueId()),
    post: text('post')
      .notNull()
      .references(() => post.id, { onDelete: 'cascade' }),
    creator: text('creator').notNull(),
    comment: text('comment').notNull(),
    type: text('type').$type<CommentType>().notNull().default('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Last N comments of a post, like counts, and the viewer's own like.
    index('comment_post_type_id_idx').on(t.post, t.type, t.id),
    // One like per member and post, even when two requests race.
    uniqueIndex('comment_one_like_per_member').on(t.post, t.creator).where(sql`${t.type} = 'like'`),
    check('comment_type_check', oneOf(t.type, COMMENT_TYPES)),
  ],
);
