// The publisher program (docs/product/publisher.md): a member applies
// once; staff approve (which grants the Publisher label, so the member's posts are public at once)
// or reject. A rejected member may apply again; a pending or approved application answers 409.
import {
  type ApplicantView,
  documentIdSchema,
  hasLabel,
  MODERATION_REASON_MAX,
  PUBLISHER_REQUEST_STATUSES,
  type PublisherRequestView,
  publisherRequestSchema,
} from '@samaj/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin, requireMember, requireUser } from '../../platform/auth/index.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { writeLimit } from '../../platform/rate-limit.ts';
import { errors, GUARD_ERRORS, pageResponse, userSummary } from '../../platform/responses.ts';
import {
  AlreadyDecided,
  countPending,
  decideRequest,
  eraseRequest,
  exportRequest,
  findRequest,
  listRequests,
  requestView,
  submitRequest,
} from './queries.ts';

export const MSG_NO_APPLICATION = 'Publisher application with the requested ID could not be found.';
export const MSG_ALREADY_APPLIED = 'You have already applied to become a publisher.';
export const MSG_ALREADY_PUBLISHER = 'You are already a publisher.';
export const MSG_ALREADY_DECIDED = 'This application has already been reviewed.';

const idParams = z.object({ id: documentIdSchema });
const listQuery = z.object({
  status: z.enum(PUBLISHER_REQUEST_STATUSES).default('pending'),
  cursor: documentIdSchema.optional(),
});
const rejectBody = z.object({ note: z.string().trim().max(MODERATION_REASON_MAX).nullish() }).nullish();

const requestResponse = z.object({
  id: z.string(),
  creator: z.string(),
  occupation: z.string(),
  whatsapp: z.string(),
  reason: z.string(),
  status: z.enum(PUBLISHER_REQUEST_STATUSES),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
}) satisfies z.ZodType<PublisherRequestView>;
const applicantResponse = requestResponse.extend({ user: userSummary }) satisfies z.ZodType<ApplicantView>;

const publisherRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['publisher'];
  const member = { onRequest: requireMember };
  const admin = { onRequest: requireAdmin };

  app.registry.addWaitingCount({ name: 'publisherRequests', count: countPending });
  app.registry.addMemberData({ name: 'publisherRequest', export: exportRequest, erase: eraseRequest });

  app.get(
    '/api/publisher-request',
    {
      ...member,
      schema: {
        tags,
        summary: "The member's own application (null when none)",
        response: { 200: requestResponse.nullable(), ...errors(...GUARD_ERRORS) },
      },
    },
    // Not having applied is the usual state, not an error: a 404 showed in every browser console.
    async (request, reply) => {
      const me = await requireUser(request);
      const row = await findRequest(app.db, me.id);
      return reply.send(row ? requestView(row) : null);
    },
  );

  app.post(
    '/api/publisher-request',
    {
      ...member,
      ...writeLimit('submission'),
      schema: {
        tags,
        summary: 'Apply to become a publisher',
        body: publisherRequestSchema,
        response: { 201: requestResponse, ...errors(400, ...GUARD_ERRORS, 409, 429) },
      },
    },
    async (request, reply) => {
      const me = await requireUser(request);
      if (hasLabel(me.labels, 'Publisher')) throw conflict(MSG_ALREADY_PUBLISHER);
      const row = await submitRequest(app.db, me.id, request.body);
      if (!row) throw conflict(MSG_ALREADY_APPLIED);
      return reply.code(201).send(requestView(row));
    },
  );

  app.get(
    '/api/admin/publisher-requests',
    {
      ...admin,
      schema: {
        tags: [...tags, 'admin'],
        summary: 'Applications in one status, oldest first (Admin)',
        querystring: listQuery,
        response: { 200: pageResponse(applicantResponse), ...errors(400, ...GUARD_ERRORS) },
      },
    },
    async (request) => listRequests(app.db, request.query.status, request.query.cursor),
  );

  for (const decision of ['approved', 'rejected'] as const) {
    app.post(
      `/api/admin/publisher-requests/:id/${decision === 'approved' ? 'approve' : 'reject'}`,
      {
        ...admin,
        schema: {
          tags: [...tags, 'admin'],
          summary:
            decision === 'approved'
              ? 'Approve an application and grant the Publisher label (Admin)'
              : 'Reject an application (Admin)',
          params: idParams,
          ...(decision === 'rejected' ? { body: rejectBody } : {}),
          response: { 200: requestResponse, ...errors(400, ...GUARD_ERRORS, 404, 409) },
        },
      },
      async (request) => {
        const me = await requireUser(request);
        const note = (request.body as z.infer<typeof rejectBody>)?.note || null;
        try {
          const row = await decideRequest(app, { id: request.params.id, actor: me.id, decision, note });
          if (!row) throw notFound(MSG_NO_APPLICATION);
          return requestView(row);
        } catch (error) {
          if (error instanceof AlreadyDecided) throw conflict(MSG_ALREADY_DECIDED);
          throw error;
        }
      },
    );
  }
};

export default publisherRoutes;
