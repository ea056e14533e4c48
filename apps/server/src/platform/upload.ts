import multipart from '@fastify/multipart';
import { ERROR_TYPES, missingParamMessage, UPLOAD_MAX_BYTES } from '@samaj/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/**
 * Lets this feature's routes read multipart/form-data: each feature that takes files calls it, and the
 * parser is registered once per scope (unless the app already parses multipart). `fields` caps the
 * non-file parts a body may carry.
 */
export async function acceptUploads(app: FastifyInstance, { fields = 5 } = {}): Promise<void> {
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields } });
  }
}

/**
 * The uploaded file in the multipart field `name`, or a 400 when the body is not multipart or has no such
 * file. Limits: UPLOAD_MAX_BYTES, one file; busboy stops reading past the size limit, and readUpload turns
 * the truncation into a 413. `namesField` puts the field's name into the 400's `field`.
 */
export async function requireFilePart(
  request: FastifyRequest,
  { name = 'file', namesField = false }: { name?: string; namesField?: boolean } = {},
) {
  const missing = () =>
    new AppError(
      ERROR_TYPES.GENERAL_ARGUMENT_INVALID,
      missingParamMessage(name),
      namesField ? name : undefined,
    );
  if (!request.isMultipart()) throw missing();
  const part = await request.file({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });
  if (part?.fieldname !== name) throw missing();
  return part;
}
