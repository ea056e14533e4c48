// Getting back into an account (docs/product/accounts.md, "Password recovery by mail" and the two
// sections after it): "Forgot password?" by email, the reset itself, the staff-made link, and
// confirming an email address. Tokens are better-auth's own (platform/auth/
// tokens.ts); mails go through the 'mail.send' job (mail.ts), so no request waits for SMTP.
import {
  documentIdSchema,
  ERROR_TYPES,
  emailConfirmResendSchema,
  emailConfirmSchema,
  type ResetLinkView,
  recoveryRequestSchema,
  recoveryResetSchema,
} from '@samaj/core';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { user } from '../../db/schema/index.ts';
import { isTransactionConflict } from '../../platform/auth/auth.ts';
import {
  forgetSessionUser,
  getAuth,
  makeStaffResetLink,
  requireAdmin,
  requireMember,
  requireUser,
  resetTokenState,
  resetWasMailed,
  toHeaders,
} from '../../platform/auth/index.ts';
import { limitRecovery, limitTokenUse, recordPasswordSuccess } from '../../platform/auth/rate-limit.ts';
import { forgetMember } from '../../platform/auth/session.ts';
import { takeEmailToken } from '../../platform/auth/tokens.ts';
import { AppError } from '../../platform/errors.ts';
import { requestLanguage } from '../../platform/language.ts';
import { writeLimit } from '../../platform/rate-limit.ts';
import { errors, GUARD_ERRORS, noContent } from '../../platform/responses.ts';
import { alreadyExists, authErrorCode, translateAuthError } from './auth-errors.ts';
import { findUser } from './queries.ts';
import { accountResponse, accountView } from './view.ts';

export const MSG_TOKEN_INVALID =
  'This link is not valid: it may have been used already or copied incompletely. Ask for a new one.';
export const MSG_TOKEN_EXPIRED = 'This link has expired. Ask for a new one.';
export const MSG_MAIL_DISABLED =
  'This server does not send mail. The community staff can make a one-time link for you.';
export const MSG_USER_NOT_FOUND = 'User with the requested ID could not be found.';

const tokenInvalid = () => new AppError(ERROR_TYPES.USER_TOKEN_INVALID, MSG_TOKEN_INVALID, 'token');
const tokenExpired = () => new AppError(ERROR_TYPES.USER_TOKEN_EXPIRED, MSG_TOKEN_EXPIRED, 'token');

const recoveryAnswer = z
  .object({
    /** True: "if an account uses this address, we have sent it a link" (the same for every address). */
    mailSent: z.boolean(),
    /** Without mail: who can help (CONTACT_PHONE / CONTACT_EMAIL). */
    contactPhone: z.string().nullable(),
    contactEmail: z.string().nullable(),
  })
  .describe('Recovery request answer');

const resetLinkResponse = z
  .object({ url: z.string(), expiresAt: z.string() })
  .describe('One-time password link') satisfies z.ZodType<ResetLinkView>;

const confirmAnswer = z.object({ email: z.string(), emailVerified: z.boolean() });

function passCookies(reply: FastifyReply, headers: Headers): void {
  const cookies = headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
}

