// Response schemas every route shares, so the OpenAPI document at /api/docs describes each status a
// route sends: `response: { 200: view, ...errors(400, 401, 403, 404) }`.
import { z } from 'zod';

/** What every error leaves as (platform/error-handler.ts); validation errors also name the field. */
export const errorResponse = z
  .looseObject({
    message: z.string(),
    code: z.number().int(),
    type: z.string(),
    field: z.string().optional(),
  })
  .describe('Error');

/** The error statuses a route may send, each with the error shape. */
export function errors<const S extends number>(...statuses: S[]): Record<S, typeof errorResponse> {
  return Object.fromEntries(statuses.map((status) => [status, errorResponse])) as Record<
    S,
    typeof errorResponse
  >;
}

/** A member route: 401 for visitors, 403 for blocked members. Staff routes: 403 without the label too. */
export const GUARD_ERRORS = [401, 403] as const;

/** 204: nothing in the body. */
export const noContent = z.null().describe('No content');

/** core's UserSummary: a member beside what they wrote (db/author.ts builds it). */
export const userSummary = z.object({
  id: z.string(),
  name: z.string(),
  dp: z.string(),
  labels: z.array(z.string()),
});

/** core's Page<T>: `{ documents, nextCursor }`. */
export function pageResponse<T extends z.ZodType>(item: T) {
  return z.object({ documents: z.array(item), nextCursor: z.string().nullable() });
}
