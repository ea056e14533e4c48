// Who is asking: the member behind the session cookie, looked up once per request.

import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type Label, MSG_LOGIN_BLOCKED } from '@samaj/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { session as sessionTable, user as userTable } from '../../db/schema/auth.ts';
import { AppError } from '../errors.ts';
import { type Auth, COOKIE_PREFIX, createAuth, loadAuthSecret, SESSION_REFRESH_SECONDS } from './auth.ts';
import { keepFresh, SessionCache } from './session-cache.ts';

/** The member as the server sees them (a row of the `user` table). */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
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

// One better-auth instance (and its cookie-signing secret) per database: tests build many apps in one
// process.
const instances = new WeakMap<object, Promise<{ auth: Auth; secret: string }>>();

function authAndSecret(app: FastifyInstance): Promise<{ auth: Auth; secret: string }> {
  const db = app.db;
  let entry = instances.get(db);
  if (!entry) {
    entry = loadAuthSecret(db).then((secret) => ({ auth: createAuth(db, app.config, secret), secret }));
    instances.set(db, entry);
    // A failed start (database down) must not be remembered forever.
    entry.catch(() => instances.delete(db));
  }
  return entry;
}

export async function getAuth(app: FastifyInstance): Promise<Auth> {
  return (await authAndSecret(app)).auth;
}

const COOKIE_NAMES = [`${COOKIE_PREFIX}.session_token`, `__Secure-${COOKIE_PREFIX}.session_token`];

