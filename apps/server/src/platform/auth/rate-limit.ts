// Login, signup, recovery, email-change and one-time-link limits, and the count of wrong passwords, in
// fixed windows.
//
// These are not @fastify/rate-limit (platform/rate-limit.ts): the plugin counts requests by one key
// decided before the handler runs, while this must count only FAILED password checks, keyed by the
// account being guessed (known after parsing the body, or the member behind a stolen session) and the
// source, and then refuse even the right password from that source. A lock on the account alone would
// let anyone lock a member out with five wrong logins, so failures are counted per (email + address),
// with a slower ceiling per email from anywhere for guessing spread over many addresses.
//
// The counters are rate-limiter-flexible's, kept in the database (`rate_limit`, as the write limits):
// every app process on one database counts into the same windows.
import { ERROR_TYPES } from '@samaj/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../errors.ts';
import { databaseLimiter } from '../limiter.ts';

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
  /** Uses of a one-time link (a password reset, an email confirmation) from one IP, right or wrong. */
  tokenUsePerIp: number;
  /** The window of the email-change limits (each change mails the new address). */
  emailChangeWindowMs: number;
  /** Changes of address one member may ask for. */
  emailChangePerMember: number;
  /** Changes to one address, by any member (taken and free addresses alike). */
  emailChangePerAddress: number;
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  windowMs: 15 * 60 * 1000,
  signupPerIp: 10,
  loginPerIp: 20,
  loginFailuresPerSource: 5,
  loginFailuresPerEmail: 50,
  recoveryPerEmail: 3,
  recoveryPerIp: 10,
  tokenUsePerIp: 30,
  emailChangeWindowMs: 60 * 60 * 1000,
  emailChangePerMember: 5,
  emailChangePerAddress: 3,
};

// Test suites sign many members up from one address (127.0.0.1); they get
// room unless a test sets its own limits with configureAuthLimits.
const TEST_MULTIPLIER = 1000;

type Limiter = ReturnType<typeof databaseLimiter>;

interface State {
  limits: AuthLimits;
  signupIp: Limiter;
  loginIp: Limiter;
  failuresSource: Limiter;
  failuresEmail: Limiter;
  recoveryIp: Limiter;
  recoveryEmail: Limiter;
  tokenUseIp: Limiter;
  emailChangeMember: Limiter;
  emailChangeAddress: Limiter;
}

const states = new WeakMap<object, State>();
/** Each configuration counts afresh (tests set small limits and then lift them). */
const generations = new WeakMap<object, number>();

function limitersFor(app: FastifyInstance, limits: AuthLimits): State {
  const generation = generations.get(app.db as object) ?? 0;
  const make = (name: string, points: number, windowMs = limits.windowMs) =>
    databaseLimiter(app.db, `auth${generation ? `.${generation}` : ''}.${name}`, points, windowMs);
  return {
    limits,
    signupIp: make('signup-ip', limits.signupPerIp),
    loginIp: make('login-ip', limits.loginPerIp),
    failuresSource: make('password-source', limits.loginFailuresPerSource),
    failuresEmail: make('password-email', limits.loginFailuresPerEmail),
    recoveryIp: make('recovery-ip', limits.recoveryPerIp),
    recoveryEmail: make('recovery-email', limits.recoveryPerEmail),
    tokenUseIp: make('token-ip', limits.tokenUsePerIp),
    emailChangeMember: make('email-change-member', limits.emailChangePerMember, limits.emailChangeWindowMs),
    emailChangeAddress: make(
      'email-change-address',
      limits.emailChangePerAddress,
      limits.emailChangeWindowMs,
    ),
  };
}

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
      base.tokenUsePerIp *= TEST_MULTIPLIER;
      base.emailChangePerMember *= TEST_MULTIPLIER;
      base.emailChangePerAddress *= TEST_MULTIPLIER;
    }
    s = limitersFor(app, base);
    states.set(key, s);
  }
  return s;
}

/**
 * Sets this app's limits (tests use small numbers); unset values keep the defaults. Counting starts
 * afresh; two apps on one database configured alike share their counts.
 */
export function configureAuthLimits(app: FastifyInstance, limits: Partial<AuthLimits>): void {
  const key = app.db as object;
  generations.set(key, (generations.get(key) ?? 0) + 1);
  states.set(key, limitersFor(app, { ...DEFAULT_AUTH_LIMITS, ...limits }));
}

