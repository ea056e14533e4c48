// The one way a route says who may call it: an onRequest hook, so authorization is decided
// before the body is even read (a visitor always learns 401, never a 400 about a field, malformed
// JSON, a content type or a body's size; and an upload is not read for someone who may not send it).
// Handlers then read the member with `requireUser(request)`, which is cached per request.
import type { Label } from '@samaj/core';
import type { FastifyRequest } from 'fastify';
import { requireLabel, requireUser } from './session.ts';

/** A signed-in member who is not blocked (401 `user_unauthorized`, 403 `user_blocked`). */
export async function requireMember(request: FastifyRequest): Promise<void> {
  await requireUser(request);
}

/** A member with the Admin label (the staff console); 403 `user_forbidden` otherwise. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  await requireLabel(request, 'Admin');
}

/** A member carrying any of `labels` (e.g. Admin or Publisher for managing events). */
export function requireAnyLabel(...labels: Label[]) {
  return async function requireAnyOf(request: FastifyRequest): Promise<void> {
    const me = await requireUser(request);
    if (labels.some((label) => me.labels.includes(label))) return;
    await requireLabel(request, labels[0]);
  };
}
