// Getting back into an account (docs/product/accounts.md, "Password recovery by mail" and the two
// sections after it): "Forgot password?" by email, the reset itself, the staff-made link, and
// confirming an email address. The work of each is in recovery.ts; mails go through the 'mail.send'
// job (mail.ts), so no request waits for SMTP.
import {
  documentIdSchema,
  emailConfirmResendSchema,
  emailConfirmSchema,
  type ResetLinkView,
  recoveryRequestSchema,
  recoveryResetSchema,
} from '@samaj/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forgetSessionUser, requireAdmin, requireMember, requireUser } from '../../platform/auth/index.ts';
import { limitRecovery, limitTokenUse, recordPasswordSuccess } from '../../platform/auth/rate-limit.ts';
import { forgetMember } from '../../platform/auth/session.ts';
import { requestLanguage } from '../../platform/language.ts';
import { writeLimit } from '../../platform/rate-limit.ts';
import { errors, GUARD_ERRORS, noContent } from '../../platform/responses.ts';
import { findUser } from './queries.ts';
import { confirmEmail, resendConfirmation, resetPassword, signInHere, staffResetLink } from './recovery.ts';
import { accountResponse, accountView } from './view.ts';

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
      const member = await resetPassword(app, token, password);
      forgetSessionUser(request);
      // The member proved they hold the link: this device gets a fresh session.
      const cookies = await signInHere(app, request, member.email, password);
      await recordPasswordSuccess(request, member.email);
      if (cookies.length) reply.header('set-cookie', cookies);
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
      const link = await staffResetLink(app, request.params.username, me.id);
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
      await resendConfirmation(app, me.id, request.body.language ?? requestLanguage(request));
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
      const row = await confirmEmail(app, request.body.token);
      // Only this member's sessions are read afresh (before the database's notice, on PostgreSQL).
      forgetMember(app, row.id);
      return { email: row.email, emailVerified: row.emailVerified };
    },
  );
};
