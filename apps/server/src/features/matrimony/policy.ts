// Who may call matrimony's member routes, and how the actions' refusals are answered
// (docs/product/matrimony.md, "Who may list" and "Privacy"). What nobody may see answers the same 404 as
// what does not exist.
import { ERROR_TYPES, type ErrorType } from '@samaj/core';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { requireUser } from '../../platform/auth/index.ts';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { NotMatched, NotVisible, RequestStands } from './actions.ts';
import { AlreadyListed, PhotoNotYours, StatusChangeRefused } from './profile.ts';
import { activeViewer } from './visibility.ts';

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

/** The page a list answers when the member has no active profile of their own. */
export const emptyPage = { documents: [], nextCursor: null };

/** The viewer's active profile, or null (lists then answer an empty page). */
export const viewerOf = async (db: Executor, request: FastifyRequest) =>
  activeViewer(db, (await requireUser(request)).id);

/**
 * The member, refused unless eligible now (docs/product/matrimony.md, "Who may list"): every matrimony
 * write checks this, not only apply, edit and activate. Reads need `activeViewer`, which checks the same in
 * SQL.
 */
export const eligibleUser = async (request: FastifyRequest) => {
  const me = await requireUser(request);
  if (me.maritalStatus === 'Married') throw forbidden(MSG_MARRIED);
  if (!me.maritalStatus) throw badRequest(MSG_NO_MARITAL_STATUS, ERROR_TYPES.GENERAL_BAD_REQUEST);
  return me;
};

/** Acting on another profile needs an active profile of one's own; otherwise nothing is visible. */
export const actingViewer = async (db: Executor, request: FastifyRequest, target: string) => {
  const me = await eligibleUser(request);
  if (me.id === target) throw badRequest(MSG_SELF);
  const viewer = await activeViewer(db, me.id);
  if (!viewer) throw notFound(MSG_NO_PROFILE);
  return viewer;
};

/** Turns the actions' refusals into the API's answers (their statuses are core's catalogue's). */
export const answer = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    const refusal = REFUSALS.find(([kind]) => error instanceof kind);
    if (!refusal) throw error;
    const [, type, message, field] = refusal;
    throw new AppError(type, message, field);
  }
};
