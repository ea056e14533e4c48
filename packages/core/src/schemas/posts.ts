import { z } from 'zod';
import { COMMENT_MAX, POST_DESCRIPTION_MAX, REPORT_REASON_MAX } from '../constants.ts';
import { POST_STATUSES } from '../status.ts';
import { requiredText, typeError } from './common.ts';
import { MSG_INVALID_VALUE } from './messages.ts';

export const addPostSchema = z.object({ description: requiredText(POST_DESCRIPTION_MAX) });

export const commentSchema = z.object({ comment: requiredText(COMMENT_MAX) });

export const reportSchema = z.object({ reason: requiredText(REPORT_REASON_MAX) });

/**
 * A post, comment or member id in a path or a cursor: ids are uniqueId()s and usernames, so
 * letters, digits, '_' and '-' (64 at most). A well-formed id that matches nothing is a 404; only
 * text that can never be an id (a NUL byte, a slash, 65 characters) is refused with 400.
 */
export const documentIdSchema = z
  .string({ error: typeError })
  .regex(/^[A-Za-z0-9_-]{1,64}$/, MSG_INVALID_VALUE);

export const postIdParamsSchema = z.object({ id: documentIdSchema });

/** GET /api/posts: the feed, or one member's posts (`userId`), after `cursor`. */
export const feedQuerySchema = z.object({
  cursor: documentIdSchema.optional(),
  userId: documentIdSchema.optional(),
});

// What the posts routes answer (the types in api/posts.ts), as schemas for the OpenAPI document.
const authorSchema = z.object({
  id: z.string(),
  name: z.string(),
  dp: z.string(),
  labels: z.array(z.string()),
});

export const commentViewSchema = z.object({
  id: z.string(),
  post: z.string(),
  creator: z.string(),
  comment: z.string(),
  type: z.literal('comment'),
  createdAt: z.string(),
  user: authorSchema,
});

export const postViewSchema = z.object({
  id: z.string(),
  creator: z.string(),
  description: z.string(),
  file: z.string().nullable(),
  fileWidth: z
    .number()
    .int()
    .nullable()
    .describe("The image's stored width in pixels; its previews keep its proportions"),
  fileHeight: z.number().int().nullable().describe("The image's stored height in pixels"),
  status: z.string().describe(`One of ${POST_STATUSES.join(', ')}`),
  rejectionReason: z.string().nullable(),
  createdAt: z.string(),
  user: authorSchema,
  liked: z.string().nullable(),
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  comments: z.array(commentViewSchema),
});

export const postPageSchema = z.object({
  documents: z.array(postViewSchema),
  nextCursor: z.string().nullable(),
});

export const likeStateSchema = z.object({ liked: z.string().nullable(), likeCount: z.number().int() });

export const reportViewSchema = z.object({
  id: z.string(),
  post: z.string(),
  reason: z.string(),
  createdAt: z.string(),
});
