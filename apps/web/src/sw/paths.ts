// Which requests the service worker may answer, as plain functions (unit-tested in paths.test.ts;
// the worker itself only wires them to Workbox).
import type { PushPayload } from '@samaj/core';

/** Paths the server answers itself: the API, live-video signalling, the realtime socket, metrics. */
const SERVER_PREFIXES = ['/api', '/peerjs', '/realtime', '/metrics'];

/**
 * The decoded path, so `/%61pi/docs` (which the server routes to `/api/docs`) is recognised too.
 * A path that cannot be decoded is left as it is: the server answers it with an error anyway.
 */
function decodedPath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

export function isServerPath(pathname: string): boolean {
  const path = decodedPath(pathname);
  return SERVER_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** A page of the web app: anything that is not the server's own and does not look like a file. */
export function isAppNavigation(pathname: string): boolean {
  if (isServerPath(pathname)) return false;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !last.includes('.');
}

/** Image previews (`/api/files/<id>/preview?width=…`): shown from cache while refreshed. */
export function isImagePreview(pathname: string): boolean {
  return /^\/api\/files\/[^/]+\/preview$/.test(decodedPath(pathname));
}

/** Paths under /api that must never come from a cache: sign-in, docs, exports, health. */
const UNCACHED_API = ['/api/auth', '/api/docs', '/api/account/export', '/api/health', '/api/push'];

/** API reads kept for a short while so a flaky connection still shows the last feed and surnames. */
export function isCacheableApiRead(pathname: string): boolean {
  const path = decodedPath(pathname);
  if (!path.startsWith('/api/') || isImagePreview(path)) return false;
  return !UNCACHED_API.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** The server marks what may not be stored (another member's private picture, an export). */
export function mayStore(response: Response): boolean {
  if (response.status !== 200) return false;
  const cacheControl = response.headers.get('cache-control') ?? '';
  return !/\bno-store\b/i.test(cacheControl);
}

/** Runtime caches hold a member's own view; they are emptied when the member logs out. */
export const RUNTIME_CACHES = { api: 'samaj-api', previews: 'samaj-previews', pages: 'samaj-pages' } as const;

/**
 * What the worker shows of a push message (core's PushPayload, which the server sends); only `title`
 * is required, so an older or newer server's message still shows.
 */
export type ShownPush = Pick<PushPayload, 'title'> & Partial<Pick<PushPayload, 'body' | 'url' | 'tag'>>;

export function readPushPayload(data: unknown): ShownPush | null {
  if (!data || typeof data !== 'object') return null;
  const { title, body, url, tag } = data as Record<string, unknown>;
  if (typeof title !== 'string' || !title) return null;
  return {
    title,
    body: typeof body === 'string' ? body : undefined,
    url: typeof url === 'string' ? url : undefined,
    tag: typeof tag === 'string' ? tag : undefined,
  };
}

/** Where a click on a notification leads: a path of this site only, never another origin. */
export function notificationTarget(url: string | undefined, origin: string): string {
  if (!url) return `${origin}/`;
  try {
    const target = new URL(url, origin);
    return target.origin === origin ? target.href : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
}
