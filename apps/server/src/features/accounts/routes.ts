// The accounts API the web app uses (docs/product/accounts.md): here a member's own account, profile,
// export and deletion; signing up, in and out in session-routes.ts, getting back in in recovery-routes.ts.
// better-auth does the password hashing, sessions, logout and email/password changes; these routes
// own the payloads, the limits and the spec's error types. A member's data in other features is
// exported and erased through the registry (platform/registry.ts).
import { deleteAccountSchema, documentIdSchema, ERROR_TYPES, manageProfileSchema } from '@samaj/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  forgetSessionUser,
  getAuth,
  getSessionId,
  requireMember,
  requireUser,
  toHeaders,
} from '../../platform/auth/index.ts';
import { limitEmailChange } from '../../platform/auth/rate-limit.ts';
import { AppError } from '../../platform/errors.ts';
import { requestLanguage } from '../../platform/language.ts';
import { errors, GUARD_ERRORS, noContent } from '../../platform/responses.ts';
import { alreadyExists, translateAuthError, wrongPassword } from './auth-errors.ts';
import { memberLookupRoutes } from './lookup.ts';
import { registerAccountMail } from './mail.ts';
import { confirmPassword } from './password-check.ts';
import {
  deleteMemberRows,
  emailTakenByOther,
  endOtherSessions,
  exportMemberData,
  findUser,
  lockMember,
  recountSurname,
  updateProfile,
} from './queries.ts';
import { recoveryRoutes } from './recovery-routes.ts';
import { passCookies, sessionRoutes } from './session-routes.ts';
import { profileShareCard } from './share-card.ts';
import {
  accountResponse,
  accountView,
  accountViewSchema,
  exportResponse,
  profileView,
  profileViewSchema,
} from './view.ts';

export const MSG_USER_NOT_FOUND = 'User with the requested ID could not be found.';

/** A member's id is their username: checked as any document id (a well-formed unknown one is a 404). */
const usernameParams = z.object({ username: documentIdSchema });

