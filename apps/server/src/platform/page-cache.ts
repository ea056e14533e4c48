// Visitor pages: every visitor reading a page in one language is sent the same HTML, so the server
// keeps it for a short while instead of rendering it for each of the hundred visitors a link shared in
// a WhatsApp group brings in a minute. What a member is sent is theirs alone and never kept. Any change
// this process makes (a write that succeeded, a domain event committed — a post approved, a surname
// applied) drops every kept page; a change made by another process reaches this one's visitors within
// the time a page is kept.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { hasSessionCookie } from './auth/index.ts';

/** How long a visitor page is kept: also the longest another process's change takes to show. */
export const VISITOR_PAGE_TTL_MS = 15_000;
const MAX_PAGES = 200;
const MAX_PAGE_BYTES = 256 * 1024;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface KeptPage {
  status: number;
  html: string;
}

export interface VisitorPageCache {
  /** The key of this request's page when it may be kept (a visitor's GET), else null. */
  keyOf(request: FastifyRequest, lang: string): string | null;
  get(key: string): KeptPage | null;
  set(key: string, page: KeptPage): void;
}

export function createVisitorPageCache(app: FastifyInstance, ttlMs = VISITOR_PAGE_TTL_MS): VisitorPageCache {
  // The least recently read page is the first to go when it is full.
  const pages = new LRUCache<string, KeptPage>({ max: MAX_PAGES, ttl: ttlMs });
  const dropAll = () => pages.clear();
  app.events.onEveryCommit(dropAll);
  app.addHook('onResponse', async (request, reply) => {
    if (!SAFE_METHODS.has(request.method) && reply.statusCode < 400) dropAll();
  });
  return {
    keyOf(request, lang) {
      if (request.method !== 'GET' || hasSessionCookie(request)) return null;
      return `${lang} ${request.url}`;
    },
    get(key) {
      return pages.get(key) ?? null;
    },
    set(key, page) {
      if (page.html.length > MAX_PAGE_BYTES) return;
      pages.set(key, page);
    },
  };
}
