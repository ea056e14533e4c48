import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SERVER_ERROR_TYPES, sendError } from './errors.ts';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cross-site request forgery guard. It decides on the method alone, whatever the path: a check on
 * the URL text was bypassed by `/%61pi/...`, which the router decodes onto `/api/...`. Browsers always send Origin on cross-origin
 * mutating requests (and on same-origin POST/PUT/PATCH/DELETE too), so a present Origin that is
 * neither PUBLIC_URL nor the request's own host means another site is submitting with the
 * member's cookies: refuse it. Requests without Origin are not from a browser page (curl,
 * app.inject, server-to-server) and carry no ambient cookies a third party could borrow, so they
 * pass; session cookies are also SameSite=Lax, a second line of defence.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request, reply) => {
    if (!MUTATING.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin === undefined) return;
    if (origin === publicOrigin || origin === ownOrigin(request)) return;
    return sendError(
      reply,
      SERVER_ERROR_TYPES.ORIGIN_FORBIDDEN,
      'Requests from this origin are not allowed.',
    );
  });
}

function ownOrigin(request: FastifyRequest): string | undefined {
  const host = request.host;
  if (!host) return undefined;
  try {
    return new URL(`${request.protocol}://${host}`).origin;
  } catch {
    return undefined;
  }
}
