import multipart from '@fastify/multipart';
import {
  DEFAULT_PICTURE_ID,
  ERROR_TYPES,
  missingParamMessage,
  PREVIEW_WIDTHS,
  type PreviewWidth,
  UPLOAD_MAX_BYTES,
} from '@samaj/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forgetSessionUser, requireUser } from '../../platform/auth/index.ts';
import { AppError } from '../../platform/errors.ts';
import { choosePreviewFormat, PREVIEW_MIME } from '../../platform/images/preview.ts';
import { removeProfilePicture, replaceProfilePicture } from './pictures.ts';
import { loadPreview } from './previews.ts';

const DEFAULT_WIDTH: PreviewWidth = 300;
export const MSG_FILE_NOT_FOUND = 'The requested file could not be found.';
export const MSG_PREVIEW_WIDTH = `Invalid width: use one of ${PREVIEW_WIDTHS.join(', ')}.`;

function parseWidth(raw: unknown): PreviewWidth {
  if (raw === undefined || raw === '') return DEFAULT_WIDTH;
  const width = Number(raw);
  if (typeof raw !== 'string' || !(PREVIEW_WIDTHS as readonly number[]).includes(width)) {
    throw new AppError(400, ERROR_TYPES.GENERAL_ARGUMENT_INVALID, MSG_PREVIEW_WIDTH);
  }
  return width as PreviewWidth;
}

/**
 * The uploaded file in the multipart field `name`. Limits: UPLOAD_MAX_BYTES, one file; busboy stops
 * reading past the size limit, and readUpload turns the truncation into a 413.
 */
export async function requireFilePart(request: FastifyRequest, name = 'file') {
  const missing = () => new AppError(400, ERROR_TYPES.GENERAL_ARGUMENT_INVALID, missingParamMessage(name));
  if (!request.isMultipart()) throw missing();
  const part = await request.file({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });
  if (!part || part.fieldname !== name) throw missing();
  return part;
}

export default async function filesRoutes(app: FastifyInstance) {
  // Uploads arrive as multipart/form-data. Registered here unless the app already parses it.
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10 } });
  }

  /**
   * A preview of an image at one of the spec's widths (SPEC §6), for anyone: files are shown in
   * public-ish places (profile pictures, approved posts, event thumbnails) and their ids are
   * uniqueId()s (time prefix + 28 random bits, not enumerable in practice), so knowing the id is
   * the permission — like the storage service the spec describes, and what lets browsers and CDNs
   * cache them. An image that must stay private (e.g. a post still under review) relies on its id
   * not being shown to others. Only clean re-encodings are
   * ever served; the stored original carries no metadata and is never sent as is.
   */
  app.get<{ Params: { id: string }; Querystring: { width?: string } }>(
    '/api/files/:id/preview',
    async (request, reply) => {
      const width = parseWidth(request.query.width);
      const format = choosePreviewFormat(request.headers.accept);
      const { id } = request.params;
      const etag = `"${id}-${width}-${format}"`;
      // The bytes behind an id never change (a new picture gets a new id), hence immutable.
      reply
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('Vary', 'Accept')
        .header('ETag', etag);
      const preview = await loadPreview(app, id, width, format);
      if (!preview) {
        reply.removeHeader('Cache-Control').removeHeader('ETag');
        throw new AppError(404, 'storage_file_not_found', MSG_FILE_NOT_FOUND);
      }
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type(PREVIEW_MIME[format]).header('Content-Length', preview.length).send(preview);
    },
  );

  /** SPEC §4 Profile picture: upload the new file, delete the old one, then save the new id. */
  app.post('/api/account/picture', async (request) => {
    const me = await requireUser(request);
    const part = await requireFilePart(request);
    const dp = await replaceProfilePicture(app, me.id, part);
    forgetSessionUser(request);
    return { dp };
  });

  /** Removal deletes the file and sets the picture back to the default. Only ever the caller's own. */
  app.delete('/api/account/picture', async (request) => {
    const me = await requireUser(request);
    await removeProfilePicture(app, me.id);
    forgetSessionUser(request);
    return { dp: DEFAULT_PICTURE_ID };
  });
}
