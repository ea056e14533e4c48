// A deleted account's files go in a job, not in the request: their bytes live outside the
// database (a disk folder or a bucket) and may be many, and the job is written in the deleting
// transaction, so it exists exactly when the account is gone and survives a restart.
import { DEFAULT_PICTURE_ID, isUniqueId } from '@samaj/core';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { file } from '../db/schema/files.ts';
import { filePrefix } from './images.ts';
import { getStorage } from './storage/index.ts';

export function registerFilesCleanup(app: FastifyInstance): void {
  app.events.onTransaction('account.deleted', async ({ files }, tx) => {
    if (files.length > 0) await app.jobs.send('files.delete', { ids: files }, { tx });
  });

  // Like images.ts deleteFile, but a storage failure throws so the job is retried (deleteFile only
  // logs it, which suits a request). Running it twice is harmless: absent rows and keys are no error.
  void app.jobs.work('files.delete', async ({ ids }) => {
    const valid = ids.filter((id) => id !== DEFAULT_PICTURE_ID && isUniqueId(id));
    if (valid.length === 0) return;
    await app.db.delete(file).where(inArray(file.id, valid));
    const storage = getStorage(app);
    for (const id of valid) await storage.deletePrefix(filePrefix(id));
  });
}
