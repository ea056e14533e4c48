// The staff console's API (issue 5, "Staff"): the post queue, the reports queue, the counts of
// what waits and the audit log. Every route belongs to Admins only; the check runs before the
// input is validated, so a visitor learns 401 and a member 403 whatever they send.
import { POST_STATUSES, postDecisionSchema } from '@samaj/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireLabel } from '../../platform/auth/index.ts';
import { notFound } from '../../platform/errors.ts';
import {
  auditPage,
  decidePost,
  NothingToResolve,
  postQueue,
  reportsQueue,
  resolvePostReports,
  waitingCounts,
} from './queries.ts';

export const MSG_POST_NOT_FOUND = 'Post with the requested ID could not be found.';
export const MSG_NO_OPEN_REPORTS = 'This post has no open reports.';

/** Staff only: 401 for visitors, 403 `user_forbidden` for members without the Admin label. */
export async function adminOnly(request: FastifyRequest): Promise<void> {
  await requireLabel(request, 'Admin');
}

const id = z.string().min(1).max(64);
const idParams = z.object({ id });
const postIdParams = z.object({ postId: id });
const cursorQuery = z.object({ cursor: id.optional() });
const queueQuery = cursorQuery.extend({ status: z.enum(POST_STATUSES).default('requested') });
const filterText = z.string().trim().max(100).optional();
const auditQuery = cursorQuery.extend({
  actor: filterText,
  entity: filterText,
  entityId: filterText,
  action: filterText,
});

const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = { preValidation: adminOnly };
  const tags = ['admin'];

  app.get(
    '/api/admin/summary',
    { ...staff, schema: { tags, summary: 'Counts of what waits for staff' } },
    async () => waitingCounts(app.db),
  );

  app.get(
    '/api/admin/posts',
    {
      ...staff,
      schema: { tags, summary: 'Posts in one status, oldest first (Admin)', querystring: queueQuery },
    },
    async (request) => postQueue(app.db, request.query.status, request.query.cursor),
  );

  app.post(
    '/api/admin/posts/:id/decision',
    {
      ...staff,
      schema: {
        tags,
        summary: 'Approve, reject or unlist a post (Admin)',
        params: idParams,
        body: postDecisionSchema,
      },
    },
    async (request) => {
      const admin = await requireLabel(request, 'Admin');
      const { status, reason } = request.body;
      const after = await decidePost(app.db, {
        id: request.params.id,
        actor: admin.id,
        status,
        reason: reason || null,
      });
      if (!after) throw notFound(MSG_POST_NOT_FOUND);
      return { id: request.params.id, ...after };
    },
  );

  app.get(
    '/api/admin/reports',
    { ...staff, schema: { tags, summary: 'Posts with open reports (Admin)', querystring: cursorQuery } },
    async (request) => reportsQueue(app.db, request.query.cursor),
  );

  for (const outcome of ['dismissed', 'unlisted'] as const) {
    const path = outcome === 'dismissed' ? 'dismiss' : 'unlist';
    app.post(
      `/api/admin/reports/:postId/${path}`,
      {
        ...staff,
        schema: {
          tags,
          summary:
            outcome === 'dismissed'
              ? 'Close every open report of a post, leaving the post as it is (Admin)'
              : 'Take a reported post out of the feed and close its reports (Admin)',
          params: postIdParams,
        },
      },
      async (request) => {
        const admin = await requireLabel(request, 'Admin');
        const postId = request.params.postId;
        try {
          const after = await resolvePostReports(app.db, { id: postId, actor: admin.id, outcome });
          if (!after) throw notFound(MSG_POST_NOT_FOUND);
          return { id: postId, ...after };
        } catch (error) {
          // Nothing open (already handled by another admin, or never reported): nothing to act on.
          if (error instanceof NothingToResolve) throw notFound(MSG_NO_OPEN_REPORTS);
          throw error;
        }
      },
    );
  }

  app.get(
    '/api/admin/audit',
    { ...staff, schema: { tags, summary: 'Staff decisions, newest first (Admin)', querystring: auditQuery } },
    async (request) => auditPage(app.db, request.query),
  );
};

export default moderationRoutes;
