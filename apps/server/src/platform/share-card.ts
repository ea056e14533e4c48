// Share cards: link previews in chat apps (WhatsApp, Facebook, Telegram) come from the head of the
// HTML the server sends, since their crawlers run no script. A page's head tags come from its own
// server render (React hoists each page's <PageMeta>, apps/web lib/head.tsx); a page about one thing
// words them around `GET /api/share-cards/:kind/:id`, what a visitor may see of that thing, which the
// feature that owns the kind answers (`app.registry.addShareCard`). Every viewer's page carries that
// same card, so a preview never shows more than a visitor may see.
import fs from 'node:fs';
import path from 'node:path';
import { COMMUNITY_CARD, escapeHtml, SERVER_RENDER_ID, SERVER_TEXTS_ID, type ShareCard } from '@samaj/core';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { startAfterFirstPaint } from './app-start.ts';
import { notFound } from './errors.ts';
import sharp from './images/sharp.ts';
import { createPagePreloads } from './page-preloads.ts';
import { errors } from './responses.ts';
import type { ServerPage } from './ssr.ts';

const CARD_BACKGROUND = '#d9480f';
const CARD_ICON = 'icons/icon-512.png';
const ROOT_ELEMENT = '<div id="root"></div>';

const shareCardResponse = z
  .object({ name: z.string(), text: z.string(), image: z.string().nullable() })
  .nullable() satisfies z.ZodType<ShareCard | null>;

/**
 * The card of one thing: public by design (what any visitor may see of it), `null` when a visitor may
 * not see it or it does not exist (an expected state, not an error: the page then words a generic card).
 */
export const shareCardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/share-cards/:kind/:id',
    {
      schema: {
        tags: ['pages'],
        params: z.object({ kind: z.string().regex(/^[a-z]{1,32}$/), id: z.string().min(1).max(256) }),
        response: { 200: shareCardResponse, ...errors(400, 404) },
      },
    },
    async (request) => {
      const resolve = app.registry.shareCard(request.params.kind);
      if (!resolve) throw notFound('No page of this kind has a share card.');
      return (await resolve(app.db, request.params.id)) ?? null;
    },
  );
};

export interface DocumentRenderer {
  /**
   * The app shell with the page's server render (platform/ssr.ts) in it: its head tags, its content,
   * its data, and the files the page needs (platform/page-preloads.ts).
   */
  render(url: string, page: ServerPage | null): Promise<string>;
}

/** Writes a server render into the shell: its language, its hoisted tags, its content, its data. */
function withServerPage(html: string, page: ServerPage): string {
  return html
    .replace(/<html lang="[^"]*"/, () => `<html lang="${page.lang}" data-rendered="server"`)
    .replace(ROOT_ELEMENT, () => `<div id="root">${page.body}</div>`)
    .replace(/<\/body>/i, () => {
      const texts = page.texts
        ? `  <script id="${SERVER_TEXTS_ID}" type="application/json">${page.texts}</script>\n`
        : '';
      return `${texts}  <script id="${SERVER_RENDER_ID}" type="application/json">${page.data}</script>\n  </body>`;
    });
}

/** Reads the built index.html once; each page is then its render and a few string replaces. */
export function createDocumentRenderer(app: FastifyInstance, distDir: string): DocumentRenderer {
  const shell = fs
    .readFileSync(path.join(distDir, 'index.html'), 'utf8')
    .replace(/<title>[^<]*<\/title>\s*/i, '');
  const preloads = createPagePreloads(distDir);
  // A page without its own title (its render failed, or it is still loading its data) is the community's.
  const communityTitle = `<title>${escapeHtml(app.config.communityName)}</title>`;

  return {
    async render(url, rendered) {
      const pathname = url.split(/[?#]/)[0] || '/';
      const { tags, modules } = preloads(pathname, rendered?.member ?? false);
      const own = rendered?.head ?? '';
      const head = [/<title>/.test(own) ? '' : communityTitle, own, tags].filter(Boolean).join('\n    ');
      // Replacer functions, not strings: a name with `$'` or `$&` in it must go in as written.
      const html = shell.replace(/<\/head>/i, () => `  ${head}\n  </head>`);
      // Without its render (the server could not make it: logged) the app draws the page itself.
      return rendered ? startAfterFirstPaint(withServerPage(html, rendered), modules) : html;
    },
  };
}

/**
 * `/share-card.png`: the community's picture on the brand colour at 1200×630, made once from the
 * app icon (no text: fonts for Gujarati may be missing on the server; the title is in the tags).
 */
export function registerCommunityCard(app: FastifyInstance, distDir: string): void {
  let png: Promise<Buffer> | null = null;
  const { width, height } = COMMUNITY_CARD;
  const make = () =>
    sharp({ create: { width, height, channels: 3, background: CARD_BACKGROUND } })
      .composite([{ input: path.join(distDir, CARD_ICON), gravity: 'centre' }])
      .png()
      .toBuffer();
  app.get(COMMUNITY_CARD.path, { schema: { hide: true } }, async (_request, reply) => {
    png ??= make().catch((err) => {
      png = null;
      throw err;
    });
    return reply
      .header('cache-control', 'public, max-age=86400')
      .type('image/png')
      .send(await png);
  });
}
