import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { oneOf } from './check.ts';
import { createdAt, id } from './columns.ts';
import { postRef } from './posts.ts';

export const COMMENT_TYPES = ['comment', 'like'] as const;
export type CommentType = (typeof COMMENT_TYPES)[number];

/** A comment on a post; a like is a comment of type 'like' with the text 'like' (docs/product/feed.md, "Likes"). */
export const comment = pgTable(
  'comment',
  {
    id: id(),
    post: postRef(),
    creator: text('creator').notNull(),
    comment: text('comment').notNull(),
    type: text('type').$type<CommentType>().notNull().default('comment'),
    createdAt: createdAt(),
  },
  (t) => [
    // Last N comments of a post, like counts, and the viewer's own like.
    index('comment_post_type_id_idx').on(t.post, t.type, t.id),
    // One like per member and post, even when two requests race.
    uniqueIndex('comment_one_like_per_member').on(t.post, t.creator).where(sql`${t.type} = 'like'`),
    check('comment_type_check', oneOf(t.type, COMMENT_TYPES)),
  ],
);
