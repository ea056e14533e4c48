// Turns core's zod verdicts into the spec's error types.
import type { z } from 'zod';
import { AppError } from '../../platform/errors.ts';

export const MSG_EMAIL_INVALID = 'Invalid `email` param: Value must be a valid email address';

/** The body parsed by `schema`, or a 400 naming the first field at fault. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = String(issue.path[0] ?? 'body');
  const absent =
    issue.code === 'invalid_type' &&
    (body == null || typeof body !== 'object' || (body as Record<string, unknown>)[field] === undefined);
  if (absent) throw new AppError(400, 'general_argument_invalid', `Missing required parameter: "${field}"`);
  if (field === 'email') throw new AppError(400, 'user_email_invalid', MSG_EMAIL_INVALID);
  throw new AppError(400, 'general_argument_invalid', `Invalid \`${field}\` param: ${issue.message}`);
}
