// The better-auth instance: email + password, the username as the member's id,
// the admin plugin's ban flag for blocking, sessions stored in the database.
// Our product routes (features/accounts) call `auth.api.*`; the web app never
// talks to better-auth's own endpoints directly.
import { randomBytes } from 'node:crypto';
import {
  DEFAULT_PICTURE_ID,
  EMAIL_CONFIRM_SECONDS,
  MSG_LOGIN_BLOCKED,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
  usernameSchema,
} from '@samaj/core';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { admin, username } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { account, authSecret, session, user, verification } from '../../db/schema/auth.ts';

/** Name prefix of our cookies (`samaj.session_token`, `__Secure-samaj.session_token` over https). */
export const COOKIE_PREFIX = 'samaj';
const SESSION_DAYS = 30;
const SESSION_UPDATE_AGE_SECONDS = 60 * 60 * 24;
/** A session with less than this left is extended (better-auth's updateAge rule, read the other way). */
export const SESSION_REFRESH_SECONDS = 60 * 60 * 24 * SESSION_DAYS - SESSION_UPDATE_AGE_SECONDS;

/** Reads the cookie-signing key, making it on first start (two processes racing agree on the first). */
export async function loadAuthSecret(db: Database): Promise<string> {
  await db
    .insert(authSecret)
    .values({ id: 'cookie', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(authSecret).where(eq(authSecret.id, 'cookie'));
  return row.value;
}

/** Whether `err` or one of its causes is a PostgreSQL error with one of `codes` (SQLSTATE). */
function hasSqlState(err: unknown, codes: string[]): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && codes.includes(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** PostgreSQL's unique_violation, whichever driver raised it (drizzle wraps it as the cause). */
export const isUniqueViolation = (err: unknown) => hasSqlState(err, ['23505']);

/** A transaction PostgreSQL cancelled for another's sake (deadlock_detected, serialization_failure). */
export const isTransactionConflict = (err: unknown) => hasSqlState(err, ['40P01', '40001']);

/** Origins allowed to send cookies and mutations: the public one plus this machine's. */
export function trustedOrigins(config: Pick<Config, 'publicUrl' | 'port'>): string[] {
  const origins = new Set([
    new URL(config.publicUrl).origin,
    `http://localhost:${config.port}`,
    `http://127.0.0.1:${config.port}`,
  ]);
  return [...origins];
}

export function createAuth(db: Database, config: Config, secret: string) {
  const secure = config.publicUrl.startsWith('https:');
  return betterAuth({
    appName: config.communityName,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: trustedOrigins(config),
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user, session, account, verification },
      // What better-auth writes as one step (a signup's member, password and session rows; a new
      // password with the sessions it ends) commits together or not at all: a signup failing
      // half-way (a full disk, a dropped connection) must not leave a member who can neither log
      // in nor sign up again (docs/decisions/0035-signup-is-one-transaction.md).
      transaction: true,
    }),
    telemetry: { enabled: false },
    // Wrong passwords are routine; our own handlers log what matters.
    logger: {
      level: 'error',
      log(level, message, ...args) {
        // A signup that lost a race for its username or email is answered 409 (features/accounts),
        // not a server failure.
        if (message === 'Failed to create user' && isUniqueViolation(args[0])) return;
        (level === 'error' ? console.error : console.warn)(`[Better Auth] ${message}`, ...args);
      },
    },
    // Our own limiter (platform/auth/rate-limit.ts) counts per IP and wrong passwords per email + IP.
    rateLimit: { enabled: false },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      autoSignIn: true,
      requireEmailVerification: false,
      // A reset (by a mailed link or a staff-made one) ends every session of the member in the
      // transaction that changes the password; the route then signs this device in afresh.
      revokeSessionsOnPasswordReset: true,
    },
    // Tokens of one-time links (password resets) are stored as their SHA-256, never as sent: a copy
    // of the database holds no usable link. Email-confirmation tokens are signed (JWT), not stored.
    verification: { storeIdentifier: 'hashed' },
    emailVerification: { expiresIn: EMAIL_CONFIRM_SECONDS },
    session: {
      expiresIn: 60 * 60 * 24 * SESSION_DAYS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
      cookieCache: { enabled: false },
    },
    user: {
      // Without SMTP no mail can confirm a new address, so it applies at once (the route asks for the
      // current password first). With SMTP the route never calls changeEmail: the new address is
      // mailed a better-auth change-email token and applies when its link is opened (accounts).
      changeEmail: { enabled: true, updateEmailWithoutVerification: true },
      additionalFields: {
        surname: { type: 'string', required: false, input: true },
        phone: { type: 'string', required: false, input: true },
        labels: { type: 'string[]', required: false, input: false, defaultValue: [] },
        dob: { type: 'string', required: false, input: false },
        gender: { type: 'string', required: false, input: false },
        maritalStatus: { type: 'string', required: false, input: false },
        dp: { type: 'string', required: false, input: false, defaultValue: DEFAULT_PICTURE_ID },
        matrimony: { type: 'string', required: false, input: false },
      },
    },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure, path: '/' },
    },
    databaseHooks: {
      user: {
        create: {
          // The username is the member's id (docs/product/accounts.md, "The account").
          async before(data) {
            const name = (data as { username?: unknown }).username;
            if (typeof name !== 'string' || !name) {
              throw new APIError('BAD_REQUEST', {
                message: 'Missing required parameter: "username"',
                code: 'USERNAME_REQUIRED',
              });
            }
            return { data: { ...data, id: name } };
          },
        },
      },
    },
    hooks: {},
    plugins: [
      username({
        minUsernameLength: USERNAME_MIN,
        maxUsernameLength: USERNAME_MAX,
        usernameValidator: (value) => usernameSchema.safeParse(value).success,
        usernameNormalization: false,
        displayUsername: true,
        immutableUsername: true,
      } as Parameters<typeof username>[0]),
      admin({ bannedUserMessage: MSG_LOGIN_BLOCKED }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