export const recoveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['accounts'];
  const mailOn = app.config.mail !== undefined;

  app.post(
    '/api/account/recovery',
    {
      schema: {
        tags,
        summary:
          '"Forgot password?": mail a one-hour reset link, the same answer whether or not an account has the address',
        body: recoveryRequestSchema,
        response: { 200: recoveryAnswer, ...errors(400, 429) },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      const language = request.body.language ?? requestLanguage(request);
      await limitRecovery(request, reply, email);
      const contact = {
        contactPhone: app.config.contactPhone ?? null,
        contactEmail: app.config.contactEmail ?? null,
      };
      if (!mailOn) return { mailSent: false, ...contact };
      // The same work for every address: one job; the worker finds the member (or nobody) and makes
      // the token as it sends, so neither the answer nor its timing says whether the account exists.
      await app.jobs.send('mail.send', { kind: 'password_reset', email: email.toLowerCase(), language });
      return { mailSent: true, ...contact };
    },
  );

  app.put(
    '/api/account/recovery',
    {
      schema: {
        tags,
        summary:
          'Set a new password with a reset link: every session of the member ends, and this device is logged in',
        body: recoveryResetSchema,
        response: { 200: accountResponse, ...errors(400, 403, 410, 429) },
      },
    },
    async (request, reply) => {
      const { token, password } = request.body;
      await limitTokenUse(request, reply);
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
      forgetSessionUser(request);
      // The member proved they hold the link: this device gets a fresh session.
      const signedIn = await auth.api.signInEmail({
        body: { email: member.email, password },
        headers: toHeaders(request),
        returnHeaders: true,
      });
      await recordPasswordSuccess(request, member.email);
      passCookies(reply, signedIn.headers);
      const row = await findUser(app.db, member.id);
      return { user: accountView(row ?? member) };
    },
  );

  app.post(
    '/api/admin/members/:username/reset-link',
    {
      onRequest: requireAdmin,
      ...writeLimit('lookup'),
      schema: {
        tags,
        summary: 'Make a one-time password link for a member, valid 24 hours, shown once (Admin; audited)',
        params: z.object({ username: documentIdSchema }),
        response: { 201: resetLinkResponse, ...errors(400, ...GUARD_ERRORS, 404, 429) },
      },
    },
    async (request, reply) => {
      const me = await requireUser(request);
      const [member] = await app.db
        .select({ id: user.id, banned: user.banned })
        .from(user)
        .where(eq(user.id, request.params.username));
      if (!member) throw new AppError(ERROR_TYPES.USER_NOT_FOUND, MSG_USER_NOT_FOUND);
      if (member.banned) {
        throw new AppError(
          ERROR_TYPES.USER_BLOCKED,
          'This member is blocked: a password link would not let them in.',
        );
      }
      const link = await makeStaffResetLink(
        { auth: await getAuth(app), events: app.events, publicUrl: app.config.publicUrl },
        member.id,
        me.id,
      );
      reply.header('cache-control', 'no-store');
      return reply.code(201).send({ url: link.url, expiresAt: link.expiresAt.toISOString() });
    },
  );

  app.post(
    '/api/account/verification',
    {
      onRequest: requireMember,
      ...writeLimit('mail'),
      schema: {
        tags,
        summary: 'Send the confirmation mail for the current address again (no-op when already confirmed)',
        body: emailConfirmResendSchema,
        response: { 204: noContent, ...errors(400, ...GUARD_ERRORS, 429, 503) },
      },
    },
    async (request, reply) => {
      const me = await requireUser(request);
      if (!mailOn) throw new AppError(ERROR_TYPES.GENERAL_SERVICE_UNAVAILABLE, MSG_MAIL_DISABLED);
      const row = await findUser(app.db, me.id);
      if (row && !row.emailVerified) {
        await app.jobs.send('mail.send', {
          kind: 'email_confirm',
          member: me.id,
          language: request.body.language ?? requestLanguage(request),
        });
      }
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/account/verification/confirm',
    {
      // Changes one member, whom it forgets itself: anyone may call it, and must not empty the cache.
      config: { forgetsWhatItChanges: true },
      schema: {
        tags,
        summary:
          'Open a confirmation link: confirms the address, or applies the new address it was sent to (anyone holding the link)',
        body: emailConfirmSchema,
        response: { 200: confirmAnswer, ...errors(400, 409, 410, 429) },
      },
    },
    async (request, reply) => {
      await limitTokenUse(request, reply);
      const auth = await getAuth(app);
      // A link works once: its use is taken before it is applied, so a replay (or a parallel copy)
      // finds it gone.
      const use = await takeEmailToken(auth, request.body.token);
      if (use === 'expired') throw tokenExpired();
      if (use === 'unknown') throw tokenInvalid();
      let result: { status: boolean; user?: { id: string } | null };
      try {
        // No headers: the link works on any device, signed in or not.
        result = (await auth.api.verifyEmail({ query: { token: request.body.token } })) as typeof result;
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
        await app.db
          .update(user)
          .set({ emailVerified: true, updatedAt: new Date() })
          .where(eq(user.id, changed));
      }
      const email = emailOfToken(request.body.token);
      const [row] = email
        ? await app.db
            .select({ id: user.id, email: user.email, emailVerified: user.emailVerified })
            .from(user)
            .where(sql`lower(${user.email}) = ${email.toLowerCase()}`)
        : [];
      if (!row) throw tokenInvalid();
      // Only this member's sessions are read afresh (before the database's notice, on PostgreSQL).
      forgetMember(app, row.id);
      return { email: row.email, emailVerified: row.emailVerified };
    },
  );
};

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
