import { POST_STATUSES, type PostStatus } from '@samaj/core';
import { check, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';

import { oneOf } from './check.ts';
import { at, createdAt, id, updatedAt } from './columns.ts';

export type { PostStatus };

/** A feed post. New posts wait for review ('requested'): docs/product/feed.md, "Post status". */
export const post = pgTable(
  'post',
  {
    id: id(),
    creator: text('creator').notNull(),
    description: text('description').notNull(),
    /** Image file id, or null for a text-only post. */
    file: text('file'),
    status: text('status').$type<PostStatus>().notNull().default('requested'),
    rejectionReason: text('rejection_reason'),
    /**
     * Likes and comments on this post, kept exact by a trigger on `comment` in the same transaction as
     * every insert and delete (migration 0006), so the feed never counts a hot post's rows.
     */
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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

/** The post a row belongs to; it goes with the post. */
export const postRef = () =>
  text('post')
    .notNull()
    .references(() => post.id, { onDelete: 'cascade' });

/** A member's report of someone else's post; one per member and post. */
export const postReport = pgTable(
  'post_report',
  {
    id: id(),
    post: postRef(),
    reporter: text('reporter').notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: createdAt(),
    resolvedAt: at('resolved_at'),
    resolvedBy: text('resolved_by'),
    resolution: text('resolution'),
  },
  (t) => [unique('post_report_post_reporter_unique').on(t.post, t.reporter)],
);
