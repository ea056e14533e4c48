// Who may see a post's image (registry `addFileAccess('post', ...)`, asked by the files feature's
// preview route): the image follows its post. Approved: anyone. Under review, rejected or
// unlisted: the author and staff only, never cached by shared caches; everyone else gets the
// same 404 as an unknown file, so a takedown also takes the image down.
import { hasLabel, PUBLIC_POST_STATUS } from '@samaj/core';
import { eq } from 'drizzle-orm';
import { post } from '../../db/schema/index.ts';
import type { FileAccessDecider } from '../../platform/registry.ts';

export const postImageAccess: FileAccessDecider = async (db, fileId, viewer) => {
  // Served by post_file_idx.
  const [row] = await db
    .select({ creator: post.creator, status: post.status })
    .from(post)
    .where(eq(post.file, fileId))
    .limit(1);
  // An image whose post is gone (or not yet saved) belongs to nobody's view.
  if (!row) return 'hidden';
  if (row.status === PUBLIC_POST_STATUS) return 'public';
  if (viewer && (viewer.id === row.creator || hasLabel(viewer.labels, 'Admin'))) return 'private';
  return 'hidden';
};