const accounts: FastifyPluginAsyncZod = async (app) => {
  app.registry.addShareCard('profile', profileShareCard);
  await app.register(memberLookupRoutes);
  registerAccountMail(app);
  await app.register(recoveryRoutes);
  await app.register(sessionRoutes);
  const mailOn = app.config.mail !== undefined;
  const tags = ['accounts'];
  const member = { onRequest: requireMember };

  app.get(
    '/api/account',
    {
      ...member,
      schema: {
        tags,
        summary: "The signed-in member's own account",
        response: { 200: accountViewSchema, ...errors(...GUARD_ERRORS) },
      },
    },
    // The session's member is their row as the database last announced it (session-cache.ts), so
    // every page a member opens asks for it without a second read of the same row.
    async (request) => accountView(await requireUser(request)),
  );

  app.patch(
    '/api/account',
    {
      ...member,
      schema: {
        tags,
        summary: 'Change the profile; email and password changes need the current password',
        body: manageProfileSchema,
        response: { 200: accountResponse, ...errors(400, ...GUARD_ERRORS, 409, 429) },
      },
    },
    async (request, reply) => {
      const me = await requireUser(request);
      const body = request.body;
      const email = body.email.toLowerCase();
      const emailChanges = email !== me.email.toLowerCase();
      const newPassword = body.newPassword || null;
      if (emailChanges || newPassword) {
        if (!body.currentPassword) {
          throw wrongPassword('Please enter your current password to change your email or password.');
        }
        await confirmPassword(
          app,
          request,
          reply,
          me,
          body.currentPassword,
          'The current password is not correct.',
        );
      }
      if (emailChanges) {
        // Each change mails the new address: a few an hour per member and per address.
        await limitEmailChange(request, reply, me.id, email);
        // With mail, a taken address is answered as a free one ("we sent a confirmation to …"): the
        // mail job tells its owner someone tried instead (mail.ts), so this route cannot be asked
        // who is registered. Without mail the change would apply at once, so it is refused, as
        // signup refuses a taken address, within the same limits.
        if (!mailOn && (await emailTakenByOther(app.db, email, me.id))) throw alreadyExists();
      }

      // Published with the change: a feature that keeps the date too (a matrimony listing) may refuse it.
      await app.events.transaction(async (tx) => {
        await updateProfile(tx, me.id, {
          name: body.name,
          dob: body.dob || null,
          gender: body.gender || null,
          maritalStatus: body.marital_status || null,
        });
        await app.events.publish(tx, 'account.dob_changed', { userId: me.id, dob: body.dob || null });
      });
      const auth = await getAuth(app);
      let cookies: Headers | null = null;
      // With mail, a new address applies only when the link mailed to it is opened (recovery.ts
      // confirms it); the old address is told at once. A taken address gets the same two jobs.
      const pendingEmail = emailChanges && mailOn ? email : undefined;
      if (pendingEmail) {
        const language = body.language ?? requestLanguage(request);
        await app.jobs.send('mail.send', { kind: 'email_change', member: me.id, newEmail: email, language });
        await app.jobs.send('mail.send', {
          kind: 'email_change_notice',
          member: me.id,
          oldEmail: me.email,
          newEmail: email,
          language,
        });
      }
      try {
        if (emailChanges && !pendingEmail) {
          const changed = await auth.api.changeEmail({
            body: { newEmail: email },
            headers: toHeaders(request),
            returnHeaders: true,
          });
          cookies = changed.headers;
        }
        if (newPassword && body.currentPassword) {
          // A new password ends every other session (the old password may have leaked). This
          // device keeps its own: better-auth's revokeOtherSessions would end it too and start
          // another, and this device's open sockets, tied to the session they were opened with
          // (platform/realtime/session-sockets.ts), would close with the others.
          const changed = await auth.api.changePassword({
            body: { currentPassword: body.currentPassword, newPassword, revokeOtherSessions: false },
            headers: toHeaders(request),
            returnHeaders: true,
          });
          cookies = changed.headers;
          const current = await getSessionId(request);
          if (current) await endOtherSessions(app.db, me.id, current);
        }
      } catch (err) {
        throw translateAuthError(err);
      }
      forgetSessionUser(request);
      const row = await findUser(app.db, me.id);
      if (!row) throw new AppError(ERROR_TYPES.USER_UNAUTHORIZED, 'The account no longer exists.');
      // better-auth answers success without changing anything when the address was taken meanwhile.
      if (emailChanges && !pendingEmail && row.email.toLowerCase() !== email) throw alreadyExists();
      if (cookies) passCookies(reply, cookies);
      return pendingEmail ? { user: accountView(row), pendingEmail } : { user: accountView(row) };
    },
  );

  app.get(
    '/api/profiles/:username',
    {
      ...member,
      schema: {
        tags,
        summary: "Another member's public profile",
        params: usernameParams,
        response: { 200: profileViewSchema, ...errors(400, ...GUARD_ERRORS, 404) },
      },
    },
    async (request) => {
      const row = await findUser(app.db, request.params.username);
      if (!row) throw new AppError(ERROR_TYPES.USER_NOT_FOUND, MSG_USER_NOT_FOUND);
      return profileView(row);
    },
  );

  app.get(
    '/api/account/export',
    {
      ...member,
      schema: {
        tags,
        summary: "Download the member's own data (DPDP): the account and every feature's part",
        response: { 200: exportResponse, ...errors(...GUARD_ERRORS) },
      },
    },
    async (request, reply) => {
      const me = await requireUser(request);
      const parts: Record<string, unknown> = {};
      for (const part of app.registry.memberData) {
        if (part.export) parts[part.name] = await part.export(app.db, me.id);
      }
      const own = await exportMemberData(app.db, me.id);
      const now = new Date();
      reply
        .header('content-type', 'application/json; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${me.id}-${now.toISOString().slice(0, 10)}.json"`,
        )
        .header('cache-control', 'no-store');
      if (!own) throw new AppError(ERROR_TYPES.USER_UNAUTHORIZED, 'The account no longer exists.');
      // Accounts' own keys come last: no part can shadow them.
      return reply.send({ exportedAt: now.toISOString(), ...parts, ...own });
    },
  );

  app.delete(
    '/api/account',
    {
      ...member,
      schema: {
        tags,
        summary: 'Delete the account and everything the member made (asks for the password)',
        body: deleteAccountSchema,
        response: { 204: noContent, ...errors(400, ...GUARD_ERRORS, 429) },
      },
    },
    async (request, reply) => {
      const me = await requireUser(request);
      await confirmPassword(app, request, reply, me, request.body.password, 'The password is not correct.');
      const deleted = await app.events.transaction(async (tx) => {
        const row = await lockMember(tx, me.id);
        if (!row) return null;
        const files: string[] = [];
        for (const part of app.registry.memberData) {
          if (part.erase) files.push(...(await part.erase(tx, me.id)));
        }
        files.push(...(await deleteMemberRows(tx, me.id)));
        // Every file id, profile picture included: a durable job (platform/files-cleanup.ts) deletes
        // their bytes once this commits.
        await app.events.publish(tx, 'account.deleted', { userId: me.id, files: [...new Set(files)] });
        return row;
      });
      if (deleted) await recountSurname(app.db, deleted.surname);
      forgetSessionUser(request);
      // The session rows went with the user row; signing out expires this browser's cookies.
      const { headers } = await (await getAuth(app)).api.signOut({
        headers: toHeaders(request),
        returnHeaders: true,
      });
      passCookies(reply, headers);
      return reply.code(204).send(null);
    },
  );
};

export default accounts;
