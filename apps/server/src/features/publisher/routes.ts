// The publisher program (SPEC §2 Publisher application, §7 Publisher request): a member applies
// once; staff approve (which grants the Publisher label, so the member's posts are public at once)
// or reject. A rejected member may apply again; a pending or approved application answers 409.
import { hasLabel, PUBLISHER_REQUEST_STATUSES, publisherRequestSchema } from '@samaj/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireLabel, requireUser } from '../../platform/auth/index.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import {
  AlreadyDecided,
  decideRequest,
  findRequest,
  listRequests,
  requestView,
  submitRequest,
} from './queries.ts';

export const MSG_NO_APPLICATION = 'Publisher application with the requested ID could not be found.';
export const MSG_ALREADY_APPLIED = 'You have already applied to become a publisher.';
export const MSG_ALREADY_PUBLISHER = 'You are already a publisher.';
export const MSG_ALREADY_DECIDED = 'This application has already been reviewed.';

async function memberOnly(request: FastifyRequest): Promise<void> {
  await requireUser(request);
}

async function adminOnly(request: FastifyRequest): Promise<void> {
  await requireLabel(request, 'Admin');
}

const idParams = z.object({ id: z.string().min(1).max(64) });
const listQuery = z.object({
  status: z.enum(PUBLISHER_REQUEST_STATUSES).default('pending'),
  cursor: z.string().min(1).max(64).optional(),
});
const rejectBody = z.object({ note: z.string().trim().max(500).nullish() }).nullish();

const publisherRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['publisher'];

  app.get(
    '/api/publisher-request',
    { preValidation: memberOnly, schema: { tags, summary: "The member's own application (404 when none)" } },
    async (request) => {
      const me = await requireUser(request);
      const row = await findRequest(app.db, me.id);
      if (!row) throw notFound(MSG_NO_APPLICATION);
      return requestView(row);
    },
  );

  app.post(
    '/api/publisher-request',
    {
      preValidation: memberOnly,
      schema: { tags, summary: 'Apply to become a publisher', body: publisherRequestSchema },
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
      preValidation: adminOnly,
      schema: {
        tags: [...tags, 'admin'],
        summary: 'Applications in one status, oldest first (Admin)',
        querystring: listQuery,
      },
    },
    async (request) => listRequests(app.db, request.query.status, request.query.cursor),
  );

  for (const decision of ['approved', 'rejected'] as const) {
    app.post(
      `/api/admin/publisher-requests/:id/${decision === 'approved' ? 'approve' : 'reject'}`,
      {
        preValidation: adminOnly,
        schema: {
          tags: [...tags, 'admin'],
          summary:
            decision === 'approved'
              ? 'Approve an application and grant the Publisher label (Admin)'
              : 'Reject an application (Admin)',
          params: idParams,
          ...(decision === 'rejected' ? { body: rejectBody } : {}),
        },
      },
      async (request) => {
        const admin = await requireLabel(request, 'Admin');
        const note = (request.body as z.infer<typeof rejectBody>)?.note || null;
        try {
          const row = await decideRequest(app.db, { id: request.params.id, actor: admin.id, decision, note });
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
