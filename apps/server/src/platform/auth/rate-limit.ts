// Login and signup limits, and the count of wrong passwords, in fixed windows.
//
// This stays a hand-written counter rather than @fastify/rate-limit (platform/rate-limit.ts): the
// plugin counts requests by one key decided before the handler runs, while this must count only
// FAILED password checks, keyed by the account being guessed (known after parsing the body, or the
// member behind a stolen session) and the source, and then refuse even the right password from that
// source. A lock on the account alone would let anyone lock a member out with five wrong logins, so
// failures are counted per (email + address), with a slower ceiling per email from anywhere for
// guessing spread over many addresses.
//
// Counters live in this process: with several app servers each one counts alone, which still caps a
// guesser at (servers × limit) per window.
import { ERROR_TYPES } from '@samaj/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

export interface AuthLimits {
  windowMs: number;
  /** Signup attempts from one IP. */
  signupPerIp: number;
  /** Login attempts (right or wrong) from one IP. */
  loginPerIp: number;
  /** Wrong passwords for one email from one IP (login, profile change, account deletion). */
  loginFailuresPerSource: number;
  /** Wrong passwords for one email from anywhere: the ceiling for guessing spread over many IPs. */
  loginFailuresPerEmail: number;
  /** Password-recovery requests for one address, from anywhere (each may send a mail). */
  recoveryPerEmail: number;
  /** Password-recovery requests from one IP, whatever the address. */
  recoveryPerIp: number;
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  windowMs: 15 * 60 * 1000,
  signupPerIp: 10,
  loginPerIp: 20,
  loginFailuresPerSource: 5,
  loginFailuresPerEmail: 50,
  recoveryPerEmail: 3,
  recoveryPerIp: 10,
};

// Test suites sign many members up from one address (127.0.0.1); they get
// room unless a test sets its own limits with configureAuthLimits.
const TEST_MULTIPLIER = 1000;

interface Window {
  count: number;
  resetAt: number;
}

class Counter {
  private windows = new Map<string, Window>();

  constructor(private limits: () => AuthLimits) {}

  private current(key: string, now: number): Window | undefined {
    const w = this.windows.get(key);
    if (w && w.resetAt <= now) {
      this.windows.delete(key);
      return undefined;
    }
    return w;
  }

  /** Seconds until `key` may try again, or 0 when it is under `max`. */
  blockedFor(key: string, max: number, now = Date.now()): number {
    const w = this.current(key, now);
    return w && w.count >= max ? Math.max(1, Math.ceil((w.resetAt - now) / 1000)) : 0;
  }

  add(key: string, now = Date.now()): void {
    const w = this.current(key, now);
    if (w) w.count += 1;
    else {
      if (this.windows.size > 50_000) this.sweep(now);
      this.windows.set(key, { count: 1, resetAt: now + this.limits().windowMs });
    }
  }

  clear(key: string): void {
    this.windows.delete(key);
  }

  private sweep(now: number): void {
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
  }
}

interface State {
  limits: AuthLimits;
  counter: Counter;
}

const states = new WeakMap<object, State>();

function state(app: FastifyInstance): State {
  const key = app.db as object;
  let s = states.get(key);
  if (!s) {
    const base = { ...DEFAULT_AUTH_LIMITS };
    if (app.config.nodeEnv === 'test') {
      base.signupPerIp *= TEST_MULTIPLIER;
      base.loginPerIp *= TEST_MULTIPLIER;
      base.loginFailuresPerSource *= TEST_MULTIPLIER;
      base.loginFailuresPerEmail *= TEST_MULTIPLIER;
      base.recoveryPerEmail *= TEST_MULTIPLIER;
      base.recoveryPerIp *= TEST_MULTIPLIER;
    }
    const created: State = { limits: base, counter: new Counter(() => created.limits) };
    s = created;
    states.set(key, s);
  }
  return s;
}

/** Sets this app's limits (tests use small numbers); unset values keep the defaults. */
export function configureAuthLimits(app: FastifyInstance, limits: Partial<AuthLimits>): void {
  const s = state(app);
  s.limits = { ...DEFAULT_AUTH_LIMITS, ...limits };
  s.counter = new Counter(() => s.limits);
}

