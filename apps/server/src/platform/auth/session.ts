// Who is asking: the member behind the session cookie, looked up once per request.

import type { Label } from '@samaj/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { type Auth, createAuth, loadAuthSecret } from './auth.ts';

/** The member as the server sees them (a row of the `user` table). */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  surname: string | null;
  labels: string[];
  dob: string | null;
  gender: string | null;
  maritalStatus: string | null;
  dp: string;
  matrimony: string | null;
  banned: boolean | null;
  createdAt: Date;
  updatedAt: Date;
}

// One better-auth instance per database (tests build many apps in one process).
const instances = new WeakMap<object, Promise<Auth>>();

export function getAuth(app: FastifyInstance): Promise<Auth> {
  const db = app.db;
  let auth = instances.get(db);
  if (!auth) {
    auth = loadAuthSecret(db).then((secret) => createAuth(db, app.config, secret));
    instances.set(db, auth);
    // A failed start (database down) must not be remembered forever.
    auth.catch(() => instances.delete(db));
  }
  return auth;
}

/** Fastify's headers as a Web `Headers`, which better-auth reads. */
export function toHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, String(value));
  }
  return headers;
}

interface Lookup {
  user: SessionUser | null;
  sessionId: string | null;
}

const lookups = new WeakMap<FastifyRequest, Promise<Lookup>>();

async function lookUp(request: FastifyRequest): Promise<Lookup> {
  const cookie = request.headers.cookie;
  if (!cookie?.includes('session_token')) return { user: null, sessionId: null };
  const auth = await getAuth(request.server);
  const result = await auth.api.getSession({ headers: toHeaders(request) });
  if (!result) return { user: null, sessionId: null };
  const user = result.user as unknown as SessionUser;
  return { user: { ...user, labels: user.labels ?? [] }, sessionId: result.session.id };
}

function cachedLookup(request: FastifyRequest): Promise<Lookup> {
  let lookup = lookups.get(request);
  if (!lookup) {
    lookup = lookUp(request);
    lookups.set(request, lookup);
  }
  return lookup;
}

/** Forget the cached member (after logout, deletion or a change to the account in this request). */
export function forgetSessionUser(request: FastifyRequest): void {
  lookups.delete(request);
}

/** The logged-in member, or null when logged out or blocked. */
export async function getSessionUser(request: FastifyRequest): Promise<SessionUser | null> {
  const { user } = await cachedLookup(request);
  return user && !user.banned ? user : null;
}

export async function getSessionId(request: FastifyRequest): Promise<string | null> {
  return (await cachedLookup(request)).sessionId;
}

export const UNAUTHORIZED_MESSAGE = 'The current user is not authorized to perform the requested action.';
export const BLOCKED_MESSAGE = 'This account is blocked.';

/** The logged-in member; 401 `user_unauthorized` when logged out, 403 `user_blocked` when blocked. */
export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  const { user } = await cachedLookup(request);
  if (!user) throw new AppError(401, 'user_unauthorized', UNAUTHORIZED_MESSAGE);
  if (user.banned) throw new AppError(403, 'user_blocked', BLOCKED_MESSAGE);
  return user;
}

/** The logged-in member carrying `label`; 403 `user_forbidden` otherwise. */
export async function requireLabel(request: FastifyRequest, label: Label): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!user.labels.includes(label)) {
    throw new AppError(403, 'user_forbidden', `Only members with the ${label} label may do this.`);
  }
  return user;
}
