// What a shared link to a post shows (its page's head tags, platform/share-card.ts): only an approved post, as any
// visitor sees it in the feed. A post under review, rejected or unlisted, or by a member the operator blocked, gets
// the generic card.
import { DEFAULT_PICTURE_ID, previewUrl, SHARE_TEXT_MAX, truncateGraphemes } from '@samaj/core';
import { and, eq, sql } from 'drizzle-orm';
import { post, user } from '../../db/schema/index.ts';
import type { ShareCardResolver } from '../../platform/registry.ts';

export const postShareCard: ShareCardResolver = async (db, id) => {
  const [row] = await db
    .select({ description: post.description, file: post.file, name: user.name })
    .from(post)
    .leftJoin(user, eq(user.id, post.creator))
    // A blocked member's profile card is the generic one (accounts' share-card.ts): so is their posts'.
    .where(and(eq(post.id, id), eq(post.status, 'approved'), sql`not coalesce(${user.banned}, false)`))
    .limit(1);
  if (!row) return null;
  return {
    name: row.name ?? '',
    text: truncateGraphemes(row.description, SHARE_TEXT_MAX),
    image: row.file && row.file !== DEFAULT_PICTURE_ID ? previewUrl(row.file, 490) : null,
  };
};
