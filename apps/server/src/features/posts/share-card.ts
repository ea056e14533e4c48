// What a shared link to a post shows (its page's head tags, platform/share-card.ts): only an approved post, as any
// visitor sees it in the feed. A post under review, rejected or unlisted gets the generic card.
import { DEFAULT_PICTURE_ID, previewUrl, SHARE_TEXT_MAX, truncateGraphemes } from '@samaj/core';
import { and, eq } from 'drizzle-orm';
import { post, user } from '../../db/schema/index.ts';
import type { ShareCardResolver } from '../../platform/registry.ts';

export const postShareCard: ShareCardResolver = async (db, id) => {
  const [row] = await db
    .select({ description: post.description, file: post.file, name: user.name })
    .from(post)
    .leftJoin(user, eq(user.id, post.creator))
    .where(and(eq(post.id, id), eq(post.status, 'approved')))
    .limit(1);
  if (!row) return null;
  return {
    name: row.name ?? '',
    text: truncateGraphemes(row.description, SHARE_TEXT_MAX),
    image: row.file && row.file !== DEFAULT_PICTURE_ID ? previewUrl(row.file, 490) : null,
  };
};