/** better-auth's signed cookie is `<token>.<base64 HMAC-SHA256(token)>`; the token, or null if forged. */
function unsign(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'));
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

// Set-Cookie headers from a session refresh, sent with the reply of the request that caused it.
const refreshedCookies = new WeakMap<FastifyRequest, string[]>();

// The sessions this app keeps in memory (session-cache.ts), by database as `instances`.
const caches = new WeakMap<object, SessionCache<Lookup>>();

/**
 * Sends a refreshed session cookie back (sliding sessions) and keeps the session cache fresh;
 * registered once on the root app.
 */
export function registerSessionRefresh(app: FastifyInstance): void {
  const cache = new SessionCache<Lookup>();
  caches.set(app.db, cache);
  keepFresh(app, cache);
  app.addHook('onSend', async (request, reply) => {
    const cookies = refreshedCookies.get(request);
    if (cookies && !reply.hasHeader('set-cookie')) reply.header('set-cookie', cookies);
  });
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

const NOBODY: Lookup = { user: null, sessionId: null };

/** Whether the request carries a session cookie at all (valid or not): a visitor's carries none. */
export function hasSessionCookie(request: FastifyRequest): boolean {
  return COOKIE_NAMES.some((name) => Boolean(request.cookies?.[name]));
}

/**
 * Every member request reads its session, so the common case is a few seconds' memory
 * (session-cache.ts), else one indexed query (session token → session joined with its user), checked
 * exactly as better-auth would: signature, then expiry. Only a session due for its daily refresh goes
 * through better-auth, which extends it in the database and returns the new cookie. Sessions are
 * still created and ended by better-auth alone.
 */
async function lookUp(request: FastifyRequest): Promise<Lookup> {
  const raw = COOKIE_NAMES.map((name) => request.cookies?.[name]).find(Boolean);
  if (!raw) return NOBODY;
  const { auth, secret } = await authAndSecret(request.server);
  const token = unsign(raw, secret);
  if (!token) return NOBODY;
  const cache = caches.get(request.server.db);
  const cached = cache?.get(token);
  if (cached) return cached;
  const mark = cache?.mark() ?? 0;
  const [row] = await request.server.db
    .select({ user: userTable, sessionId: sessionTable.id, expiresAt: sessionTable.expiresAt })
    .from(sessionTable)
    .innerJoin(userTable, eq(userTable.id, sessionTable.userId))
    .where(eq(sessionTable.token, token))
    .limit(1);
  const now = Date.now();
  if (!row || row.expiresAt.getTime() <= now) return NOBODY;
  const refreshAt = row.expiresAt.getTime() - SESSION_REFRESH_SECONDS * 1000;
  if (refreshAt > now) {
    const user = row.user as unknown as SessionUser;
    // Shared by every request that finds it in the cache: frozen, so a route that changed it would
    // fail loudly instead of changing what other requests see.
    const labels = Object.freeze([...(user.labels ?? [])]) as string[];
    const lookup: Lookup = Object.freeze({
      user: Object.freeze({ ...user, labels }),
      sessionId: row.sessionId,
    });
    cache?.store(mark, token, user.id, lookup, refreshAt, now);
    return lookup;
  }
  const { headers, response } = await auth.api.getSession({
    headers: toHeaders(request),
    returnHeaders: true,
  });
  if (!response) return NOBODY;
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) refreshedCookies.set(request, cookies);
  const user = response.user as unknown as SessionUser;
  return { user: { ...user, labels: user.labels ?? [] }, sessionId: response.session.id };
}

function cachedLookup(request: FastifyRequest): Promise<Lookup> {
  let lookup = lookups.get(request);
  if (!lookup) {
    lookup = lookUp(request);
    lookups.set(request, lookup);
  }
  return lookup;
}

/** The session cache's figures, for /metrics; null before the app registered it. */
export function sessionCacheFigures(
  app: FastifyInstance,
): { entries: number; hits: number; misses: number } | null {
  const cache = caches.get(app.db);
  return cache ? { entries: cache.size, hits: cache.hits, misses: cache.misses } : null;
}

/** Forget the cached member (after logout, deletion or a change to the account in this request). */
export function forgetSessionUser(request: FastifyRequest): void {
  lookups.delete(request);
  // The change may not have been announced yet (PostgreSQL's notification is on its way).
  caches.get(request.server.db)?.clear();
}

/**
 * Forget one member's cached sessions (a route that changed that member, and only them, before the
 * database's notice arrives). Such a route says so in its config (`forgetsWhatItChanges`), so its
 * request does not empty the whole cache as other writes do (session-cache.ts).
 */
export function forgetMember(app: FastifyInstance, memberId: string): void {
  caches.get(app.db)?.forgetMember(memberId);
}

/**
 * The member behind the session cookie of a WebSocket upgrade (/realtime, /peerjs), which never
 * becomes a Fastify request; null when logged out or blocked. A refreshed cookie cannot be sent on
 * an upgrade: the next API request carries it.
 */
export async function getUpgradeUser(
  app: FastifyInstance,
  raw: IncomingMessage,
): Promise<SessionUser | null> {
  const request = { cookies: app.parseCookie(raw.headers.cookie ?? ''), server: app, headers: raw.headers };
  const { user, sessionId } = await lookUp(request as unknown as FastifyRequest);
  if (!user || user.banned) return null;
  if (sessionId) upgradeSessions.set(raw, { memberId: user.id, sessionId });
  return user;
}

// The session each admitted upgrade was signed in with, for platform/realtime/session-sockets.ts.
const upgradeSessions = new WeakMap<IncomingMessage, { memberId: string; sessionId: string }>();

/** The member and session getUpgradeUser found for this upgrade; undefined when it found none. */
export function upgradeSessionOf(raw: IncomingMessage): { memberId: string; sessionId: string } | undefined {
  return upgradeSessions.get(raw);
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
export const BLOCKED_MESSAGE = MSG_LOGIN_BLOCKED;

/** The logged-in member; 401 `user_unauthorized` when logged out, 403 `user_blocked` when blocked. */
export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  const { user } = await cachedLookup(request);
  if (!user) throw new AppError('user_unauthorized', UNAUTHORIZED_MESSAGE);
  if (user.banned) throw new AppError('user_blocked', BLOCKED_MESSAGE);
  return user;
}

/** The logged-in member carrying `label`; 403 `user_forbidden` otherwise. */
export async function requireLabel(request: FastifyRequest, label: Label): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!user.labels.includes(label)) {
    throw new AppError('user_forbidden', `Only members with the ${label} label may do this.`);
  }
  return user;
}
