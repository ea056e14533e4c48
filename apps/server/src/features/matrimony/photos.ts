// Matrimony photos (docs/product/matrimony.md, "Photos"): uploaded through the media pipeline
// (platform/images: bytes checked, re-encoded, EXIF and GPS dropped) as kind 'matrimony', and served only
// here, after checking on every request that the viewer may see that profile and its photos (the owner's
// choice: everyone who sees the listing, or accepted requesters only), with `private, no-store`. The public
// preview route is told 'hidden' for this kind, so it answers the same 404 as an unknown id.
import { hasLabel, type PreviewWidth } from '@samaj/core';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { matrimonyProfile } from '../../db/schema/index.ts';
import { type PreviewFormat, renderPreview } from '../../platform/images/preview.ts';
import { imageQueue } from '../../platform/images/queue.ts';
import { originalKey } from '../../platform/images.ts';
import type { FileAccessDecider } from '../../platform/registry.ts';
import { getStorage } from '../../platform/storage/index.ts';
import { activeViewer, photosOpenTo, visibleTo } from './visibility.ts';

export const PHOTO_CACHE_CONTROL = 'private, no-store';

/** The preview route never serves a matrimony photo, to anyone. */
export const matrimonyPhotoAccess: FileAccessDecider = async () => 'hidden';

/**
 * The file id of photo `index` (0 the main one, 1–3 the others) of profile `id`, when `viewer` may
 * see it: the owner, an Admin, or a member with an active profile who may see that profile and to
 * whom its owner shows photos (`photosOpenTo`: everyone who sees the listing, or only accepted
 * requesters). Null otherwise, or when there is no such photo.
 */
export async function photoFor(
  db: Executor,
  viewer: { id: string; labels: readonly string[] },
  id: string,
  index = 0,
): Promise<string | null> {
  const nth = (row: { dp: string | null; morePhotos: string[] }) =>
    (index === 0 ? row.dp : row.dp ? row.morePhotos[index - 1] : null) ?? null;
  if (viewer.id === id || hasLabel(viewer.labels, 'Admin')) {
    const [row] = await db
      .select({ dp: matrimonyProfile.dp, morePhotos: matrimonyProfile.morePhotos })
      .from(matrimonyProfile)
      .where(eq(matrimonyProfile.id, id));
    return row ? nth(row) : null;
  }
  const me = await activeViewer(db, viewer.id);
  if (!me) return null;
  const [row] = await db
    .select({ dp: matrimonyProfile.dp, morePhotos: matrimonyProfile.morePhotos })
    .from(matrimonyProfile)
    .where(and(eq(matrimonyProfile.id, id), visibleTo(me), photosOpenTo(me)));
  return row ? nth(row) : null;
}

/** The preview bytes of a stored photo, made once from the clean original and kept beside it. */
export async function photoPreview(
  app: FastifyInstance,
  fileId: string,
  width: PreviewWidth,
  format: PreviewFormat,
): Promise<Buffer | null> {
  const storage = getStorage(app);
  const key = `${fileId}/w${width}.${format}`;
  const cached = await storage.get(key);
  if (cached) return cached;
  const original = await storage.get(originalKey(fileId));
  if (!original) return null;
  const preview = await imageQueue.run(() => renderPreview(original, width, format));
  await storage.put(key, preview, `image/${format}`);
  return preview;
}
