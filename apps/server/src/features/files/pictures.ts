import { DEFAULT_PICTURE_ID, PROFILE_PICTURE_TYPES } from '@samaj/core';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { user } from '../../db/schema/auth.ts';
import { file } from '../../db/schema/files.ts';
import { deleteFilesWith, discardUpload } from '../../platform/files-cleanup.ts';
import {
  type ImageType,
  MSG_PROFILE_PICTURE_TYPE_UNSUPPORTED,
  saveImageUpload,
  type UploadData,
} from '../../platform/images.ts';

/** Core's media types as the sniffer names them ('image/jpeg' → 'jpeg'). */
const PICTURE_IMAGE_TYPES = PROFILE_PICTURE_TYPES.map((type) => type.slice('image/'.length) as ImageType);

/**
 * Swaps the old picture out inside one transaction: the member's row is locked (two uploads at
 * once cannot both "replace" the same old picture and orphan one another), the old file's row is
 * deleted, then `dp` is saved — the order of docs/product/profiles.md, "Profile picture". Only a file the
 * member owns is ever deleted: `dp` may hold an id that is not theirs, and that file stays. The old file's
 * bytes go by the files.delete job enqueued in the same transaction.
 */
async function swapPicture(app: FastifyInstance, owner: string, next: string): Promise<void> {
  await app.db.transaction(async (tx) => {
    const [me] = await tx.select({ dp: user.dp }).from(user).where(eq(user.id, owner)).for('update');
    const previous = me?.dp ?? DEFAULT_PICTURE_ID;
    if (previous !== DEFAULT_PICTURE_ID && previous !== next) {
      const rows = await tx
        .delete(file)
        .where(and(eq(file.id, previous), eq(file.owner, owner)))
        .returning({ id: file.id });
      await deleteFilesWith(
        app,
        tx,
        rows.map((row) => row.id),
      );
    }
    await tx.update(user).set({ dp: next, updatedAt: new Date() }).where(eq(user.id, owner));
  });
}

/**
 * docs/product/profiles.md, "Profile picture": upload the new file, delete the old one, then save the new id.
 * Nothing is half-done on failure: if the swap fails, the new file is deleted and the old
 * picture is untouched; the old bytes are removed (by a job) only once the new id is saved.
 */
export async function replaceProfilePicture(
  app: FastifyInstance,
  owner: string,
  data: UploadData,
): Promise<string> {
  const id = await saveImageUpload(app, data, {
    owner,
    kind: 'profile',
    types: PICTURE_IMAGE_TYPES,
    unsupportedMessage: MSG_PROFILE_PICTURE_TYPE_UNSUPPORTED,
  });
  try {
    await swapPicture(app, owner, id);
  } catch (error) {
    await discardUpload(app, id);
    throw error;
  }
  return id;
}

/** Removal: the file goes and `dp` is back to the default picture, together. */
export async function removeProfilePicture(app: FastifyInstance, owner: string): Promise<void> {
  await swapPicture(app, owner, DEFAULT_PICTURE_ID);
}
