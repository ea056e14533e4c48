// The surname directory API (docs/product/surnames.md, "Surname list", "Surname page") and the staff review of
// member submissions (docs/product/surnames.md, "Review by staff"). Visitors read, members submit, Admins
// review.
import { createHash } from 'node:crypto';
import {
  documentIdSchema,
  ERROR_TYPES,
  MODERATION_REASON_MAX,
  SUBMISSION_STATUSES,
  SURNAME_FIELD_MAX,
  SURNAME_LIST_LIMIT,
  type SubmissionReviewView,
  type SubmissionView,
  type SurnameView,
  surnameSubmissionSchema,
} from '@samaj/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin, requireMember, requireUser } from '../../platform/auth/index.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { sanitizeDescription } from '../../platform/html.ts';
import { writeLimit } from '../../platform/rate-limit.ts';
import { errors, GUARD_ERRORS, noContent, pageResponse } from '../../platform/responses.ts';
import { type KeptAnswer, keepFresh, SurnameListCache } from './list-cache.ts';
import {
  countPendingOf,
  countWaiting,
  createSubmission,
  decideSubmission,
  EDITABLE_FIELDS,
  type EditableValues,
  findSubmission,
  findSurname,
  listForReview,
  listSubmissionsOf,
  listSurnames,
  memberSubmissions,
  ReviewConflict,
} from './queries.ts';
import { surnameShareCard } from './share-card.ts';
import { reviewView, submissionView, surnameView } from './view.ts';

/** Not in spec: how many submissions one member may have waiting at once (keeps the queue sane). */
export const MAX_PENDING_PER_MEMBER = 20;
/** Not in spec: page size of the staff review queue and of a member's own submissions. */
const REVIEW_PAGE = 50;

const nameParams = z.object({ name: z.string().min(1).max(SURNAME_FIELD_MAX) });
const idParams = z.object({ id: documentIdSchema });
const listQuery = z.object({
  cursor: z.string().max(SURNAME_FIELD_MAX).optional(),
  limit: z.coerce.number().int().min(1).max(SURNAME_LIST_LIMIT).default(SURNAME_LIST_LIMIT),
});
const submissionBody = surnameSubmissionSchema.omit({ surname: true });
const mineQuery = z.object({ surname: z.string().min(1).max(SURNAME_FIELD_MAX).optional() });
const reviewQuery = z.object({
  status: z.enum(SUBMISSION_STATUSES).default('pending'),
  cursor: documentIdSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(REVIEW_PAGE),
});
const applyBody = surnameSubmissionSchema.omit({ surname: true }).nullish();
const rejectBody = z.object({ note: z.string().trim().max(MODERATION_REASON_MAX).nullish() }).nullish();

const surnameResponse = z.object({
  id: z.string(),
  name: z.string(),
  name_guj: z.string(),
  gotra: z.string(),
  pronounce: z.string(),
  gam: z.string(),
  kuldevta: z.string(),
  description: z.string(),
  user_count: z.number(),
  updatedAt: z.string(),
}) satisfies z.ZodType<SurnameView>;
const submissionResponse = z.object({
  id: z.string(),
  surname: z.string(),
  creator: z.string(),
  gam: z.string(),
  kuldevta: z.string(),
  description: z.string(),
  status: z.enum(SUBMISSION_STATUSES),
  reviewNote: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
}) satisfies z.ZodType<SubmissionView>;
const reviewResponse = submissionResponse.extend({
  reviewedBy: z.string().nullable(),
  current: surnameResponse.pick({
    name: true,
    name_guj: true,
    gotra: true,
    gam: true,
    kuldevta: true,
    description: true,
    updatedAt: true,
  }),
}) satisfies z.ZodType<SubmissionReviewView>;
const decisionResponse = z.object({ submission: submissionResponse, surname: surnameResponse });

/**
 * `payload` as the JSON body sent and its ETag. The tag is a hash of the body, so any change (a new
 * surname, a member count, an applied submission) gives a new tag without bookkeeping.
 */
