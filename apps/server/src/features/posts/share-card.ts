// What a shared link to a post shows (platform/share-card.ts): only an approved post, as any
// visitor sees it in the feed. A post under review, rejected or unlisted gets the generic card.
import { DEFAULT_PICTURE_ID, previewUrl, truncateGraphemes } from '@samaj/core';
import { and, eq } from 'drizzle-orm';
import { post, user } from '../../db/schema/index.ts';
import type { ShareCardResolver } from '../../platform/registry.ts';
import { fill } from '../../platform/share-card.ts';

const DESCRIPTION_MAX = 160;

export const postShareCard: ShareCardResolver = async (db, id, texts) => {
  const [row] = await db
    .select({ description: post.description, file: post.file, name: user.name })
    .from(post)
    .leftJoin(user, eq(user.id, post.creator))
    .where(and(eq(post.id, id), eq(post.status, 'approved')))
    .limit(1);
  if (!row) return null;
  return {
    title: fill(texts.itemTitle ?? '{{name}}', { name: row.name ?? '' }),
    description: truncateGraphemes(row.description, DESCRIPTION_MAX),
    ...(row.file && row.file !== DEFAULT_PICTURE_ID && { image: previewUrl(row.file, 490) }),
  };
};
