// A new post sent as multipart (docs/product/feed.md, "Posts home"): its description and optional image.
import { UPLOAD_MAX_BYTES } from '@samaj/core';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../platform/errors.ts';
import { readUpload } from '../../platform/images.ts';

export const MSG_MULTIPART_MALFORMED = 'The multipart body could not be read.';

// The image of a multipart post, read by readMultipartPost for the handler.
const uploadedImages = new WeakMap<FastifyRequest, Buffer>();

/**
 * A new post may come as multipart (description + optional `file`). zod cannot validate a stream,
 * so the parts are read here, before validation: the description becomes the body that core's
 * addPostSchema then validates like a JSON post's (same 400s), and the image waits for the
 * handler. Runs after the member guard, so a visitor's upload is never read.
 */
export async function readMultipartPost(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5 } })) {
      if (part.type === 'file') {
        // Read it whole: the description may come after the file, and must be valid before we store.
        const data = await readUpload(part);
        if (part.fieldname === 'file' && data.length > 0) uploadedImages.set(request, data);
      } else if (part.fieldname === 'description' && typeof part.value === 'string') {
        fields.description = part.value;
      }
    }
  } catch (error) {
    // Limits and our own refusals say what was wrong; a broken body (busboy) is the client's mistake.
    if (error instanceof AppError || (error as { statusCode?: number }).statusCode) throw error;
    throw badRequest(MSG_MULTIPART_MALFORMED);
  }
  request.body = fields;
}

/** The image a multipart post carried (read by readMultipartPost), if any. */
export const uploadedImage = (request: FastifyRequest): Buffer | undefined => uploadedImages.get(request);
