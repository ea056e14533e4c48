import { ERROR_TYPES } from '@samaj/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sendError } from './errors.ts';

export const ROUTE_NOT_FOUND =
  'The requested route was not found. Please refer to the API docs and try again.';

/**
 * The path a raw request URL aims at, decoded as far as any layer (router, proxy, browser) might
 * decode it: percent-escapes undone until nothing changes (`/%2561pi` → `/%61pi` → `/api`),
 * repeated slashes collapsed, lower-cased. Only for deciding what a URL is aimed at, never for routing.
 */
export function aimedPath(rawUrl: string): string {
  let path = rawUrl.split('?')[0] ?? '';
  for (let round = 0; round < 4 && path.includes('%'); round++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      break;
    }
    if (decoded === path) break;
    path = decoded;
  }
  return path.replace(/[/\\]+/g, '/').toLowerCase();
}

/** True when the URL, however encoded, is aimed at the API. */
export function isApiUrl(rawUrl: string): boolean {
  const path = aimedPath(rawUrl);
  return path === '/api' || path.startsWith('/api/');
}

/**
 * True for a URL aimed at the API but not written plainly as `/api/...`: an escaped first segment
 * (`/%61pi/posts`, which the router decodes onto an API route, so any check on the raw text would
 * be fooled), a doubled slash, an escaped slash, capitals. No page or file of ours is spelled so:
 * such a URL is refused outright.
 */
export function isDisguisedApiUrl(rawUrl: string): boolean {
  const rawPath = rawUrl.split('?')[0] ?? '';
  return isApiUrl(rawUrl) && !/^\/api(\/|$)/.test(rawPath);
}

export function sendRouteNotFound(reply: FastifyReply): FastifyReply {
  return sendError(reply, ERROR_TYPES.GENERAL_ROUTE_NOT_FOUND, ROUTE_NOT_FOUND);
}

/** Refuses escaped spellings of the API prefix before any route sees them (after the Origin check). */
export function registerApiPathGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (isDisguisedApiUrl(request.url)) return sendRouteNotFound(reply);
  });
}
