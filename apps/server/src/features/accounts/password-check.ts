// The member's password asked again before a sensitive change (docs/product/accounts.md).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { getAuth, type SessionUser } from '../../platform/auth/index.ts';
import {
  limitPasswordCheck,
  recordPasswordFailure,
  recordPasswordSuccess,
} from '../../platform/auth/rate-limit.ts';
import { wrongPassword } from './auth-errors.ts';
import { credentialHash } from './queries.ts';

async function verifyPassword(app: FastifyInstance, userId: string, password: string): Promise<boolean> {
  const hash = await credentialHash(app.db, userId);
  if (!hash) return false;
  const ctx = await (await getAuth(app)).$context;
  return ctx.password.verify({ hash, password });
}

/**
 * The member's password, asked again before a sensitive change. Wrong answers count with the
 * login failures of the account (per source, and per email from anywhere), so a stolen session
 * cannot be used to guess the password.
 */
export async function confirmPassword(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  me: SessionUser,
  password: string,
  wrongMessage: string,
): Promise<void> {
  await limitPasswordCheck(request, reply, me.email);
  if (await verifyPassword(app, me.id, password)) {
    await recordPasswordSuccess(request, me.email);
    return;
  }
  await recordPasswordFailure(request, me.email);
  throw wrongPassword(wrongMessage);
}
