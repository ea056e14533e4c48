// Stored files are deleted by a job, never in the request: their bytes live outside the database
// (a disk folder or a bucket), and the job is written in the transaction that removes their last
// reference, so it exists exactly when that change commits and survives a restart (a crash between
// commit and delete leaves a job waiting, not an orphan). A rolled-back change keeps its files.
import { DEFAULT_PICTURE_ID, isUniqueId } from '@samaj/core';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../db/client.ts';
import { file } from '../db/schema/files.ts';
import { filePrefix } from './images.ts';
import { getStorage } from './storage/index.ts';

/** The ids a files.delete job may act on: stored files, never the shared default picture. */
function deletable(ids: readonly (string | null | undefined)[]): string[] {
  return [...new Set(ids)].filter((id): id is string => !!id && id !== DEFAULT_PICTURE_ID && isUniqueId(id));
}

/**
 * Deletes files whose last reference `tx` removes: their rows go in `tx` (so nothing can name them
 * again once it commits) and a files.delete job enqueued in `tx` removes their bytes after commit.
 * Call it inside the transaction that makes the change; decide there that nothing uses them.
 */
export async function deleteFilesWith(
  app: FastifyInstance,
  tx: Executor,
  ids: readonly (string | null | undefined)[],
): Promise<void> {
  const valid = deletable(ids);
  if (valid.length === 0) return;
  await tx.delete(file).where(inArray(file.id, valid));
  await app.jobs.send('files.delete', { ids: valid }, { tx });
}

/**
 * An upload nothing came to use (the change that was to name it failed): deleted the same way, in
 * a transaction of its own. Never throws, so the caller's own error is the one reported.
 */
export async function discardUpload(app: FastifyInstance, id: string): Promise<void> {
  try {
    await app.db.transaction((tx) => deleteFilesWith(app, tx, [id]));
  } catch (error) {
    app.log.error({ err: error, fileId: id }, 'could not discard an unused upload');
  }
}

export function registerFilesCleanup(app: FastifyInstance): void {
  app.events.onTransaction('account.deleted', async ({ files }, tx) => {
    if (files.length > 0) await app.jobs.send('files.delete', { ids: files }, { tx });
  });

  // A storage failure throws, so the job is retried. Running it twice is harmless: absent rows and
  // keys are no error (deleteFilesWith removed the rows already; an account's go here).
  void app.jobs.work('files.delete', async ({ ids }) => {
    const valid = deletable(ids);
    if (valid.length === 0) return;
    await app.db.delete(file).where(inArray(file.id, valid));
    const storage = getStorage(app);
    for (const id of valid) await storage.deletePrefix(filePrefix(id));
  });
}
