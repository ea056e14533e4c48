// What a shared link to a member's profile shows (its page's head tags, platform/share-card.ts): the
// name and picture every member's posts already show publicly. A blocked member's profile gets the generic card.
import { DEFAULT_PICTURE_ID, previewUrl } from '@samaj/core';
import { eq } from 'drizzle-orm';
import { user } from '../../db/schema/index.ts';
import type { ShareCardResolver } from '../../platform/registry.ts';

export const profileShareCard: ShareCardResolver = async (db, id) => {
  const [row] = await db
    .select({ id: user.id, name: user.name, dp: user.dp, banned: user.banned })
    .from(user)
    .where(eq(user.id, id))
    .limit(1);
  if (!row || row.banned) return null;
  return { name: row.name, text: '', image: row.dp !== DEFAULT_PICTURE_ID ? previewUrl(row.dp, 300) : null };
};
