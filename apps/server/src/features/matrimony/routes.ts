// Matrimony (docs/product/matrimony.md): a member's own listing, the dashboard's lists and
// the actions on other profiles. Paths and shapes: core's api/matrimony.ts. What nobody may see
// answers the same 404 as what does not exist; phone and address leave only in MyProfile and in a
// FullProfile / MatchCard whose request the owner accepted and has not revoked.
import {
  documentIdSchema,
  ERROR_TYPES,
  type ErrorType,
  filtersOf,
  fullProfileSchema,
  hiddenProfileSchema,
  incomingRequestSchema,
  matchCardSchema,
  matchNewsSchema,
  matrimonyCursorSchema,
  matrimonyPhotosSchema,
  matrimonyProfileSchema,
  matrimonySettingsSchema,
  myProfileSchema,
  outgoingRequestSchema,
  type Page,
  type PreviewWidth,
  partnerPreferencesSchema,
  partnerPreferencesViewSchema,
  photoQuerySchema,
  photoUploadSchema,
  profileCardSchema,
  profileRefSchema,
  profileStatusChangeSchema,
  reportProfileSchema,
  requestCountSchema,
  sentRequestSchema,
  shortlistResultSchema,
  suggestionsQuerySchema,
} from '@samaj/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forgetSessionUser, requireMember, requireUser } from '../../platform/auth/index.ts';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { choosePreviewFormat, PREVIEW_MIME } from '../../platform/images/preview.ts';
import { saveImageUpload } from '../../platform/images.ts';
import { writeLimit } from '../../platform/rate-limit.ts';
import { errors, GUARD_ERRORS, noContent, pageResponse } from '../../platform/responses.ts';
import { acceptUploads, requireFilePart } from '../../platform/upload.ts';
import {
  addShortlist,
  answerRequest,
  block,
  markNotInterested,
  NotMatched,
  NotVisible,
  RequestStands,
  removeShortlist,
  sendRequest,
  unblock,
  undoNotInterested,
  withdrawRequest,
} from './actions.ts';
import {
  hiddenProfiles,
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
import { matrimonyMemberData } from './member-data.ts';
import { matrimonyPhotoAccess, PHOTO_CACHE_CONTROL, photoFor, photoPreview } from './photos.ts';
import { clearPreferences, preferencesOf, savedFilters, savePreferences } from './preferences.ts';
import {
  AlreadyListed,
  apply,
  changeStatus,
  edit,
  fullProfile,
  keepAccountDob,
  myProfile,
  PhotoNotYours,
  StatusChangeRefused,
  saveSettings,
  setPhotos,
} from './profile.ts';
import staffRoutes from './staff-routes.ts';
import { activeViewer, type Viewer } from './visibility.ts';

export const MSG_NO_PROFILE = 'Matrimony profile with the requested ID could not be found.';
export const MSG_MARRIED = 'Matrimony is for unmarried members: your marital status is Married.';
export const MSG_NO_MARITAL_STATUS = 'Please set your marital status in your profile first.';
export const MSG_ALREADY_LISTED = 'You already have a matrimony profile.';
export const MSG_PHOTO_NOT_YOURS = 'Upload the photo through /api/matrimony/photo first.';
export const MSG_STATUS_REFUSED = 'Your matrimony profile cannot be changed to that status now.';
export const MSG_BANNED = 'Your matrimony profile is banned.';
export const MSG_SELF = 'You cannot do this to your own profile.';
export const MSG_NOT_MATCHED = 'You can request a full profile only after a match.';
export const MSG_PHOTO_NOT_FOUND = 'The requested file could not be found.';
export const MSG_NO_REQUEST = 'Request with the requested ID could not be found.';
export const MSG_REQUEST_STANDS =
  'The member has answered your request; it stays as they left it until they accept it.';

/** What each refusal of the actions answers (routes word some of them differently, e.g. a banned profile). */
const REFUSALS: [new () => Error, ErrorType, string, string?][] = [
  [NotVisible, ERROR_TYPES.DOCUMENT_NOT_FOUND, MSG_NO_PROFILE],
  [NotMatched, ERROR_TYPES.USER_FORBIDDEN, MSG_NOT_MATCHED],
  [RequestStands, ERROR_TYPES.DOCUMENT_CONFLICT, MSG_REQUEST_STANDS],
  [AlreadyListed, ERROR_TYPES.DOCUMENT_ALREADY_EXISTS, MSG_ALREADY_LISTED],
  [PhotoNotYours, ERROR_TYPES.GENERAL_ARGUMENT_INVALID, MSG_PHOTO_NOT_YOURS, 'dp'],
  [StatusChangeRefused, ERROR_TYPES.DOCUMENT_CONFLICT, MSG_STATUS_REFUSED],
];

const profileParams = z.object({ id: documentIdSchema });
const targetParams = z.object({ profile: documentIdSchema });
/** Under /requests/ the one param is a member's id: the profile I asked (withdraw) or who asked me (answer). */
const requestParams = z.object({ id: documentIdSchema });
const photoImage = z.any().describe('The photo: WebP when Accept allows it, else JPEG');

const matrimonyRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptUploads(app);
  app.registry.addFileAccess('matrimony', matrimonyPhotoAccess);
  app.registry.addMemberData(matrimonyMemberData);
  keepAccountDob(app);
  await app.register(staffRoutes);

  const tags = ['matrimony'];
  const member = { onRequest: requireMember };

  /** The viewer's active profile, or null (lists then answer an empty page). */
  const viewerOf = async (request: FastifyRequest) => activeViewer(app.db, (await requireUser(request)).id);
  /**
   * The member, refused unless eligible now (docs/product/matrimony.md, "Who may list"): every matrimony
   * write checks this, not only apply, edit and activate. Reads need `activeViewer`, which checks the same in
   * SQL.
   */
  const eligibleUser = async (request: FastifyRequest) => {
    const me = await requireUser(request);
    if (me.maritalStatus === 'Married') throw forbidden(MSG_MARRIED);
    if (!me.maritalStatus) throw badRequest(MSG_NO_MARITAL_STATUS, ERROR_TYPES.GENERAL_BAD_REQUEST);
    return me;
  };
  /** Acting on another profile needs an active profile of one's own; otherwise nothing is visible. */
  const actingViewer = async (request: FastifyRequest, target: string) => {
    const me = await eligibleUser(request);
    if (me.id === target) throw badRequest(MSG_SELF);
    const viewer = await activeViewer(app.db, me.id);
    if (!viewer) throw notFound(MSG_NO_PROFILE);
    return viewer;
  };
  const emptyPage = { documents: [], nextCursor: null };
  /** Turns the actions' refusals into the API's answers (their statuses are core's catalogue's). */
  const answer = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      const refusal = REFUSALS.find(([kind]) => error instanceof kind);
      if (!refusal) throw error;
      const [, type, message, field] = refusal;
      throw new AppError(type, message, field);
    }
  };

  app.get(
    '/api/matrimony/profile',
    {
      ...member,
      schema: {
        tags,
        summary: "The member's own profile with its status (null when they have none)",
        response: { 200: myProfileSchema.nullable(), ...errors(...GUARD_ERRORS) },
      },
    },
    // Having no listing is the usual state, not an error: a 404 showed in every browser console.
    async (request, reply) => {
      const me = await requireUser(request);
      return reply.send(await myProfile(app.db, me.id));
    },
  );

  /** Applying: unmarried members only (the server checks), one profile each, reviewed by staff. */
  app.post(
    '/api/matrimony/profile',
    {
      ...member,
      ...writeLimit('submission'),
      schema: {
        tags,
        summary: 'Apply: create the matrimony profile (status requested)',
        body: matrimonyProfileSchema,
        response: { 201: myProfileSchema, ...errors(400, ...GUARD_ERRORS, 409, 429) },
      },
    },
    async (request, reply) => {
      const me = await eligibleUser(request);
      const created = await answer(() => apply(app, me, request.body));
      forgetSessionUser(request);
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/api/matrimony/profile',
    {
      ...member,
      ...writeLimit('submission'),
      schema: {
        tags,
        summary: 'Edit the own profile (a changed date of birth, gender or phone goes back to review)',
        body: matrimonyProfileSchema,
        response: { 200: myProfileSchema, ...errors(400, ...GUARD_ERRORS, 404, 429) },
      },
    },
    async (request) => {
      const me = await eligibleUser(request);
      const saved = await answer(async () => {
        try {
          return await edit(app, me, request.body);
        } catch (error) {
          if (error instanceof StatusChangeRefused) throw forbidden(MSG_BANNED);
          throw error;
        }
      });
      if (!saved) throw notFound(MSG_NO_PROFILE);
      return saved;
    },
  );

  app.post(
    '/api/matrimony/profile/status',
    {
      ...member,
      ...writeLimit('submission'),
      schema: {
        tags,
        summary: 'Hide (inactive) or Activate (active) the own verified profile',
        body: profileStatusChangeSchema,
        response: { 200: myProfileSchema, ...errors(400, ...GUARD_ERRORS, 404, 409, 429) },
      },
    },
    async (request) => {
      // Hiding stays open to a member who married since: it only takes the listing further away.
      const me = request.body.status === 'active' ? await eligibleUser(request) : await requireUser(request);
      const saved = await answer(() => changeStatus(app, me.id, request.body.status));
      if (!saved) throw notFound(MSG_NO_PROFILE);
      return saved;
    },
  );

  app.put(
    '/api/matrimony/settings',
    {
      ...member,
      ...writeLimit('submission'),
      schema: {
        tags,
        summary: 'Matrimony settings: the own-gotra filter on suggestions',
        body: matrimonySettingsSchema,
        response: { 200: matrimonySettingsSchema, ...errors(400, ...GUARD_ERRORS, 404, 429) },
      },
    },
    async (request) => {
      const me = await eligibleUser(request);
      const saved = await saveSettings(app.db, me.id, request.body);
      if (!saved) throw notFound(MSG_NO_PROFILE);
      return saved;
    },
  );

  app.get(
    '/api/matrimony/preferences',
    {
      ...member,
      schema: {
        tags,
        summary: 'My partner preferences (null when none are saved)',
        response: { 200: partnerPreferencesViewSchema.nullable(), ...errors(...GUARD_ERRORS) },
      },
    },
    async (request, reply) => {
      const me = await requireUser(request);
      return reply.send(await preferencesOf(app.db, me.id));
    },
  );

  app.put(
    '/api/matrimony/preferences',
    {
      ...member,
      // Saved as often as a member adjusts the filters: a toggle's limit, not a form's.
      ...writeLimit('like'),
      schema: {
        tags,
        summary: 'Save my partner preferences: my suggestions take them when I name no filter',
        body: partnerPreferencesSchema,
        response: { 200: partnerPreferencesViewSchema, ...errors(400, ...GUARD_ERRORS, 404, 429) },
      },
    },
    async (request) => {
      const me = await eligibleUser(request);
      const saved = await savePreferences(app.db, me.id, request.body);
      if (!saved) throw notFound(MSG_NO_PROFILE);
      return saved;
    },
  );

  app.delete(
    '/api/matrimony/preferences',
    {
      ...member,
      ...writeLimit('like'),
      schema: {
        tags,
        summary: 'Clear my partner preferences (suggestions as before any were saved)',
        response: { 204: noContent, ...errors(...GUARD_ERRORS, 429) },
      },
    },
    async (request, reply) => {
      const me = await requireUser(request);
      await clearPreferences(app.db, me.id);
      return reply.code(204).send(null);
    },
  );

  /** The photo goes through the media pipeline (EXIF and GPS dropped); the form then sends its id as dp. */
  app.post(
    '/api/matrimony/photo',
    {
      ...member,
      ...writeLimit('upload'),
      schema: {
        tags,
        summary: 'Upload a matrimony photo (multipart field `file`, JPEG, PNG or WebP)',
        consumes: ['multipart/form-data'],
        response: { 201: photoUploadSchema, ...errors(400, ...GUARD_ERRORS, 413, 415, 429, 503) },
      },
    },
    async (request, reply) => {
      const me = await requireUser(request);
      const part = await requireFilePart(request, { namesField: true });
      const dp = await saveImageUpload(app, part, {
        owner: me.id,
        kind: 'matrimony',
        types: ['jpeg', 'png', 'webp'],
      });
      return reply.code(201).send({ dp });
    },
  );

  /** Checked on every request: the owner, an Admin, or a member who may see this profile and its photos. */
  const servePhoto = async (
    request: FastifyRequest,
    reply: FastifyReply,
    photo: { id: string; index: number; width: number },
  ) => {
    const me = await requireUser(request);
    reply.header('Cache-Control', PHOTO_CACHE_CONTROL);
    const fileId = await photoFor(app.db, me, photo.id, photo.index);
    const notFoundPhoto = () => new AppError(ERROR_TYPES.STORAGE_FILE_NOT_FOUND, MSG_PHOTO_NOT_FOUND);
    if (!fileId) throw notFoundPhoto();
    const format = choosePreviewFormat(request.headers.accept);
    const preview = await photoPreview(app, fileId, photo.width as PreviewWidth, format);
    if (!preview) throw notFoundPhoto();
    return reply.header('Vary', 'Accept').type(PREVIEW_MIME[format]).send(preview);
  };

  app.get(
    '/api/matrimony/profiles/:id/photo',
    {
      ...member,
      schema: {
        tags,
        summary:
          "A profile's photo (index 0 the main one, 1–3 the others) for a viewer allowed to see it (private, no-store)",
        params: profileParams,
        querystring: photoQuerySchema,
        response: { 200: photoImage, ...errors(400, ...GUARD_ERRORS, 404, 503) },
      },
    },
    (request, reply) =>
      servePhoto(request, reply, {
        id: request.params.id,
        index: request.query.index,
        width: request.query.width,
      }),
  );

  app.put(
    '/api/matrimony/photos',
    {
      ...member,
      ...writeLimit('submission'),
      schema: {
        tags,
        summary: 'My photos in order (the first is the main one) and who sees them',
        body: matrimonyPhotosSchema,
        response: { 200: myProfileSchema, ...errors(400, ...GUARD_ERRORS, 404, 429) },
      },
    },
    async (request) => {
      const me = await eligibleUser(request);
      const saved = await answer(async () => {
        try {
          return await setPhotos(app, me.id, request.body);
        } catch (error) {
          if (error instanceof StatusChangeRefused) throw forbidden(MSG_BANNED);
          if (error instanceof PhotoNotYours)
            throw new AppError(ERROR_TYPES.GENERAL_ARGUMENT_INVALID, MSG_PHOTO_NOT_YOURS, 'photos');
          throw error;
        }
      });
      if (!saved) throw notFound(MSG_NO_PROFILE);
      return saved;
    },
  );

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
      const viewer = await viewerOf(request);
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
        const viewer = await viewerOf(request);
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
      const viewer = await viewerOf(request);
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
      const viewer = await viewerOf(request);
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
      const viewer = await viewerOf(request);
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
      const viewer = await actingViewer(request, request.body.profile);
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
      const viewer = await actingViewer(request, request.body.profile);
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
        const viewer = await actingViewer(request, creator);
        const entry = await answerRequest(app, viewer, creator, state);
        if (!entry) throw notFound(MSG_NO_REQUEST);
        return entry;
      },
    );
  }

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
        const viewer = await actingViewer(request, input.profile);
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

export default matrimonyRoutes;
