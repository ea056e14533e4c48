// The tools-home carousel (docs/product/moderation.md, "Carousel editor"): anyone reads the slides staff
// filled; Admins save, clear and upload images for the five positions. Until staff fill one, the web app
// shows the community's name instead of empty panels.

import { type SlideView, slidePositionSchema, slideSchema } from '@samaj/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin, requireUser } from '../../platform/auth/index.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { saveImageUpload } from '../../platform/images.ts';
import { writeLimit } from '../../platform/rate-limit.ts';
import { errors, GUARD_ERRORS, noContent } from '../../platform/responses.ts';
import { acceptUploads, requireFilePart } from '../../platform/upload.ts';
import { clearSlide, isSlideImage, listSlides, saveSlide } from './queries.ts';

export const MSG_SLIDE_NOT_FOUND = 'This slide is empty.';
export const MSG_SLIDE_IMAGE_UNKNOWN = 'Upload the image through the slide image route first.';

const slideView = z.object({
  position: z.number().int(),
  image: z.string().nullable(),
  title: z.string(),
  subtitle: z.string(),
  link: z.string().nullable(),
  updatedAt: z.string(),
}) satisfies z.ZodType<SlideView>;

const positionParams = z.object({ position: slidePositionSchema });

const slides: FastifyPluginAsyncZod = async (app) => {
  await acceptUploads(app);
  const tags = ['slides'];
  const admin = { onRequest: requireAdmin };

  app.get(
    '/api/slides',
    {
      schema: {
        tags,
        summary: 'The carousel slides staff filled, by position (anyone)',
        response: { 200: z.object({ documents: z.array(slideView) }) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { documents: await listSlides(app.db) };
    },
  );

  app.put(
    '/api/admin/slides/:position',
    {
      ...admin,
      schema: {
        tags: [...tags, 'admin'],
        summary: 'Save one slide of the carousel (Admin)',
        params: positionParams,
        body: slideSchema,
        response: { 200: slideView, ...errors(400, ...GUARD_ERRORS) },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      const data = request.body;
      if (data.image && !(await isSlideImage(app.db, data.image))) throw badRequest(MSG_SLIDE_IMAGE_UNKNOWN);
      return saveSlide(app, { position: request.params.position, actor: me.id, data });
    },
  );

  app.delete(
    '/api/admin/slides/:position',
    {
      ...admin,
      schema: {
        tags: [...tags, 'admin'],
        summary: 'Clear one slide of the carousel (Admin)',
        params: positionParams,
        response: { 204: noContent, ...errors(400, ...GUARD_ERRORS, 404) },
      },
    },
    async (request, reply) => {
      const me = await requireUser(request);
      if (!(await clearSlide(app, { position: request.params.position, actor: me.id }))) {
        throw notFound(MSG_SLIDE_NOT_FOUND);
      }
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/admin/slides/image',
    {
      ...admin,
      ...writeLimit('upload'),
      schema: {
        tags: [...tags, 'admin'],
        summary: 'Upload a carousel image; send its id as `image` when saving a slide (Admin)',
        consumes: ['multipart/form-data'],
        response: { 201: z.object({ id: z.string() }), ...errors(400, ...GUARD_ERRORS, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const me = await requireUser(request);
      const part = await requireFilePart(request);
      const id = await saveImageUpload(app, part, { owner: me.id, kind: 'slide' });
      return reply.code(201).send({ id });
    },
  );
};

export default slides;
