// Matrimony's safety: Not interested, Block and Report, and undoing the first two from settings.
import { documentIdSchema, hiddenProfileSchema, profileRefSchema, reportProfileSchema } from '@samaj/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireMember } from '../../platform/auth/index.ts';
import { writeLimit } from '../../platform/rate-limit.ts';
import { errors, GUARD_ERRORS, noContent } from '../../platform/responses.ts';
import { block, markNotInterested, unblock, undoNotInterested } from './actions.ts';
import { hiddenProfiles } from './lists.ts';
import { actingViewer, answer, eligibleUser } from './policy.ts';

const targetParams = z.object({ profile: documentIdSchema });

const safetyRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['matrimony'];
  const member = { onRequest: requireMember };

  app.get(
    '/api/matrimony/hidden',
    {
      ...member,
      schema: {
        tags,
        summary: 'My Not interested and Block marks, newest first (to review and undo in settings)',
        response: { 200: z.array(hiddenProfileSchema), ...errors(400, ...GUARD_ERRORS) },
      },
    },
    async (request) => {
      const me = await eligibleUser(request);
      return hiddenProfiles(app.db, me.id);
    },
  );

  for (const [path, summary, undo] of [
    [
      '/api/matrimony/not-interested/:profile',
      'Undo Not interested: back in my suggestions',
      undoNotInterested,
    ],
    [
      '/api/matrimony/blocks/:profile',
      'Unblock: we may see each other again (a report stays with staff)',
      unblock,
    ],
  ] as const) {
    app.delete(
      path,
      {
        ...member,
        ...writeLimit('report'),
        schema: {
          tags,
          summary,
          params: targetParams,
          response: { 204: noContent, ...errors(400, ...GUARD_ERRORS, 429) },
        },
      },
      async (request, reply) => {
        const me = await eligibleUser(request);
        await undo(app, me.id, request.params.profile);
        return reply.code(204).send(null);
      },
    );
  }

  const safety = [
    ['/api/matrimony/not-interested', 'Not interested: gone from my suggestions', profileRefSchema, 'like'],
    [
      '/api/matrimony/blocks',
      'Block: neither side sees the other; shortlists, match and requests end',
      profileRefSchema,
      'report',
    ],
    ['/api/matrimony/reports', 'Report to staff with a reason (also blocks)', reportProfileSchema, 'report'],
  ] as const;
  for (const [path, summary, body, limit] of safety) {
    app.post(
      path,
      {
        ...member,
        ...writeLimit(limit),
        schema: {
          tags,
          summary,
          body,
          response: { 204: noContent, ...errors(400, ...GUARD_ERRORS, 404, 429) },
        },
      },
      async (request, reply) => {
        const input = request.body as { profile: string; reason?: string };
        const viewer = await actingViewer(app.db, request, input.profile);
        await answer(() => {
          if (path === '/api/matrimony/not-interested') return markNotInterested(app, viewer, input.profile);
          return block(
            app,
            viewer,
            input.profile,
            path === '/api/matrimony/reports' ? { reason: input.reason ?? '' } : undefined,
          );
        });
        return reply.code(204).send(null);
      },
    );
  }
};

export default safetyRoutes;
