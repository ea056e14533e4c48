// The staff console's API (docs/product/moderation.md, "Console"): the post queue, the reports queue, the
// counts of what waits and the audit log. Every route belongs to Admins only; the check runs before the input
// is validated, so a visitor learns 401 and a member 403 whatever they send.
import {
  type AuditView,
  documentIdSchema,
  POST_STATUSES,
  postDecisionSchema,
  type QueuedPost,
  type ReportedPost,
  type StaffSummary,
} from '@samaj/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin, requireUser } from '../../platform/auth/index.ts';
import { notFound } from '../../platform/errors.ts';
import { errors, GUARD_ERRORS, pageResponse, userSummary } from '../../platform/responses.ts';
import {
  auditPage,
  countReportedPosts,
  countWaitingPosts,
  decidePost,
  NothingToResolve,
  postQueue,
  reportsQueue,
  resolvePostReports,
} from './queries.ts';

export const MSG_POST_NOT_FOUND = 'Post with the requested ID could not be found.';
export const MSG_NO_OPEN_REPORTS = 'This post has no open reports.';

const id = documentIdSchema;
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

// Every feature registers its own count (app.registry); a count added later passes through too.
const summaryResponse = z
  .object({
    posts: z.number(),
    reports: z.number(),
    publisherRequests: z.number(),
    surnameSubmissions: z.number(),
  })
  .catchall(z.number()) satisfies z.ZodType<StaffSummary>;

const queuedPost = z.object({
  id: z.string(),
  description: z.string(),
  file: z.string().nullable(),
  fileWidth: z.number().int().nullable(),
  fileHeight: z.number().int().nullable(),
  status: z.string(),
  rejectionReason: z.string().nullable(),
  createdAt: z.string(),
  user: userSummary,
}) satisfies z.ZodType<QueuedPost>;

const reportedPost = z.object({
  id: z.string(),
  post: queuedPost.nullable(),
  reporterCount: z.number(),
  lastReportedAt: z.string(),
  reports: z.array(z.object({ reporter: z.string(), reason: z.string(), createdAt: z.string() })),
}) satisfies z.ZodType<ReportedPost>;

const postState = z.object({
  id: z.string(),
  status: z.string(),
  rejectionReason: z.string().nullable(),
  openReports: z.number(),
});

const auditEntry = z.object({
  id: z.string(),
  actor: z.string(),
  actorName: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  note: z.string().nullable(),
  createdAt: z.string(),
}) satisfies z.ZodType<AuditView>;

const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = { onRequest: requireAdmin };
  const tags = ['admin'];

  // The staff queues over posts are this feature's; the other features register their own counts.
  app.registry.addWaitingCount({ name: 'posts', count: countWaitingPosts });
  app.registry.addWaitingCount({ name: 'reports', count: countReportedPosts });

  app.get(
    '/api/admin/summary',
    {
      ...staff,
      schema: {
        tags,
        summary: 'Counts of what waits for staff',
        response: { 200: summaryResponse, ...errors(...GUARD_ERRORS) },
      },
    },
    async () => {
      const counts = await Promise.all(
        app.registry.waitingCounts.map(async (entry) => [entry.name, await entry.count(app.db)] as const),
      );
      const summary: StaffSummary = { posts: 0, reports: 0, publisherRequests: 0, surnameSubmissions: 0 };
      return { ...summary, ...Object.fromEntries(counts) };
    },
  );

  app.get(
    '/api/admin/posts',
    {
      ...staff,
      schema: {
        tags,
        summary: 'Posts in one status, oldest first (Admin)',
        querystring: queueQuery,
        response: { 200: pageResponse(queuedPost), ...errors(400, ...GUARD_ERRORS) },
      },
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
        response: { 200: postState, ...errors(400, ...GUARD_ERRORS, 404) },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      const { status, reason } = request.body;
      const after = await decidePost(app, {
        id: request.params.id,
        actor: me.id,
        status,
        reason: reason || null,
      });
      if (!after) throw notFound(MSG_POST_NOT_FOUND);
      return { id: request.params.id, ...after };
    },
  );

  app.get(
    '/api/admin/reports',
    {
      ...staff,
      schema: {
        tags,
        summary: 'Posts with open reports (Admin)',
        querystring: cursorQuery,
        response: { 200: pageResponse(reportedPost), ...errors(400, ...GUARD_ERRORS) },
      },
    },
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
          response: { 200: postState, ...errors(400, ...GUARD_ERRORS, 404) },
        },
      },
      async (request) => {
        const me = await requireUser(request);
        const postId = request.params.postId;
        try {
          const after = await resolvePostReports(app, { id: postId, actor: me.id, outcome });
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
    {
      ...staff,
      schema: {
        tags,
        summary: 'Staff decisions, newest first (Admin)',
        querystring: auditQuery,
        response: { 200: pageResponse(auditEntry), ...errors(400, ...GUARD_ERRORS) },
      },
    },
    async (request) => auditPage(app.db, request.query),
  );
};

export default moderationRoutes;