function refuse(reply: FastifyReply, ms: number, what: string): never {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  reply.header('Retry-After', String(seconds));
  const minutes = Math.ceil(seconds / 60);
  throw new AppError(
    ERROR_TYPES.GENERAL_RATE_LIMIT_EXCEEDED,
    `Too many ${what}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  );
}

const enabled = (request: FastifyRequest) => request.server.config.authRateLimit !== false;
const sourceKey = (request: FastifyRequest, email: string) => `${email.toLowerCase()}|${request.ip}`;

/** Counts one attempt under `key`; 429 once the window holds more than the limiter's points. */
async function count(limiter: Limiter, key: string, reply: FastifyReply, what: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (res) {
    if (res instanceof Error) throw res;
    refuse(reply, (res as RateLimiterRes).msBeforeNext, what);
  }
}

/** Milliseconds until `key` may try again, or 0 while it is under the limiter's points. */
async function blockedFor(limiter: Limiter, key: string): Promise<number> {
  const res = await limiter.get(key);
  return res && res.consumedPoints >= limiter.points ? Math.max(1, res.msBeforeNext) : 0;
}

/** Counts a signup attempt from this IP; 429 past the limit. */
export async function limitSignup(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!enabled(request)) return;
  await count(state(request.server).signupIp, request.ip, reply, 'sign-up attempts from this network');
}

/**
 * Refuses (429) a password check for `email` from this source once it has failed too often, or once
 * the email has failed too often from anywhere — before the password is looked at, so the right
 * password is refused too and a guesser learns nothing. Used by login and by every route that asks a
 * signed-in member for their password (a stolen session must not become a guessing oracle).
 */
export async function limitPasswordCheck(
  request: FastifyRequest,
  reply: FastifyReply,
  email: string,
): Promise<void> {
  if (!enabled(request)) return;
  const { failuresSource, failuresEmail } = state(request.server);
  const [sourceWait, emailWait] = await Promise.all([
    blockedFor(failuresSource, sourceKey(request, email)),
    blockedFor(failuresEmail, email.toLowerCase()),
  ]);
  if (sourceWait) refuse(reply, sourceWait, 'wrong passwords for this account');
  if (emailWait) refuse(reply, emailWait, 'wrong passwords for this account');
}

/** Counts a login attempt from this IP and refuses a source (or email) with too many failures. */
export async function limitLogin(request: FastifyRequest, reply: FastifyReply, email: string): Promise<void> {
  if (!enabled(request)) return;
  await limitPasswordCheck(request, reply, email);
  await count(state(request.server).loginIp, request.ip, reply, 'login attempts from this network');
}

/** A wrong password for `email` from this source (login, profile change or account deletion). */
export async function recordPasswordFailure(request: FastifyRequest, email: string): Promise<void> {
  const { failuresSource, failuresEmail } = state(request.server);
  await Promise.all([
    failuresSource.penalty(sourceKey(request, email)),
    failuresEmail.penalty(email.toLowerCase()),
  ]);
}

/**
 * The right password from this source: its own failures are forgiven. The per-email count stays,
 * so a guesser cannot reset the ceiling by having the owner log in.
 */
export async function recordPasswordSuccess(request: FastifyRequest, email: string): Promise<void> {
  await state(request.server).failuresSource.delete(sourceKey(request, email));
}

/**
 * Counts a password-recovery request for `email` from this IP; 429 past either limit. Known and
 * unknown addresses count alike, so the refusal says nothing about whether an account exists.
 */
export async function limitRecovery(
  request: FastifyRequest,
  reply: FastifyReply,
  email: string,
): Promise<void> {
  if (!enabled(request)) return;
  const { recoveryIp, recoveryEmail } = state(request.server);
  await count(recoveryIp, request.ip, reply, 'password recovery requests from this network');
  await count(recoveryEmail, email.toLowerCase(), reply, 'password recovery requests for this address');
}

/**
 * Counts a use of a one-time link (a password reset, an email confirmation) from this IP, right or
 * wrong; 429 past the limit, before the token is looked at.
 */
export async function limitTokenUse(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!enabled(request)) return;
  await count(
    state(request.server).tokenUseIp,
    request.ip,
    reply,
    'uses of one-time links from this network',
  );
}

/**
 * Counts a change of `memberId`'s address to `email` (each mails that address); 429 past the limit for
 * the member, or for the address whoever asks. A taken address counts as a free one: the refusal says
 * nothing about who has it.
 */
export async function limitEmailChange(
  request: FastifyRequest,
  reply: FastifyReply,
  memberId: string,
  email: string,
): Promise<void> {
  if (!enabled(request)) return;
  const { emailChangeMember, emailChangeAddress } = state(request.server);
  await count(emailChangeMember, memberId, reply, 'email changes for this account');
  await count(emailChangeAddress, email.toLowerCase(), reply, 'email changes to this address');
}
