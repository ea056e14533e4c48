// Getting back into an account (docs/product/accounts.md, "Password recovery by mail" and the two
// sections after it): the reset with a link, the staff-made link, and confirming an email address. Tokens
// are better-auth's own (platform/auth/tokens.ts); mails go through the 'mail.send' job (mail.ts), so no
// request waits for SMTP. The routes are in recovery-routes.ts.
import { ERROR_TYPES } from '@samaj/core';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { user } from '../../db/schema/index.ts';
import { isTransactionConflict } from '../../platform/auth/auth.ts';
import {
  getAuth,
  makeStaffResetLink,
  resetTokenState,
  resetWasMailed,
  toHeaders,
} from '../../platform/auth/index.ts';
import { takeEmailToken } from '../../platform/auth/tokens.ts';
import { AppError } from '../../platform/errors.ts';
import type { Language } from '../../platform/language.ts';
import { alreadyExists, authErrorCode, translateAuthError } from './auth-errors.ts';
import { findUser } from './queries.ts';

export const MSG_TOKEN_INVALID =
  'This link is not valid: it may have been used already or copied incompletely. Ask for a new one.';
export const MSG_TOKEN_EXPIRED = 'This link has expired. Ask for a new one.';
export const MSG_MAIL_DISABLED =
  'This server does not send mail. The community staff can make a one-time link for you.';
export const MSG_USER_NOT_FOUND = 'User with the requested ID could not be found.';

const tokenInvalid = () => new AppError(ERROR_TYPES.USER_TOKEN_INVALID, MSG_TOKEN_INVALID, 'token');
const tokenExpired = () => new AppError(ERROR_TYPES.USER_TOKEN_EXPIRED, MSG_TOKEN_EXPIRED, 'token');

type Member = NonNullable<Awaited<ReturnType<typeof findUser>>>;

/**
 * Sets a new password with a reset link and answers the member it was for: every session of the member
 * ends. A link that came by mail confirms the member's address too.
 */
export async function resetPassword(app: FastifyInstance, token: string, password: string): Promise<Member> {
  const auth = await getAuth(app);
  const state = await resetTokenState(auth, token);
  if (state === 'unknown') throw tokenInvalid();
  if (state === 'expired') throw tokenExpired();
  const member = await findUser(app.db, state.userId);
  if (!member) throw tokenInvalid();
  if (member.banned) throw new AppError(ERROR_TYPES.USER_BLOCKED, 'This account is blocked.');
  // Asked before the new password ends every link of the member, this mark with them (drizzle/0022).
  const mailed = await resetWasMailed(auth, token);
  try {
    // Consumes the token and changes the password in one transaction, ending every session; the
    // database ends the member's other links in it (drizzle/0022).
    await auth.api.resetPassword({ body: { token, newPassword: password } });
  } catch (err) {
    // Used by a parallel request a moment ago, or another link of the member was (PostgreSQL then
    // cancels one of the two transactions).
    if (authErrorCode(err) === 'INVALID_TOKEN' || isTransactionConflict(err)) throw tokenInvalid();
    throw translateAuthError(err);
  }
  // A link that came by mail shows the member reads that address: it is confirmed too.
  if (mailed && !member.emailVerified) {
    await app.db
      .update(user)
      .set({ emailVerified: true, updatedAt: new Date() })
      .where(eq(user.id, member.id));
  }
  return member;
}

/** Signs this device in with the new password: the session's cookies, for the reply. */
export async function signInHere(
  app: FastifyInstance,
  request: FastifyRequest,
  email: string,
  password: string,
): Promise<string[]> {
  const auth = await getAuth(app);
  const signedIn = await auth.api.signInEmail({
    body: { email, password },
    headers: toHeaders(request),
    returnHeaders: true,
  });
  return signedIn.headers.getSetCookie();
}

/** A one-time password link for `username`, made by the staff member `staffId` (audited). */
export async function staffResetLink(app: FastifyInstance, username: string, staffId: string) {
  const [member] = await app.db
    .select({ id: user.id, banned: user.banned })
    .from(user)
    .where(eq(user.id, username));
  if (!member) throw new AppError(ERROR_TYPES.USER_NOT_FOUND, MSG_USER_NOT_FOUND);
  if (member.banned) {
    throw new AppError(
      ERROR_TYPES.USER_BLOCKED,
      'This member is blocked: a password link would not let them in.',
    );
  }
  return makeStaffResetLink(
    { auth: await getAuth(app), events: app.events, publicUrl: app.config.publicUrl },
    member.id,
    staffId,
  );
}

/** Sends the confirmation mail again, unless the member's address is confirmed already. */
export async function resendConfirmation(
  app: FastifyInstance,
  memberId: string,
  language: Language,
): Promise<void> {
  if (app.config.mail === undefined)
    throw new AppError(ERROR_TYPES.GENERAL_SERVICE_UNAVAILABLE, MSG_MAIL_DISABLED);
  const row = await findUser(app.db, memberId);
  if (row && !row.emailVerified) {
    await app.jobs.send('mail.send', { kind: 'email_confirm', member: memberId, language });
  }
}

/**
 * Opens a confirmation link: confirms the address, or applies the new address it was sent to. Answers the
 * member it was about.
 */
export async function confirmEmail(app: FastifyInstance, token: string) {
  const auth = await getAuth(app);
  // A link works once: its use is taken before it is applied, so a replay (or a parallel copy)
  // finds it gone.
  const use = await takeEmailToken(auth, token);
  if (use === 'expired') throw tokenExpired();
  if (use === 'unknown') throw tokenInvalid();
  let result: { status: boolean; user?: { id: string } | null };
  try {
    // No headers: the link works on any device, signed in or not.
    result = (await auth.api.verifyEmail({ query: { token } })) as typeof result;
  } catch (err) {
    const code = authErrorCode(err);
    if (code === 'TOKEN_EXPIRED') throw tokenExpired();
    if (code === 'INVALID_TOKEN' || code === 'USER_NOT_FOUND' || code === 'INVALID_USER')
      throw tokenInvalid();
    const translated = translateAuthError(err);
    if (translated instanceof AppError && translated.type === ERROR_TYPES.USER_ALREADY_EXISTS)
      throw alreadyExists();
    throw translated;
  }
  // A new address was applied: it was confirmed by opening this very mail (better-auth keeps the
  // old flag), so it is confirmed now.
  const changed = result.user?.id;
  if (changed) {
    await app.db.update(user).set({ emailVerified: true, updatedAt: new Date() }).where(eq(user.id, changed));
  }
  const email = emailOfToken(token);
  const [row] = email
    ? await app.db
        .select({ id: user.id, email: user.email, emailVerified: user.emailVerified })
        .from(user)
        .where(sql`lower(${user.email}) = ${email.toLowerCase()}`)
    : [];
  if (!row) throw tokenInvalid();
  return row;
}

/** The address a confirmation token is about (its new address for a change); read once verified. */
function emailOfToken(token: string): string | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      email?: string;
      updateTo?: string;
    };
    return payload.updateTo ?? payload.email ?? null;
  } catch {
    return null;
  }
}