function refuse(reply: FastifyReply, seconds: number, what: string): never {
  reply.header('Retry-After', String(seconds));
  const minutes = Math.ceil(seconds / 60);
  throw new AppError(
    429,
    ERROR_TYPES.GENERAL_RATE_LIMIT_EXCEEDED,
    `Too many ${what}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  );
}

const enabled = (request: FastifyRequest) => request.server.config.authRateLimit !== false;
const sourceKey = (request: FastifyRequest, email: string) =>
  `password-source:${email.toLowerCase()}|${request.ip}`;
const emailKey = (email: string) => `password-email:${email.toLowerCase()}`;

/** Counts a signup attempt from this IP; 429 past the limit. */
export function limitSignup(request: FastifyRequest, reply: FastifyReply): void {
  if (!enabled(request)) return;
  const { limits, counter } = state(request.server);
  const key = `signup-ip:${request.ip}`;
  const wait = counter.blockedFor(key, limits.signupPerIp);
  if (wait) refuse(reply, wait, 'sign-up attempts from this network');
  counter.add(key);
}

/**
 * Refuses (429) a password check for `email` from this source once it has failed too often, or once
 * the email has failed too often from anywhere — before the password is looked at, so the right
 * password is refused too and a guesser learns nothing. Used by login and by every route that asks a
 * signed-in member for their password (a stolen session must not become a guessing oracle).
 */
export function limitPasswordCheck(request: FastifyRequest, reply: FastifyReply, email: string): void {
  if (!enabled(request)) return;
  const { limits, counter } = state(request.server);
  const sourceWait = counter.blockedFor(sourceKey(request, email), limits.loginFailuresPerSource);
  if (sourceWait) refuse(reply, sourceWait, 'wrong passwords for this account');
  const emailWait = counter.blockedFor(emailKey(email), limits.loginFailuresPerEmail);
  if (emailWait) refuse(reply, emailWait, 'wrong passwords for this account');
}

/** Counts a login attempt from this IP and refuses a source (or email) with too many failures. */
export function limitLogin(request: FastifyRequest, reply: FastifyReply, email: string): void {
  if (!enabled(request)) return;
  limitPasswordCheck(request, reply, email);
  const { limits, counter } = state(request.server);
  const ipKey = `login-ip:${request.ip}`;
  const ipWait = counter.blockedFor(ipKey, limits.loginPerIp);
  if (ipWait) refuse(reply, ipWait, 'login attempts from this network');
  counter.add(ipKey);
}

/** A wrong password for `email` from this source (login, profile change or account deletion). */
export function recordPasswordFailure(request: FastifyRequest, email: string): void {
  const { counter } = state(request.server);
  counter.add(sourceKey(request, email));
  counter.add(emailKey(email));
}

/**
 * The right password from this source: its own failures are forgiven. The per-email count stays,
 * so a guesser cannot reset the ceiling by having the owner log in.
 */
export function recordPasswordSuccess(request: FastifyRequest, email: string): void {
  state(request.server).counter.clear(sourceKey(request, email));
}

/**
 * Counts a password-recovery request for `email` from this IP; 429 past either limit. Known and
 * unknown addresses count alike, so the refusal says nothing about whether an account exists.
 */
export function limitRecovery(request: FastifyRequest, reply: FastifyReply, email: string): void {
  if (!enabled(request)) return;
  const { limits, counter } = state(request.server);
  const ipKey = `recovery-ip:${request.ip}`;
  const addressKey = `recovery-email:${email.toLowerCase()}`;
  const ipWait = counter.blockedFor(ipKey, limits.recoveryPerIp);
  if (ipWait) refuse(reply, ipWait, 'password recovery requests from this network');
  const addressWait = counter.blockedFor(addressKey, limits.recoveryPerEmail);
  if (addressWait) refuse(reply, addressWait, 'password recovery requests for this address');
  counter.add(ipKey);
  counter.add(addressKey);
}
