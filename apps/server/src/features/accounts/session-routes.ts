// Signing up, logging in and out (docs/product/accounts.md): better-auth makes the session, these routes
// own the payloads, the limits and the spec's error types.
import { ERROR_TYPES, loginSchema, signupPayloadSchema } from '@samaj/core';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forgetSessionUser, getAuth, toHeaders } from '../../platform/auth/index.ts';
import {
  limitLogin,
  limitSignup,
  recordPasswordFailure,
  recordPasswordSuccess,
} from '../../platform/auth/rate-limit.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { requestLanguage } from '../../platform/language.ts';
import { errors, noContent } from '../../platform/responses.ts';
import { alreadyExists, authErrorCode, translateAuthError } from './auth-errors.ts';
import { findUser, recountSurname, surnameExists, userExists } from './queries.ts';
import { accountResponse, accountView } from './view.ts';

/** Copies better-auth's Set-Cookie headers onto our reply, one header each. */
export function passCookies(reply: FastifyReply, headers: Headers): void {
  const cookies = headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
}

export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const mailOn = app.config.mail !== undefined;
  const tags = ['accounts'];

  app.post(
    '/api/account/signup',
    {
      schema: {
        tags,
        summary: 'Create an account and log in',
        body: signupPayloadSchema,
        response: { 201: accountResponse, ...errors(400, 409, 429) },
      },
    },
    async (request, reply) => {
      await limitSignup(request, reply);
      const body = request.body;
      if (!(await surnameExists(app.db, body.surname))) {
        throw badRequest(
          `Invalid \`surname\` param: there is no surname "${body.surname}". Please pick one from the list.`,
        );
      }
      const auth = await getAuth(app);
      let headers: Headers;
      try {
        const result = await auth.api.signUpEmail({
          body: {
            name: body.name,
            email: body.email,
            password: body.password,
            username: body.username,
            surname: body.surname,
            phone: body.phone || undefined,
          } as NonNullable<Parameters<typeof auth.api.signUpEmail>[0]>['body'],
          headers: toHeaders(request),
          returnHeaders: true,
        });
        headers = result.headers;
      } catch (err) {
        // Parallel signups with one username or email: the losers' inserts fail on the unique key,
        // which better-auth reports as a bare FAILED_TO_CREATE_USER. The winner's row is committed
        // by then, so finding it tells a lost race from a real failure.
        if (
          authErrorCode(err) === 'FAILED_TO_CREATE_USER' &&
          (await userExists(app.db, body.username, body.email))
        ) {
          throw alreadyExists();
        }
        throw translateAuthError(err);
      }
      await recountSurname(app.db, body.surname);
      const row = await findUser(app.db, body.username);
      if (!row) throw new Error('signup created no user row');
      if (mailOn) {
        // The account exists whatever happens to its mail; "send again" is there if this fails.
        await app.jobs
          .send('mail.send', {
            kind: 'email_confirm',
            member: row.id,
            language: body.language ?? requestLanguage(request),
          })
          .catch((err) => request.log.error({ err }, 'could not queue the confirmation mail'));
      }
      passCookies(reply, headers);
      return reply.code(201).send({ user: accountView(row) });
    },
  );

  app.post(
    '/api/account/login',
    {
      schema: {
        tags,
        summary: 'Log in with email and password',
        body: loginSchema,
        response: { 200: accountResponse, ...errors(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      await limitLogin(request, reply, email);
      const auth = await getAuth(app);
      try {
        const result = await auth.api.signInEmail({
          body: { email, password },
          headers: toHeaders(request),
          returnHeaders: true,
        });
        await recordPasswordSuccess(request, email);
        passCookies(reply, result.headers);
        const row = await findUser(app.db, result.response.user.id);
        if (!row) throw new Error('login found no user row');
        return { user: accountView(row) };
      } catch (err) {
        const translated = translateAuthError(err);
        if (translated instanceof AppError && translated.type === ERROR_TYPES.USER_INVALID_CREDENTIALS) {
          await recordPasswordFailure(request, email);
        }
        throw translated;
      }
    },
  );

  app.post(
    '/api/account/logout',
    {
      // 403: a request from another site (platform/origin.ts).
      schema: { tags, summary: 'End this session (anyone)', response: { 204: noContent, ...errors(403) } },
    },
    async (request, reply) => {
      const auth = await getAuth(app);
      const { headers } = await auth.api.signOut({ headers: toHeaders(request), returnHeaders: true });
      forgetSessionUser(request);
      passCookies(reply, headers);
      return reply.code(204).send(null);
    },
  );
};