function tagged(payload: unknown): KeptAnswer {
  const body = JSON.stringify(payload);
  return { body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"` };
}

/** Sends `answer` with its ETag; answers 304 when the client already holds this exact body. */
function sendTagged(request: FastifyRequest, reply: FastifyReply, { body, etag }: KeptAnswer) {
  // Revalidate every time: the list changes when members sign up or staff apply a submission.
  reply.header('etag', etag).header('cache-control', 'no-cache');
  const match = request.headers['if-none-match'];
  if (match?.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')) {
    return reply.code(304).send();
  }
  return reply.type('application/json; charset=utf-8').send(body);
}

const sendWithEtag = (request: FastifyRequest, reply: FastifyReply, payload: unknown) =>
  sendTagged(request, reply, tagged(payload));

/** The surname page's path (the web app's `surname/:id`). */
const _SURNAME_PAGE = /^\/surname\/([^/]+)\/?$/;

function cleanValues(
  input: Partial<Record<keyof EditableValues, string | null | undefined>>,
): EditableValues {
  const description = input.description ? sanitizeDescription(input.description) : '';
  return { gam: input.gam?.trim() ?? '', kuldevta: input.kuldevta?.trim() ?? '', description };
}

const surnames: FastifyPluginAsyncZod = async (app) => {
  const member = { onRequest: requireMember };
  const admin = { onRequest: requireAdmin };
  // The list is public (no guard decides anything per reader): one kept answer per page serves all.
  const listCache = new SurnameListCache();
  keepFresh(app, listCache);

  app.registry.addWaitingCount({ name: 'surnameSubmissions', count: countWaiting });
  app.registry.addShareCard('surname', surnameShareCard);
  app.registry.addMemberData({
    name: 'surnameSubmissions',
    ...memberSubmissions,
  });

  app.get(
    '/api/surnames',
    {
      schema: {
        tags: ['surnames'],
        summary: 'Surnames by name, 100 a page',
        querystring: listQuery,
        response: { 200: pageResponse(surnameResponse), 304: noContent, ...errors(400) },
      },
    },
    async (request, reply) => {
      const { cursor, limit } = request.query;
      const key = SurnameListCache.keyOf(cursor, limit);
      let answer = listCache.get(key);
      if (!answer) {
        const mark = listCache.mark();
        const page = await listSurnames(app.db, cursor, limit);
        answer = tagged({ documents: page.documents.map(surnameView), nextCursor: page.nextCursor });
        listCache.store(mark, key, answer);
      }
      return sendTagged(request, reply, answer);
    },
  );

  app.get(
    '/api/surnames/:name',
    {
      schema: {
        tags: ['surnames'],
        summary: 'One surname by its Latin name',
        params: nameParams,
        response: { 200: surnameResponse, 304: noContent, ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const row = await findSurname(app.db, request.params.name);
      if (!row) throw notFound('Surname not found.');
      return sendWithEtag(request, reply, surnameView(row));
    },
  );

  app.post(
    '/api/surnames/:name/submissions',
    {
      ...member,
      ...writeLimit('submission'),
      schema: {
        tags: ['surnames'],
        summary: "Propose a surname's missing or corrected details (members)",
        params: nameParams,
        body: submissionBody,
        response: { 201: submissionResponse, ...errors(400, ...GUARD_ERRORS, 404, 429) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const row = await findSurname(app.db, request.params.name);
      if (!row) throw notFound('Surname not found.');
      const values = cleanValues(request.body);
      // Sanitizing can empty a description that was nothing but markup: judge what is left.
      if (!EDITABLE_FIELDS.some((field) => values[field])) {
        throw badRequest('Fill in at least one of gam, kuldevta or description.');
      }
      if ((await countPendingOf(app.db, user.id)) >= MAX_PENDING_PER_MEMBER) {
        throw new AppError(
          ERROR_TYPES.GENERAL_RATE_LIMIT_EXCEEDED,
          'You have many submissions waiting for review. Please wait until the team has reviewed them.',
        );
      }
      const submission = await createSubmission(app.db, { surname: row.id, creator: user.id, ...values });
      return reply.code(201).send(submissionView(submission));
    },
  );

  app.get(
    '/api/surname-submissions/mine',
    {
      ...member,
      schema: {
        tags: ['surnames'],
        summary: "The member's own submissions, newest first",
        querystring: mineQuery,
        response: { 200: pageResponse(submissionResponse), ...errors(400, ...GUARD_ERRORS) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const rows = await listSubmissionsOf(app.db, user.id, request.query.surname, REVIEW_PAGE);
      return { documents: rows.map(submissionView), nextCursor: null };
    },
  );

  app.get(
    '/api/admin/surname-submissions',
    {
      ...admin,
      schema: {
        tags: ['surnames', 'admin'],
        summary: 'Submissions to review, oldest first, with the current values (Admin)',
        querystring: reviewQuery,
        response: { 200: pageResponse(reviewResponse), ...errors(400, ...GUARD_ERRORS) },
      },
    },
    async (request) => {
      const { status, cursor, limit } = request.query;
      const page = await listForReview(app.db, status, cursor, limit);
      return { documents: page.documents.map(reviewView), nextCursor: page.nextCursor };
    },
  );

  app.post(
    '/api/admin/surname-submissions/:id/apply',
    {
      ...admin,
      schema: {
        tags: ['surnames', 'admin'],
        summary: 'Publish a submission, optionally with staff edits (Admin)',
        params: idParams,
        body: applyBody,
        response: { 200: decisionResponse, ...errors(400, ...GUARD_ERRORS, 404, 409) },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      // A field staff sent replaces the proposal; an absent one keeps what the member proposed.
      return decide(request.params.id, me.id, 'applied', { values: request.body ?? {} });
    },
  );

  app.post(
    '/api/admin/surname-submissions/:id/reject',
    {
      ...admin,
      schema: {
        tags: ['surnames', 'admin'],
        summary: 'Turn a submission down (Admin)',
        params: idParams,
        body: rejectBody,
        response: { 200: decisionResponse, ...errors(400, ...GUARD_ERRORS, 404, 409) },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      return decide(request.params.id, me.id, 'rejected', { note: request.body?.note || null });
    },
  );

  async function decide(
    id: string,
    actor: string,
    decision: 'applied' | 'rejected',
    options: {
      values?: Partial<Record<keyof EditableValues, string | null | undefined>>;
      note?: string | null;
    },
  ) {
    try {
      let values: EditableValues | undefined;
      if (decision === 'applied') {
        const proposal = await pendingProposal(id);
        const merged = { ...proposal };
        for (const field of EDITABLE_FIELDS) {
          const edited = options.values?.[field];
          if (edited !== undefined && edited !== null) merged[field] = edited;
        }
        values = cleanValues(merged);
      }
      const result = await decideSubmission(app, { id, actor, decision, values, note: options.note });
      if (!result) throw notFound('Submission not found.');
      return { submission: submissionView(result.submission), surname: surnameView(result.surname) };
    } catch (error) {
      if (error instanceof ReviewConflict) throw conflict('This submission has already been reviewed.');
      throw error;
    }
  }

  /** The proposed values of a pending submission (the guarded update re-checks the status). */
  async function pendingProposal(id: string): Promise<EditableValues> {
    const row = await findSubmission(app.db, id);
    if (!row) throw notFound('Submission not found.');
    if (row.status !== 'pending') throw new ReviewConflict();
    return { gam: row.gam, kuldevta: row.kuldevta, description: row.description };
  }
};

export default surnames;
