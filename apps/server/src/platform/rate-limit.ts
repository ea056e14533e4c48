// Limits on writes a member can repeat (posts, comments, likes, reports, uploads, submissions),
// counted by @fastify/rate-limit per member (per address for visitors). The limit runs as a
// preHandler, after the route's guard and validation, so it counts the member, and a visitor still
// learns 401 and a bad field 400 first. Login, signup and recovery keep their own limits
// (platform/auth/rate-limit.ts): they count failures per email and address, which this plugin
// cannot express. Both keep their counters in the database (the `rate_limit` table, through
// rate-limiter-flexible's Drizzle store), so every app process on one database enforces one limit.
import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import { ERROR_TYPES } from '@samaj/core';
import { lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { Database } from '../db/client.ts';
import { rateLimit as rateLimitTable } from '../db/schema/index.ts';
import { getSessionUser } from './auth/index.ts';
import { AppError } from './errors.ts';
import { databaseLimiter } from './limiter.ts';

/** How often a member may repeat each kind of write (not in spec: generous for people, tight for scripts). */
export const WRITE_LIMITS = {
  post: { max: 30, timeWindow: 60 * 60 * 1000 },
  comment: { max: 60, timeWindow: 10 * 60 * 1000 },
  like: { max: 120, timeWindow: 60 * 1000 },
  report: { max: 30, timeWindow: 60 * 60 * 1000 },
  upload: { max: 30, timeWindow: 60 * 60 * 1000 },
  submission: { max: 20, timeWindow: 60 * 60 * 1000 },
  /** Push subscriptions and notification settings: a device re-subscribes weekly, a member toggles a few kinds. */
  push: { max: 60, timeWindow: 60 * 60 * 1000 },
  /** Marking bell items read: a member taps through their list, a script does not. */
  inbox: { max: 300, timeWindow: 10 * 60 * 1000 },
  /** A host's Start and END (each off→on tells every member): a few restarts, never a toggling script. */
  live: { max: 10, timeWindow: 10 * 60 * 1000 },
  /** Staff picking a member as they type (debounced on the page): a person's pace, not a crawler's. */
  lookup: { max: 60, timeWindow: 60 * 1000 },
  /** "Send the confirmation again": a mail each time, so a few an hour. */
  mail: { max: 5, timeWindow: 60 * 60 * 1000 },
} as const;

export type WriteKind = keyof typeof WRITE_LIMITS;

export const MSG_RATE_LIMITED =
  'Rate limit for the current endpoint has been exceeded. Please try again after some time.';

async function memberOrAddress(request: FastifyRequest): Promise<string> {
  const me = await getSessionUser(request);
  return me ? `member:${me.id}` : `ip:${request.ip}`;
}

/** How often counters whose window ended over an hour ago are deleted. */
const SWEEP_EVERY_MS = 10 * 60 * 1000;

/** @fastify/rate-limit's store on the database: the count and window of `key` are shared by every process. */
function databaseStore(db: Database) {
  const limiters = new Map<number, RateLimiterDrizzle>();
  const limiter = (timeWindow: number) => {
    let found = limiters.get(timeWindow);
    if (!found) {
      found = databaseLimiter(db, 'write', Number.MAX_SAFE_INTEGER, timeWindow);
      limiters.set(timeWindow, found);
    }
    return found;
  };
  const answer = (res: RateLimiterRes | null) =>
    res ? { current: res.consumedPoints, ttl: res.msBeforeNext } : { current: 0, ttl: 0 };
  return class DatabaseStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      limiter(timeWindow)
        .penalty(key, 1)
        .then((res) => callback(null, answer(res)), callback);
    }
    read(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      limiter(timeWindow)
        .get(key)
        .then((res) => callback(null, answer(res)), callback);
    }
    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  const sweep = setInterval(() => {
    app.db
      .delete(rateLimitTable)
      .where(lt(rateLimitTable.expire, new Date(Date.now() - 60 * 60 * 1000)))
      .catch((err) => app.log.error({ err }, 'rate limits: sweeping expired counters failed'));
  }, SWEEP_EVERY_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    store: databaseStore(app.db),
    keyGenerator: memberOrAddress,
    errorResponseBuilder: () => new AppError(ERROR_TYPES.GENERAL_RATE_LIMIT_EXCEEDED, MSG_RATE_LIMITED),
  });
}

/**
 * Route options for a limited write: `app.post(url, { ...writeLimit('comment'), onRequest, schema })`.
 * Each kind is its own bucket (a member's likes do not use up their comments).
 */
export function writeLimit(kind: WriteKind) {
  const { max, timeWindow } = WRITE_LIMITS[kind];
  return {
    config: {
      rateLimit: {
        max,
        timeWindow,
        keyGenerator: async (request: FastifyRequest) => `${kind}:${await memberOrAddress(request)}`,
      },
    },
  };
}
