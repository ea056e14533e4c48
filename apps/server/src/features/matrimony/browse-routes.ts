// Matrimony's browsing: another member's profile, suggestions, the dashboard's lists and their news, and
// shortlists (a mutual shortlist is a match).
import {
  documentIdSchema,
  filtersOf,
  fullProfileSchema,
  incomingRequestSchema,
  matchCardSchema,
  matchNewsSchema,
  matrimonyCursorSchema,
  type Page,
  profileCardSchema,
  profileRefSchema,
  requestCountSchema,
  sentRequestSchema,
  shortlistResultSchema,
  suggestionsQuerySchema,
} from '@samaj/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireMember } from '../../platform/auth/index.ts';
import { notFound } from '../../platform/errors.ts';
import { writeLimit } from '../../platform/rate-limit.ts';
import { errors, GUARD_ERRORS, noContent, pageResponse } from '../../platform/responses.ts';
import { addShortlist, removeShortlist } from './actions.ts';
import {
  incomingRequests,
  markMatchesSeen,
  matches,
  matchNews,
  pendingRequestCount,
  sentRequests,
  shortlistedMe,
  shortlists,
  suggestions,
} from './lists.ts';
import { actingViewer, answer, eligibleUser, emptyPage, MSG_NO_PROFILE, viewerOf } from './policy.ts';
import { savedFilters } from './preferences.ts';
import { fullProfile } from './profile.ts';
import { activeViewer, type Viewer } from './visibility.ts';

const profileParams = z.object({ id: documentIdSchema });
const targetParams = z.object({ profile: documentIdSchema });

const browseRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['matrimony'];
  const member = { onRequest: requireMember };

  app.get(
    '/api/matrimony/profiles/:id',
    {
      ...member,
      schema: {
        tags,
        summary: "Another member's profile (contact only while they accept my request)",
        params: profileParams,
        response: { 200: fullProfileSchema, ...errors(400, ...GUARD_ERRORS, 404) },
      },
    },
    async (request) => {
      const viewer = await viewerOf(app.db, request);
      const found = viewer ? await fullProfile(app.db, viewer, request.params.id) : null;
      if (!found) throw notFound(MSG_NO_PROFILE);
      return found;
    },
  );

  /** A list of the dashboard: an empty page unless the member's own profile is active. */
  const list = <T extends z.ZodType>(
    path: string,
    summary: string,
    item: T,
    load: (db: typeof app.db, viewer: Viewer, cursor?: string) => Promise<Page<z.infer<T>>>,
  ) =>
    app.get(
      path,
      {
        ...member,
        schema: {
          tags,
          summary,
          querystring: matrimonyCursorSchema,
          response: { 200: pageResponse(item), ...errors(400, ...GUARD_ERRORS) },
        },
      },
      async (request) => {
        const viewer = await viewerOf(app.db, request);
        return viewer ? load(app.db, viewer, request.query.cursor) : emptyPage;
      },
    );
  /**
   * Suggestions, narrowed by the filters the request names or, when it names none, by the member's
   * saved preferences (docs/decisions/0037-matrimony-preferences-vs-filters.md).
   */
  app.get(
    '/api/matrimony/suggestions',
    {
      ...member,
      schema: {
        tags,
        summary: 'Suggested profiles, 3 a page, newest first; filtered by the query, else by my preferences',
        querystring: suggestionsQuerySchema,
        response: { 200: pageResponse(profileCardSchema), ...errors(400, ...GUARD_ERRORS) },
      },
    },
    async (request) => {
      const viewer = await viewerOf(app.db, request);
      if (!viewer) return emptyPage;
      const filters = filtersOf(request.query) ?? (await savedFilters(app.db, viewer.id));
      return suggestions(app.db, viewer, request.query.cursor, filters);
    },
  );
  list(
    '/api/matrimony/shortlisted-me',
    'Members who shortlisted me, newest first, 30 a page (my own list only)',
    profileCardSchema,
    shortlistedMe,
  );
  list(
    '/api/matrimony/requests/sent',
    'Full-profile requests I sent, with their state, newest first, 30 a page',
    sentRequestSchema,
    sentRequests,
  );
  list('/api/matrimony/matches', 'Mutual shortlists, newest first, 30 a page', matchCardSchema, matches);
  list('/api/matrimony/shortlists', 'My shortlist, newest first, 30 a page', profileCardSchema, shortlists);
  list(
    '/api/matrimony/requests',
    'Requests for my full profile (never those I sent), newest first, 30 a page',
    incomingRequestSchema,
    incomingRequests,
  );

  app.get(
    '/api/matrimony/requests/count',
    {
      ...member,
      schema: {
        tags,
        summary: 'Incoming requests waiting for my answer',
        response: { 200: requestCountSchema, ...errors(...GUARD_ERRORS) },
      },
    },
    async (request) => {
      const viewer = await viewerOf(app.db, request);
      return { pending: viewer ? await pendingRequestCount(app.db, viewer) : 0 };
    },
  );

  app.get(
    '/api/matrimony/matches/news',
    {
      ...member,
      schema: {
        tags,
        summary: 'New matches and answers to my requests since I last opened Matches',
        response: { 200: matchNewsSchema, ...errors(...GUARD_ERRORS) },
      },
    },
    async (request) => {
      const viewer = await viewerOf(app.db, request);
      return viewer ? matchNews(app.db, viewer) : { matches: 0, answers: 0 };
    },
  );

  app.post(
    '/api/matrimony/matches/seen',
    {
      ...member,
      ...writeLimit('like'),
      schema: {
        tags,
        summary: 'I opened the Matches tab: its news is seen',
        response: { 204: noContent, ...errors(400, ...GUARD_ERRORS, 404, 429) },
      },
    },
    async (request, reply) => {
      const me = await eligibleUser(request);
      if (!(await activeViewer(app.db, me.id))) throw notFound(MSG_NO_PROFILE);
      await markMatchesSeen(app.db, me.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/matrimony/shortlists',
    {
      ...member,
      ...writeLimit('like'),
      schema: {
        tags,
        summary: 'Shortlist a profile (a mutual shortlist is a match)',
        body: profileRefSchema,
        response: { 200: shortlistResultSchema, ...errors(400, ...GUARD_ERRORS, 404, 429) },
      },
    },
    async (request) => {
      const viewer = await actingViewer(app.db, request, request.body.profile);
      return answer(() => addShortlist(app, viewer, request.body.profile));
    },
  );

  app.delete(
    '/api/matrimony/shortlists/:profile',
    {
      ...member,
      ...writeLimit('like'),
      schema: {
        tags,
        summary: 'Unshortlist (the match and the requests between the two end)',
        params: targetParams,
        response: { 204: noContent, ...errors(400, ...GUARD_ERRORS, 429) },
      },
    },
    async (request, reply) => {
      const me = await eligibleUser(request);
      await removeShortlist(app, me.id, request.params.profile);
      return reply.code(204).send(null);
    },
  );
};

export default browseRoutes;
