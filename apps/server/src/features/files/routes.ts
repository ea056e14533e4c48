import {
  DEFAULT_PICTURE_ID,
  documentIdSchema,
  ERROR_TYPES,
  PREVIEW_WIDTHS,
  type PreviewWidth,
} from '@samaj/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forgetSessionUser, getSessionUser, requireMember, requireUser } from '../../platform/auth/index.ts';
import { AppError } from '../../platform/errors.ts';
import { choosePreviewFormat, PREVIEW_MIME } from '../../platform/images/preview.ts';
import { writeLimit } from '../../platform/rate-limit.ts';
import type { FileAccess } from '../../platform/registry.ts';
import { errors, GUARD_ERRORS } from '../../platform/responses.ts';
import { acceptUploads, requireFilePart } from '../../platform/upload.ts';
import { removeProfilePicture, replaceProfilePicture } from './pictures.ts';
import { findFile, loadPreview } from './previews.ts';

const DEFAULT_WIDTH: PreviewWidth = 300;
export const MSG_FILE_NOT_FOUND = 'The requested file could not be found.';
export const MSG_PREVIEW_WIDTH = `Invalid width: use one of ${PREVIEW_WIDTHS.join(', ')}.`;

/** Cache-Control of each answer (see docs/decisions/0008-file-previews-and-private-files.md). */
export const CACHE_FOREVER = 'public, max-age=31536000, immutable';
/** A moderated file (a post image): public, but a takedown reaches shared caches within an hour. */
export const CACHE_MODERATED = 'public, max-age=3600';
export const CACHE_PRIVATE = 'private, no-store';

const previewParams = z.object({ id: documentIdSchema });
const previewQuery = z.object({
  width: z
    .string()
    .optional()
    .refine(
      (raw) => !raw || (/^\d+$/.test(raw) && (PREVIEW_WIDTHS as readonly number[]).includes(Number(raw))),
      MSG_PREVIEW_WIDTH,
    )
    .transform((raw): PreviewWidth => (raw ? (Number(raw) as PreviewWidth) : DEFAULT_WIDTH)),
});
const pictureView = z.object({ dp: z.string() });
const previewImage = z.any().describe('The preview: WebP when Accept allows it, else JPEG');

const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptUploads(app, { fields: 10 });
  const tags = ['files'];

  /**
   * A preview of an image at one of the preview widths (docs/product/errors.md, "Uploads"). Only clean
   * re-encodings are ever served; the stored original carries no metadata and is never sent as is. Who may
   * see it is the business of the feature owning the file's kind (registry `addFileAccess`): a post image
   * follows its post. Kinds nobody registered (profile pictures, event and slide images) are readable by
   * anyone with the id, and cached forever.
   */
  app.get(
    '/api/files/:id/preview',
    {
      schema: {
        tags,
        summary: 'A preview of a stored image at one of the widths 490, 300, 100, 80',
        params: previewParams,
        querystring: previewQuery,
        response: { 200: previewImage, 304: previewImage, ...errors(400, 404, 503) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const width = request.query.width;
      const notFound = () => new AppError(ERROR_TYPES.STORAGE_FILE_NOT_FOUND, MSG_FILE_NOT_FOUND);
      let cacheControl = CACHE_FOREVER;
      if (id !== DEFAULT_PICTURE_ID) {
        const found = await findFile(app, id);
        if (!found) throw notFound();
        const decide = app.registry.fileAccess(found.kind);
        if (decide) {
          const access: FileAccess = await decide(app.db, id, await getSessionUser(request));
          // Hidden answers exactly as an unknown id: nothing says the file exists.
          if (access === 'hidden') throw notFound();
          cacheControl = access === 'public' ? CACHE_MODERATED : CACHE_PRIVATE;
        }
      }
      const format = choosePreviewFormat(request.headers.accept);
      const etag = `"${id}-${width}-${format}"`;
      const preview = await loadPreview(app, id, width, format);
      if (!preview) throw notFound();
      // The bytes behind an id never change (a new picture gets a new id).
      reply.header('Cache-Control', cacheControl).header('Vary', 'Accept').header('ETag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type(PREVIEW_MIME[format]).header('Content-Length', preview.length).send(preview);
    },
  );

  /** docs/product/profiles.md, "Profile picture": upload the new file, delete the old one, then save the new id. */
  app.post(
    '/api/account/picture',
    {
      ...writeLimit('upload'),
      onRequest: requireMember,
      schema: {
        tags,
        summary: 'Upload a new profile picture (multipart field `file`, JPEG or PNG)',
        consumes: ['multipart/form-data'],
        response: { 200: pictureView, ...errors(400, ...GUARD_ERRORS, 413, 415, 429, 503) },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      const part = await requireFilePart(request);
      const dp = await replaceProfilePicture(app, me.id, part);
      forgetSessionUser(request);
      return { dp };
    },
  );

  /** Removal deletes the file and sets the picture back to the default. Only ever the caller's own. */
  app.delete(
    '/api/account/picture',
    {
      onRequest: requireMember,
      schema: {
        tags,
        summary: 'Remove the profile picture (back to the default one)',
        response: { 200: pictureView, ...errors(...GUARD_ERRORS) },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      await removeProfilePicture(app, me.id);
      forgetSessionUser(request);
      return { dp: DEFAULT_PICTURE_ID };
    },
  );
};

export default filesRoutes;
