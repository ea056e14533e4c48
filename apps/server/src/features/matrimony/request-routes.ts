// Matrimony's full-profile requests: sent to a match, withdrawn, and accepted, revoked or declined by the
// profile's owner (phone and address leave only while accepted).
import {
  documentIdSchema,
  incomingRequestSchema,
  outgoingRequestSchema,
  profileRefSchema,
} from '@samaj/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireMember } from '../../platform/auth/index.ts';
import { notFound } from '../../platform/errors.ts';
import { writeLimit } from '../../platform/rate-limit.ts';
import { errors, GUARD_ERRORS, noContent } from '../../platform/responses.ts';
import { answerRequest, sendRequest, withdrawRequest } from './actions.ts';
import { actingViewer, answer, eligibleUser, MSG_NO_REQUEST } from './policy.ts';

/** Under /requests/ the one param is a member's id: the profile I asked (withdraw) or who asked me (answer). */
const requestParams = z.object({ id: documentIdSchema });

const requestRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['matrimony'];
  const member = { onRequest: requireMember };

  app.post(
    '/api/matrimony/requests',
    {
      ...member,
      ...writeLimit('like'),
      schema: {
        tags,
        summary: 'Request the full profile of a match',
        body: profileRefSchema,
        response: { 201: outgoingRequestSchema, ...errors(400, ...GUARD_ERRORS, 404, 429) },
      },
    },
    async (request, reply) => {
      const viewer = await actingViewer(app.db, request, request.body.profile);
      const sent = await answer(() => sendRequest(app, viewer, request.body.profile));
      return reply.code(201).send(sent);
    },
  );

  app.delete(
    '/api/matrimony/requests/:id',
    {
      ...member,
      ...writeLimit('like'),
      schema: {
        tags,
        summary: 'Withdraw my request (409 when its owner revoked or declined it: their answer stands)',
        params: requestParams,
        response: { 204: noContent, ...errors(400, ...GUARD_ERRORS, 409, 429) },
      },
    },
    async (request, reply) => {
      const me = await eligibleUser(request);
      await answer(() => withdrawRequest(app, me.id, request.params.id));
      return reply.code(204).send(null);
    },
  );

  const answerSummaries = {
    accept: 'Accept a request for my full profile (the requester sees phone and address)',
    revoke: 'Revoke profile access (phone and address hidden again at once)',
    decline: 'Decline a request (the requester is told, and cannot ask again until I accept)',
  };
  for (const [action, state] of [
    ['accept', 'accepted'],
    ['revoke', 'revoked'],
    ['decline', 'declined'],
  ] as const) {
    app.post(
      `/api/matrimony/requests/:id/${action}`,
      {
        ...member,
        ...writeLimit('like'),
        schema: {
          tags,
          summary: answerSummaries[action],
          params: requestParams,
          response: { 200: incomingRequestSchema, ...errors(400, ...GUARD_ERRORS, 404, 429) },
        },
      },
      async (request) => {
        const { id: creator } = request.params;
        const viewer = await actingViewer(app.db, request, creator);
        const entry = await answerRequest(app, viewer, creator, state);
        if (!entry) throw notFound(MSG_NO_REQUEST);
        return entry;
      },
    );
  }
};

export default requestRoutes;
