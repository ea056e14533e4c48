// Matrimony's photos: uploaded through the media pipeline, ordered by their owner, and served only to a
// viewer allowed to see them (private, no-store).
import {
  documentIdSchema,
  ERROR_TYPES,
  matrimonyPhotosSchema,
  myProfileSchema,
  type PreviewWidth,
  photoQuerySchema,
  photoUploadSchema,
} from '@samaj/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireMember, requireUser } from '../../platform/auth/index.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import { choosePreviewFormat, PREVIEW_MIME } from '../../platform/images/preview.ts';
import { saveImageUpload } from '../../platform/images.ts';
import { writeLimit } from '../../platform/rate-limit.ts';
import { errors, GUARD_ERRORS } from '../../platform/responses.ts';
import { requireFilePart } from '../../platform/upload.ts';
import { PHOTO_CACHE_CONTROL, photoFor, photoPreview } from './photos.ts';
import {
  answer,
  eligibleUser,
  MSG_BANNED,
  MSG_NO_PROFILE,
  MSG_PHOTO_NOT_FOUND,
  MSG_PHOTO_NOT_YOURS,
} from './policy.ts';
import { PhotoNotYours, StatusChangeRefused, setPhotos } from './profile.ts';

const profileParams = z.object({ id: documentIdSchema });
const photoImage = z.any().describe('The photo: WebP when Accept allows it, else JPEG');

const photoRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['matrimony'];
  const member = { onRequest: requireMember };

  /** The photo goes through the media pipeline (EXIF and GPS dropped); the form then sends its id as dp. */
  app.post(
    '/api/matrimony/photo',
    {
      ...member,
      ...writeLimit('upload'),
      schema: {
        tags,
        summary: 'Upload a matrimony photo (multipart field `file`, JPEG, PNG or WebP)',
        consumes: ['multipart/form-data'],
        response: { 201: photoUploadSchema, ...errors(400, ...GUARD_ERRORS, 413, 415, 429, 503) },
      },
    },
    async (request, reply) => {
      const me = await requireUser(request);
      const part = await requireFilePart(request, { namesField: true });
      const dp = await saveImageUpload(app, part, {
        owner: me.id,
        kind: 'matrimony',
        types: ['jpeg', 'png', 'webp'],
      });
      return reply.code(201).send({ dp });
    },
  );

  /** Checked on every request: the owner, an Admin, or a member who may see this profile and its photos. */
  const servePhoto = async (
    request: FastifyRequest,
    reply: FastifyReply,
    photo: { id: string; index: number; width: number },
  ) => {
    const me = await requireUser(request);
    reply.header('Cache-Control', PHOTO_CACHE_CONTROL);
    const fileId = await photoFor(app.db, me, photo.id, photo.index);
    const notFoundPhoto = () => new AppError(ERROR_TYPES.STORAGE_FILE_NOT_FOUND, MSG_PHOTO_NOT_FOUND);
    if (!fileId) throw notFoundPhoto();
    const format = choosePreviewFormat(request.headers.accept);
    const preview = await photoPreview(app, fileId, photo.width as PreviewWidth, format);
    if (!preview) throw notFoundPhoto();
    return reply.header('Vary', 'Accept').type(PREVIEW_MIME[format]).send(preview);
  };

  app.get(
    '/api/matrimony/profiles/:id/photo',
    {
      ...member,
      schema: {
        tags,
        summary:
          "A profile's photo (index 0 the main one, 1–3 the others) for a viewer allowed to see it (private, no-store)",
        params: profileParams,
        querystring: photoQuerySchema,
        response: { 200: photoImage, ...errors(400, ...GUARD_ERRORS, 404, 503) },
      },
    },
    (request, reply) =>
      servePhoto(request, reply, {
        id: request.params.id,
        index: request.query.index,
        width: request.query.width,
      }),
  );

  app.put(
    '/api/matrimony/photos',
    {
      ...member,
      ...writeLimit('submission'),
      schema: {
        tags,
        summary: 'My photos in order (the first is the main one) and who sees them',
        body: matrimonyPhotosSchema,
        response: { 200: myProfileSchema, ...errors(400, ...GUARD_ERRORS, 404, 429) },
      },
    },
    async (request) => {
      const me = await eligibleUser(request);
      const saved = await answer(async () => {
        try {
          return await setPhotos(app, me.id, request.body);
        } catch (error) {
          if (error instanceof StatusChangeRefused) throw forbidden(MSG_BANNED);
          if (error instanceof PhotoNotYours)
            throw new AppError(ERROR_TYPES.GENERAL_ARGUMENT_INVALID, MSG_PHOTO_NOT_YOURS, 'photos');
          throw error;
        }
      });
      if (!saved) throw notFound(MSG_NO_PROFILE);
      return saved;
    },
  );
};

export default photoRoutes;
