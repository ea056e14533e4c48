// The accounts API the web app uses (SPEC §2 Login/Signup/Profile/Settings, §7 Account).
// better-auth does the password hashing and sessions; these routes own the
// payloads, the limits and the spec's error types.
import { loginSchema, manageProfileSchema, signupPayloadSchema } from '@samaj/core';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { account, session, user } from '../../db/schema/index.ts';
import {
  forgetSessionUser,
  getAuth,
  getSessionId,
  requireUser,
  toHeaders,
} from '../../platform/auth/index.ts';
import {
  limitLogin,
  limitSignup,
  recordLoginFailure,
  recordLoginSuccess,
} from '../../platform/auth/rate-limit.ts';
import { AppError } from '../../platform/errors.ts';
import { deleteFilesOfOwner } from '../../platform/images.ts';
import {
  isUniqueViolation,
  MSG_ALREADY_EXISTS,
  MSG_INVALID_CREDENTIALS,
  translateAuthError,
} from './auth-errors.ts';
import {
  credentialHash,
  deleteMemberRows,
  emailTakenByOther,
  exportMemberData,
  findUser,
  recountSurname,
  surnameExists,
} from './queries.ts';
import { parseBody } from './validate.ts';
import { accountView, profileView } from './view.ts';

const deleteAccountSchema = z.object({ password: z.string().min(1) });
const usernameParams = z.object({ username: z.string().min(1).max(64) });

/** Copies better-auth's Set-Cookie headers onto our reply, one header each. */
function passCookies(reply: FastifyReply, headers: Headers): void {
  const cookies = headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
}

async function verifyPassword(app: FastifyInstance, userId: string, password: string | null | undefined) {
  if (!password) return false;
  const hash = await credentialHash(app.db, userId);
  if (!hash) return false;
  const ctx = await (await getAuth(app)).$context;
  return ctx.password.verify({ hash, password });
}

function wrongPassword(message = MSG_INVALID_CREDENTIALS): AppError {
  return new AppError(401, 'user_invalid_credentials', message);
}

/** Expires the session cookies in the browser (the rows are already gone). */
async function clearSessionCookies(app: FastifyInstance, reply: FastifyReply) {
  const ctx = await (await getAuth(app)).$context;
  const { sessionToken, sessionData, dontRememberToken } = ctx.authCookies;
  const secure = app.config.publicUrl.startsWith('https:') ? '; Secure' : '';
  reply.header(
    'set-cookie',
    [sessionToken, sessionData, dontRememberToken]
      .filter(Boolean)
      .map((c) => `${c.name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${secure}`),
  );
}

export default async function accountsRoutes(app: FastifyInstance) {
  app.post('/api/account/signup', async (request, reply) => {
    limitSignup(request, reply);
    const body = parseBody(signupPayloadSchema, request.body);
    if (!(await surnameExists(app.db, body.surname))) {
      throw new AppError(
        400,
        'general_argument_invalid',
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
      throw translateAuthError(err);
    }
    await recountSurname(app.db, body.surname);
    const row = await findUser(app.db, body.username);
    if (!row) throw new Error('signup created no user row');
    passCookies(reply, headers);
    return reply.code(201).send({ user: accountView(row) });
  });

  app.post('/api/account/login', async (request, reply) => {
    const body = parseBody(loginSchema, request.body);
    limitLogin(request, reply, body.email);
    const auth = await getAuth(app);
    try {
      const result = await auth.api.signInEmail({
        body: { email: body.email, password: body.password },
        headers: toHeaders(request),
        returnHeaders: true,
      });
      recordLoginSuccess(request, body.email);
      passCookies(reply, result.headers);
      const row = await findUser(app.db, result.response.user.id);
      if (!row) throw new Error('login found no user row');
      return { user: accountView(row) };
    } catch (err) {
      const translated = translateAuthError(err);
      if (translated instanceof AppError && translated.type === 'user_invalid_credentials') {
        recordLoginFailure(request, body.email);
      }
      throw translated;
    }
  });

  app.post('/api/account/logout', async (request, reply) => {
    const sessionId = await getSessionId(request);
    if (sessionId) await app.db.delete(session).where(eq(session.id, sessionId));
    forgetSessionUser(request);
    await clearSessionCookies(app, reply);
    return reply.code(204).send();
  });

  app.get('/api/account', async (request) => {
    const me = await requireUser(request);
    const row = await findUser(app.db, me.id);
    if (!row)
      throw new AppError(
        401,
        'user_unauthorized',
        'The current user is not authorized to perform the requested action.',
      );
    return accountView(row);
  });

  app.patch('/api/account', async (request: FastifyRequest) => {
    const me = await requireUser(request);
    const body = parseBody(manageProfileSchema, request.body);
    const email = body.email.toLowerCase();
    const emailChanges = email !== me.email.toLowerCase();
    const newPassword = body.newPassword || null;
    if (emailChanges || newPassword) {
      if (!body.currentPassword) {
        throw wrongPassword('Please enter your current password to change your email or password.');
      }
      if (!(await verifyPassword(app, me.id, body.currentPassword))) {
        throw wrongPassword('The current password is not correct.');
      }
    }
    if (emailChanges && (await emailTakenByOther(app.db, email, me.id))) {
      throw new AppError(409, 'user_already_exists', MSG_ALREADY_EXISTS);
    }
    const hash = newPassword ? await (await (await getAuth(app)).$context).password.hash(newPassword) : null;
    const currentSession = await getSessionId(request);
    try {
      await app.db.transaction(async (tx) => {
        await tx
          .update(user)
          .set({
            name: body.name,
            email,
            dob: body.dob || null,
            gender: body.gender || null,
            maritalStatus: body.marital_status || null,
            updatedAt: new Date(),
          })
          .where(eq(user.id, me.id));
        if (hash) {
          await tx
            .update(account)
            .set({ password: hash, updatedAt: new Date() })
            .where(and(eq(account.userId, me.id), eq(account.providerId, 'credential')));
          // A new password signs out every other device (the old password may have leaked).
          if (currentSession) {
            await tx.delete(session).where(and(eq(session.userId, me.id), ne(session.id, currentSession)));
          }
        }
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(409, 'user_already_exists', MSG_ALREADY_EXISTS);
      throw err;
    }
    forgetSessionUser(request);
    const row = await findUser(app.db, me.id);
    return { user: accountView(row ?? { ...me, labels: me.labels }) };
  });

  app.get('/api/profiles/:username', async (request) => {
    await requireUser(request);
    const { username } = parseBody(usernameParams, request.params);
    const row = await findUser(app.db, username);
    if (!row) throw new AppError(404, 'user_not_found', 'User with the requested ID could not be found.');
    return profileView(row);
  });

  app.get('/api/account/export', async (request, reply) => {
    const me = await requireUser(request);
    const data = await exportMemberData(app.db, me.id);
    const day = new Date().toISOString().slice(0, 10);
    reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${me.id}-${day}.json"`)
      .header('cache-control', 'no-store');
    return reply.send(JSON.stringify({ exportedAt: new Date().toISOString(), ...data }, null, 2));
  });

  app.delete('/api/account', async (request, reply) => {
    const me = await requireUser(request);
    const { password } = parseBody(deleteAccountSchema, request.body);
    if (!(await verifyPassword(app, me.id, password))) throw wrongPassword('The password is not correct.');
    // Files first: their bytes live outside the database transaction.
    await deleteFilesOfOwner(app, me.id);
    const surname = await deleteMemberRows(app.db, me.id);
    await recountSurname(app.db, surname);
    forgetSessionUser(request);
    await clearSessionCookies(app, reply);
    return reply.code(204).send();
  });
}
