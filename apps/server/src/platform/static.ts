import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiUrl } from './api-path.ts';
import { requestLanguage } from './language.ts';
import { createVisitorPageCache } from './page-cache.ts';
import { createDocumentRenderer, registerCommunityCard } from './share-card.ts';
import { createServerRenderer } from './ssr.ts';

/** apps/web/dist, found from this file so that the working directory does not matter. */
export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
// A page is rendered for its viewer (their account and data in it): never stored by a shared cache.
const PRIVATE_PAGE = 'private, no-cache';

const SERVICE_WORKER = 'sw.js';
const MANIFEST = 'manifest.webmanifest';

/**
 * The web manifest with the operator's community name (COMMUNITY_NAME) as the installed app's
 * name; the Gujarati short name, icons and colours come from the build (apps/web/public).
 */
function registerManifest(app: FastifyInstance, distDir: string): void {
  const file = path.join(distDir, MANIFEST);
  if (!fs.existsSync(file)) return;
  const built = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  const body = JSON.stringify({ ...built, name: app.config.communityName });
  app.get(`/${MANIFEST}`, { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', REVALIDATE).type('application/manifest+json; charset=utf-8').send(body),
  );
}

/**
 * Answers a request for a path no file and no API route has: a GET with the page (the pages' route),
 * anything else, or what looks like a missing file, with a plain 404 (the app's not-found handler).
 */
export type SpaFallback = (
  request: FastifyRequest,
  reply: FastifyReply,
) => FastifyReply | Promise<FastifyReply>;

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Samaj</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem">
<h1>The web app is not built yet</h1>
<p>The server and its API are running, but <code>apps/web/dist</code> does not exist.
Run <code>npm run build</code> (or start with <code>npm start</code>, which builds it) and reload this page.</p>
<p>API documentation: <a href="/api/docs">/api/docs</a></p>
</body></html>
`;

function sendPage(reply: FastifyReply, status: number, html: string, rendered: boolean): FastifyReply {
  return (
    reply
      .code(status)
      .header('cache-control', PRIVATE_PAGE)
      // A rendered page is in the reader's language: their choice (a cookie) or their browser's.
      .header('vary', rendered ? 'cookie, accept-language' : 'cookie')
      .type('text/html; charset=utf-8')
      .send(html)
  );
}

/**
 * Serves the built web app: hashed files under /assets are cached for a year, everything else
 * (index.html, the service worker, the manifest) is revalidated on every load so a new release
 * reaches members at once. Page paths get the page React renders for this reader (platform/ssr.ts)
 * inside index.html, with its head tags and share card (platform/share-card.ts); a path no page has
 * gets the app's not-found page with status 404.
 */
export async function registerStatic(
  app: FastifyInstance,
  distDir: string = DEFAULT_WEB_DIST,
): Promise<SpaFallback> {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ distDir }, 'web app not built: run npm run build');
    return (request, reply) =>
      reply
        .code(request.url === '/' || request.url.startsWith('/?') ? 200 : 404)
        .header('cache-control', REVALIDATE)
        .type('text/html; charset=utf-8')
        .send(NOT_BUILT_PAGE);
  }

  registerManifest(app, distDir);
  registerCommunityCard(app, distDir);
  const document = createDocumentRenderer(app, distDir);
  const renderer = createServerRenderer(app, distDir);

  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    // One route per file of the build, listed at start (a build never changes under a running
    // server), rather than a wildcard route that looks for a file on disk for every page it is asked.
    wildcard: false,
    // Served by its own route, with the community's name (registerManifest).
    globIgnore: [MANIFEST],
    // `/` is a page like any other, rendered for its reader (below).
    index: false,
    cacheControl: false,
    // Nothing under a dot-folder is public (Vite writes its build manifest to .vite/manifest.json).
    dotfiles: 'ignore',
    setHeaders(reply, filePath) {
      const relative = path.relative(distDir, filePath).split(path.sep).join('/');
      reply.header('cache-control', relative.startsWith('assets/') ? IMMUTABLE : REVALIDATE);
      // The worker lives at the root and controls the whole site; a browser checks it on every
      // navigation, so no-cache (above) lets a new release reach members at once.
      if (relative === SERVICE_WORKER) reply.header('service-worker-allowed', '/');
    },
  });

  const visitorPages = createVisitorPageCache(app);
  const sendDocument = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = renderer ? visitorPages.keyOf(request, requestLanguage(request)) : null;
    const kept = key ? visitorPages.get(key) : null;
    if (kept) return sendPage(reply, kept.status, kept.html, true);
    const page = renderer && request.method === 'GET' ? await renderer.render(request) : null;
    if (page?.redirect) {
      return reply
        .code(302)
        .header('location', page.redirect)
        .header('cache-control', PRIVATE_PAGE)
        .header('vary', 'cookie, accept-language')
        .send();
    }
    const html = await document.render(request.url, page);
    const status = page?.status ?? 200;
    // Where the page's time went, for the operator's browser tools (and bench/suites/35-pages.ts).
    if (page) reply.header('server-timing', page.serverTiming);
    if (key && page) visitorPages.set(key, { status, html });
    return sendPage(reply, status, html, page !== null);
  };
  app.get('/', { schema: { hide: true } }, sendDocument);

  const fallback: SpaFallback = (request, reply) => {
    const pathname = request.url.split('?')[0];
    const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
    // A missing asset or file (a stale hashed bundle, /favicon.png) is a real 404, not the app shell:
    // answering HTML for a script would only produce a confusing parse error in the browser.
    const looksLikeFile = pathname.startsWith('/assets/') || lastSegment.includes('.');
    if ((request.method !== 'GET' && request.method !== 'HEAD') || looksLikeFile) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    }
    return sendDocument(request, reply);
  };
  // Every other GET is a page of the app (or a missing file): a route of its own, so it has the
  // hooks every route has — compression among them, which the not-found handler does not get. What
  // is aimed at the API is the API's not-found answer, as for any other method.
  app.get('/*', { schema: { hide: true } }, (request, reply) =>
    isApiUrl(request.url) ? reply.callNotFound() : fallback(request, reply),
  );
  return fallback;
}
