// Share cards: the HTML document the server sends carries the page's own title, description,
// canonical URL and Open Graph / Twitter tags, because the crawlers behind link previews (WhatsApp,
// Facebook, Telegram) run no script and would otherwise see only the community name. Texts come
// from the web build (dist/share-meta.json); `/<kind>/<id>` pages ask the feature that registered
// the kind (`app.registry.addShareCard`) for what a visitor may see of that thing.
import fs from 'node:fs';
import path from 'node:path';
import {
  escapeHtml,
  type PageText,
  SERVER_RENDER_ID,
  SHARE_META_FILE,
  type ShareMetaFile,
} from '@samaj/core';
import type { FastifyInstance } from 'fastify';
import { decodedOrNull } from './api-path.ts';
import { startAfterFirstPaint } from './app-start.ts';
import sharp from './images/sharp.ts';
import { createPagePreloads } from './page-preloads.ts';
import type { ShareCard } from './registry.ts';
import type { ServerPage } from './ssr.ts';

/** The community card: the size link previews show large (1.91:1). */
export const COMMUNITY_CARD_PATH = '/share-card.png';
const CARD_WIDTH = 1200;
const CARD_HEIGHT = 630;
const CARD_BACKGROUND = '#d9480f';
const CARD_ICON = 'icons/icon-512.png';

/** Marks the tags the web app replaces with its own when it starts (apps/web/src/lib/head.tsx). */
const SSR_ATTRIBUTE = 'data-ssr';
const ROOT_ELEMENT = '<div id="root"></div>';
const ITEM_PAGE = /^\/([a-z]+)\/([^/]+)\/?$/;

/** Fills `{{name}}` placeholders, as i18next does for the web app's own PageMeta. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => values[key] ?? whole);
}

function readShareMeta(distDir: string): ShareMetaFile {
  try {
    return JSON.parse(fs.readFileSync(path.join(distDir, SHARE_META_FILE), 'utf8')) as ShareMetaFile;
  } catch {
    return { pages: {}, items: {} };
  }
}

interface Head {
  title: string;
  description: string;
  canonical: string;
  image: { url: string; width?: number; height?: number };
}

function renderHead(head: Head, siteName: string): string {
  const e = escapeHtml;
  const large = 'summary_large_image';
  const tags: Array<[string, string, string]> = [
    ['meta name', 'description', head.description],
    ['link rel', 'canonical', head.canonical],
    ['meta property', 'og:type', 'website'],
    ['meta property', 'og:locale', 'gu_IN'],
    ['meta property', 'og:site_name', siteName],
    ['meta property', 'og:title', head.title],
    ['meta property', 'og:description', head.description],
    ['meta property', 'og:url', head.canonical],
    ['meta property', 'og:image', head.image.url],
    ...(head.image.width && head.image.height
      ? ([
          ['meta property', 'og:image:width', String(head.image.width)],
          ['meta property', 'og:image:height', String(head.image.height)],
        ] as Array<[string, string, string]>)
      : []),
    ['meta name', 'twitter:card', large],
    ['meta name', 'twitter:title', head.title],
    ['meta name', 'twitter:description', head.description],
    ['meta name', 'twitter:image', head.image.url],
  ];
  const lines = tags.map(([tag, name, value]) => {
    const valueAttribute = tag === 'link rel' ? 'href' : 'content';
    return `<${tag}="${e(name)}" ${valueAttribute}="${e(value)}" ${SSR_ATTRIBUTE}>`;
  });
  return [`<title ${SSR_ATTRIBUTE}>${e(head.title)}</title>`, ...lines].join('\n    ');
}

export interface DocumentRenderer {
  /**
   * The app shell for this page path, with the page's share card and the files it needs
   * (platform/page-preloads.ts) in its head, and the page's server render (platform/ssr.ts) in it.
   */
  render(url: string, page: ServerPage | null): Promise<string>;
}

/** Writes a server render into the shell: its language, its hoisted tags, its content, its data. */
function withServerPage(html: string, page: ServerPage): string {
  return html
    .replace(/<html lang="[^"]*"/, () => `<html lang="${page.lang}" data-rendered="server"`)
    .replace(/<\/head>/i, () => `  ${page.head}\n  </head>`)
    .replace(ROOT_ELEMENT, () => `<div id="root">${page.body}</div>`)
    .replace(
      /<\/body>/i,
      () => `  <script id="${SERVER_RENDER_ID}" type="application/json">${page.data}</script>\n  </body>`,
    );
}

/**
 * Reads the built index.html and share-meta.json once; each page request then costs at most one
 * indexed query (an item page) and a string replace.
 */
export function createDocumentRenderer(app: FastifyInstance, distDir: string): DocumentRenderer {
  const shell = fs
    .readFileSync(path.join(distDir, 'index.html'), 'utf8')
    .replace(/<title>[^<]*<\/title>\s*/i, '');
  const meta = readShareMeta(distDir);
  const preloads = createPagePreloads(distDir);
  const { communityName, publicUrl } = app.config;
  const home: PageText = meta.pages['/'] ?? { title: '', description: communityName };
  const absolute = (url: string) => new URL(url, publicUrl).toString();
  const communityImage = { url: absolute(COMMUNITY_CARD_PATH), width: CARD_WIDTH, height: CARD_HEIGHT };
  const fullTitle = (title: string) => (title ? `${title} | ${communityName}` : communityName);

  async function card(pathname: string): Promise<{ page: PageText; item: ShareCard | null }> {
    const decoded = decodedOrNull(pathname);
    const normalized = decoded && decoded.length > 1 ? decoded.replace(/\/$/, '') : decoded;
    const fixed = normalized ? meta.pages[normalized] : undefined;
    if (fixed) return { page: fixed, item: null };
    const match = normalized ? ITEM_PAGE.exec(normalized) : null;
    const kind = match?.[1] ?? '';
    const texts = meta.items[kind];
    const resolve = app.registry.shareCard(kind);
    if (!match || !texts || !resolve) return { page: home, item: null };
    try {
      return { page: texts, item: await resolve(app.db, match[2] as string, texts) };
    } catch (err) {
      // A link preview is never worth an error page: the generic card goes out instead.
      app.log.warn({ err, kind }, 'share card: lookup failed');
      return { page: texts, item: null };
    }
  }

  return {
    async render(url, rendered) {
      const pathname = url.split(/[?#]/)[0] || '/';
      const { page, item } = await card(pathname);
      const head = renderHead(
        {
          title: fullTitle(item?.title ?? page.title),
          description: item?.description || page.description || home.description,
          canonical: absolute(pathname),
          image: item?.image ? { url: absolute(item.image) } : communityImage,
        },
        communityName,
      );
      const { tags, modules } = preloads(pathname, rendered?.member ?? false);
      // Replacer functions, not strings: a name with `$'` or `$&` in it must go in as written.
      const html = shell.replace(/<\/head>/i, () => `  ${head}\n    ${tags}\n  </head>`);
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
  const make = () =>
    sharp({ create: { width: CARD_WIDTH, height: CARD_HEIGHT, channels: 3, background: CARD_BACKGROUND } })
      .composite([{ input: path.join(distDir, CARD_ICON), gravity: 'centre' }])
      .png()
      .toBuffer();
  app.get(COMMUNITY_CARD_PATH, { schema: { hide: true } }, async (_request, reply) => {
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
