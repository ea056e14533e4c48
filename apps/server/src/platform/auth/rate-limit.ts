// Login and signup limits, counted per IP and per email in fixed windows.
// Counters live in this process: with several app servers each one counts
// alone, which still caps a guesser at (servers × limit) per window.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

export interface AuthLimits {
  windowMs: number;
  /** Signup attempts from one IP. */
  signupPerIp: number;
  /** Login attempts (right or wrong) from one IP. */
  loginPerIp: number;
  /** Failed logins for one email, from anywhere. */
  loginFailuresPerEmail: number;
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  windowMs: 15 * 60 * 1000,
  signupPerIp: 10,
  loginPerIp: 20,
  loginFailuresPerEmail: 5,
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
      base.loginFailuresPerEmail *= TEST_MULTIPLIER;
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
    'general_rate_limit_exceeded',
    `Too many ${what}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  );
}

/** Counts a signup attempt from this IP; 429 past the limit. */
export function limitSignup(request: FastifyRequest, reply: FastifyReply): void {
  if (request.server.config.authRateLimit === false) return;
  const { limits, counter } = state(request.server);
  const key = `signup-ip:${request.ip}`;
  const wait = counter.blockedFor(key, limits.signupPerIp);
  if (wait) refuse(reply, wait, 'sign-up attempts from this network');
  counter.add(key);
}

/** Counts a login attempt from this IP and refuses an email with too many failures. */
export function limitLogin(request: FastifyRequest, reply: FastifyReply, email: string): void {
  if (request.server.config.authRateLimit === false) return;
  const { limits, counter } = state(request.server);
  const ipKey = `login-ip:${request.ip}`;
  const emailKey = `login-email:${email.toLowerCase()}`;
  const emailWait = counter.blockedFor(emailKey, limits.loginFailuresPerEmail);
  if (emailWait) refuse(reply, emailWait, 'failed logins for this account');
  const ipWait = counter.blockedFor(ipKey, limits.loginPerIp);
  if (ipWait) refuse(reply, ipWait, 'login attempts from this network');
  counter.add(ipKey);
}

export function recordLoginFailure(request: FastifyRequest, email: string): void {
  state(request.server).counter.add(`login-email:${email.toLowerCase()}`);
}

export function recordLoginSuccess(request: FastifyRequest, email: string): void {
  state(request.server).counter.clear(`login-email:${email.toLowerCase()}`);
}
