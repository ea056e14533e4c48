// The feed's writes (docs/product/feed.md: "Post status", "Likes", "Comments"): each runs after its
// route's policy check (policy.ts) and answers in core's API types.
import { newPostStatus } from '@samaj/core';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { authorSummary } from '../../db/author.ts';
import { comment, post, postReport } from '../../db/schema/index.ts';
import type { SessionUser } from '../../platform/auth/index.ts';
import { deleteFilesWith, discardUpload } from '../../platform/files-cleanup.ts';
import { saveImageUpload } from '../../platform/images.ts';

/**
 * docs/product/feed.md, "Post status": a new post awaits review, except a Publisher's or an Admin's, which
 * is public at once. The image is stored first, and discarded when the post cannot be saved.
 */
export async function createPost(
  app: FastifyInstance,
  me: SessionUser,
  description: string,
  image: Buffer | undefined,
): Promise<string> {
  const file = image ? await saveImageUpload(app, image, { owner: me.id, kind: 'post' }) : null;
  try {
    const [row] = await app.db
      .insert(post)
      .values({ creator: me.id, description, file, status: newPostStatus(me.labels) })
      .returning({ id: post.id });
    return row.id;
  } catch (error) {
    if (file) await discardUpload(app, file);
    throw error;
  }
}

/** The author's post goes with its comments, likes and reports, and its image (a job). */
export async function deletePost(app: FastifyInstance, id: string, me: SessionUser): Promise<void> {
  await app.db.transaction(async (tx) => {
    await tx.delete(comment).where(eq(comment.post, id));
    await tx.delete(postReport).where(eq(postReport.post, id));
    const deleted = await tx
      .delete(post)
      .where(and(eq(post.id, id), eq(post.creator, me.id)))
      .returning({ file: post.file });
    await deleteFilesWith(
      app,
      tx,
      deleted.map((row) => row.file),
    );
  });
}

export async function addComment(app: FastifyInstance, id: string, me: SessionUser, text: string) {
  // The comment and its event commit together: the post's author and thread hear of it (features/inbox).
  const row = await app.events.transaction(async (tx) => {
    const [made] = await tx
      .insert(comment)
      .values({ post: id, creator: me.id, comment: text, type: 'comment' })
      .returning();
    await app.events.publish(tx, 'post.commented', { postId: id, commentId: made.id, creator: me.id });
    return made;
  });
  return {
    id: row.id,
    post: row.post,
    creator: row.creator,
    comment: row.comment,
    type: 'comment' as const,
    createdAt: row.createdAt.toISOString(),
    user: authorSummary(me.id, { authorName: me.name, authorDp: me.dp, authorLabels: me.labels }),
  };
}

export async function deleteComment(app: FastifyInstance, id: string, me: SessionUser): Promise<void> {
  await app.db.delete(comment).where(and(eq(comment.id, id), eq(comment.creator, me.id)));
}

/**
 * Like: idempotent. The partial unique index (post, creator) where type = 'like' decides races, so any
 * number of parallel requests leave one like.
 */
export async function like(app: FastifyInstance, id: string, me: SessionUser): Promise<void> {
  await app.events.transaction(async (tx) => {
    const made = await tx
      .insert(comment)
      .values({ post: id, creator: me.id, comment: 'like', type: 'like' })
      .onConflictDoNothing()
      .returning({ id: comment.id });
    // A like already there publishes nothing: its author was told once.
    if (made.length > 0) await app.events.publish(tx, 'post.liked', { postId: id, creator: me.id });
  });
}

/** Takes the member's like back; true when there was one. */
export async function unlike(app: FastifyInstance, id: string, me: SessionUser): Promise<boolean> {
  const removed = await app.db
    .delete(comment)
    .where(and(eq(comment.post, id), eq(comment.creator, me.id), eq(comment.type, 'like')))
    .returning({ id: comment.id });
  return removed.length > 0;
}

/** The report, or null when the member already reported this post. */
export async function reportPost(app: FastifyInstance, id: string, me: SessionUser, reason: string) {
  const [report] = await app.db
    .insert(postReport)
    .values({ post: id, reporter: me.id, reason })
    .onConflictDoNothing()
    .returning();
  if (!report) return null;
  return {
    id: report.id,
    post: report.post,
    reason: report.reason,
    createdAt: report.createdAt.toISOString(),
  };
}
