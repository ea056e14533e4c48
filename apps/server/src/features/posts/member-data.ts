// The posts feature's part of a member's data (registry `addMemberData`): what the export shows and
// what account deletion removes. Their posts take the comments, likes and reports on them along
// (foreign keys cascade); their own comments, likes and reports elsewhere go too.
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { comment, post, postReport } from '../../db/schema/index.ts';
import type { MemberDataPart } from '../../platform/registry.ts';

export async function exportPosts(db: Executor, memberId: string) {
  const [posts, reactions, reports] = await Promise.all([
    db.select().from(post).where(eq(post.creator, memberId)),
    db.select().from(comment).where(eq(comment.creator, memberId)),
    db
      .select({
        id: postReport.id,
        post: postReport.post,
        reason: postReport.reason,
        createdAt: postReport.createdAt,
      })
      .from(postReport)
      .where(eq(postReport.reporter, memberId)),
  ]);
  return {
    posts,
    comments: reactions.filter((row) => row.type === 'comment'),
    likes: reactions.filter((row) => row.type === 'like'),
    reports,
  };
}

/** Deletes the member's posts, comments, likes and reports; returns their post images' file ids. */
export async function erasePosts(tx: Transaction, memberId: string): Promise<string[]> {
  const images = await tx
    .select({ file: post.file })
    .from(post)
    .where(and(eq(post.creator, memberId), isNotNull(post.file)));
  await tx.delete(comment).where(eq(comment.creator, memberId));
  await tx.delete(postReport).where(eq(postReport.reporter, memberId));
  await tx.delete(post).where(eq(post.creator, memberId));
  return images.map((row) => row.file).filter((file): file is string => !!file);
}

export const postsMemberData: MemberDataPart = { name: 'posts', export: exportPosts, erase: erasePosts };
