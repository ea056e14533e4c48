import { DEFAULT_PICTURE_ID, isUniqueId, type PreviewWidth } from '@samaj/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { file } from '../../db/schema/files.ts';
import { defaultAvatar } from '../../platform/images/avatar.ts';
import { type PreviewFormat, renderPreview } from '../../platform/images/preview.ts';
import { imageQueue } from '../../platform/images/queue.ts';
import { originalKey } from '../../platform/images.ts';
import { getStorage } from '../../platform/storage/index.ts';

const previewKey = (id: string, width: PreviewWidth, format: PreviewFormat) => `${id}/w${width}.${format}`;

// Two first requests for the same preview share one render (per process).
const rendering = new Map<string, Promise<Buffer | null>>();

function once(key: string, render: () => Promise<Buffer | null>): Promise<Buffer | null> {
  let pending = rendering.get(key);
  if (!pending) {
    pending = render().finally(() => rendering.delete(key));
    rendering.set(key, pending);
  }
  return pending;
}

// The default picture's previews are tiny and identical everywhere: kept in memory.
const defaultPreviews = new Map<string, Promise<Buffer>>();

function defaultPreview(width: PreviewWidth, format: PreviewFormat): Promise<Buffer> {
  const key = `${width}.${format}`;
  let preview = defaultPreviews.get(key);
  if (!preview) {
    preview = defaultAvatar().then((png) => renderPreview(png, width, format));
    defaultPreviews.set(key, preview);
  }
  return preview;
}

/** A stored file's kind (who decides its access), or null when there is no such file. */
export async function findFile(app: FastifyInstance, id: string): Promise<{ kind: string } | null> {
  if (!isUniqueId(id)) return null;
  // The row decides whether a file exists: once deleted, its previews are gone even if
  // removing the bytes from storage failed.
  const [row] = await app.db.select({ kind: file.kind }).from(file).where(eq(file.id, id)).limit(1);
  return row ?? null;
}

/**
 * The preview bytes of an existing file (or of the default picture), made from the stored
 * original on first request — in the image queue — and then kept in storage (on disk or in the
 * bucket) beside it. Null when the original is gone.
 */
export async function loadPreview(
  app: FastifyInstance,
  id: string,
  width: PreviewWidth,
  format: PreviewFormat,
): Promise<Buffer | null> {
  if (id === DEFAULT_PICTURE_ID) return defaultPreview(width, format);
  const storage = getStorage(app);
  const key = previewKey(id, width, format);
  const cached = await storage.get(key);
  if (cached) return cached;
  return once(key, async () => {
    const original = await storage.get(originalKey(id));
    if (!original) return null;
    const preview = await imageQueue.run(() => renderPreview(original, width, format));
    await storage.put(key, preview, `image/${format}`);
    return preview;
  });
}
