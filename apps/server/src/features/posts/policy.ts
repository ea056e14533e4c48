// Who may open, react to, report and delete a post or comment (docs/product/feed.md: "Single post",
// "Likes", "Comments"). Others' posts are visible only when approved (core's isPostVisibleTo); only
// approved posts take likes, comments and reports. What a member may not see answers the same 404 as
// what does not exist.
import { hasLabel, isPostVisibleTo, postAllowsReactions } from '@samaj/core';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { comment, post } from '../../db/schema/index.ts';
import type { SessionUser } from '../../platform/auth/index.ts';
import { forbidden, notFound } from '../../platform/errors.ts';

export const MSG_POST_NOT_FOUND = 'Post with the requested ID could not be found.';
export const MSG_COMMENT_NOT_FOUND = 'Comment with the requested ID could not be found.';
export const MSG_NOT_APPROVED = 'Only approved posts accept likes, comments and reports.';
export const MSG_ONLY_AUTHOR_DELETES = 'Only the author can delete this post.';
export const MSG_ONLY_COMMENTER_DELETES = 'Only the author of a comment can delete it.';
export const MSG_OWN_POST_REPORT = 'You cannot report your own post.';

export type PostRow = typeof post.$inferSelect;

export async function findPost(db: Executor, id: string): Promise<PostRow | null> {
  const [row] = await db.select().from(post).where(eq(post.id, id)).limit(1);
  return row ?? null;
}

/** Staff may open any post (to judge a report); everyone else only what isPostVisibleTo allows. */
export function canSee(row: PostRow, me: SessionUser): boolean {
  return isPostVisibleTo(row, me) || hasLabel(me.labels, 'Admin');
}

/** The post when `me` may see it, else the same 404 an unknown id gets (nothing is revealed). */
export async function visiblePost(db: Executor, id: string, me: SessionUser): Promise<PostRow> {
  const row = await findPost(db, id);
  if (!row || !isPostVisibleTo(row, me)) throw notFound(MSG_POST_NOT_FOUND);
  return row;
}

/** A visible post that is approved, for likes, comments and reports. */
export async function reactablePost(db: Executor, id: string, me: SessionUser): Promise<PostRow> {
  const row = await visiblePost(db, id, me);
  if (!postAllowsReactions(row.status)) throw forbidden(MSG_NOT_APPROVED);
  return row;
}

/** Only the author deletes a post, and only one they can see. */
export async function deletablePost(db: Executor, id: string, me: SessionUser): Promise<PostRow> {
  const row = await visiblePost(db, id, me);
  if (row.creator !== me.id) throw forbidden(MSG_ONLY_AUTHOR_DELETES);
  return row;
}

/** Someone else's approved post that `me` can see: the only kind a member may report. */
export async function reportablePost(db: Executor, id: string, me: SessionUser): Promise<PostRow> {
  const row = await visiblePost(db, id, me);
  if (row.creator === me.id) throw forbidden(MSG_OWN_POST_REPORT);
  if (!postAllowsReactions(row.status)) throw forbidden(MSG_NOT_APPROVED);
  return row;
}

/**
 * A member deletes their own comment (or like), and nobody else's. Their own one goes whatever became of
 * the post since (unlisted, rejected): what a member wrote stays theirs to remove. Someone else's answers
 * 403 only when its post is visible to `me`, else the same 404 as an unknown id.
 */
export async function mayDeleteComment(db: Executor, id: string, me: SessionUser): Promise<void> {
  const [row] = await db.select().from(comment).where(eq(comment.id, id)).limit(1);
  if (row?.creator === me.id) return;
  const parent = row ? await findPost(db, row.post) : null;
  if (!row || !parent || !isPostVisibleTo(parent, me)) throw notFound(MSG_COMMENT_NOT_FOUND);
  throw forbidden(MSG_ONLY_COMMENTER_DELETES);
}
