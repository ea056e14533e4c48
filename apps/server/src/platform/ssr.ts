// Pages rendered on the server by React (apps/web src/entry-server.tsx, built to apps/web/dist-server):
// the page's data comes from this server's own API routes, asked in-process (`inject`) with the
// viewer's cookie, so a page carries exactly what that viewer's own API calls would answer — the same
// guards, policies and response schemas — and nothing is fetched over the network.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Language, requestLanguage } from './language.ts';

/** What the web app's `api()` reads of an answer (apps/web lib/api.ts `ApiAnswer`). */
interface AnswerRead {
  ok: boolean;
  status: number;
  statusText: string;
  text(): Promise<string>;
}

type Answer = (path: string, init: RequestInit) => Promise<AnswerRead>;

interface RenderEntry {
  prepare(publicUrl: string): Promise<void>;
  render(
    url: string,
    answer: Answer,
    lang: Language,
  ): Promise<{
    status: number;
    html: string;
    state: unknown;
    router: unknown;
    renderedAt: number;
    redirect: string | null;
    texts: Record<string, unknown> | null;
    timing: { data: number; render: number };
    undeclared: string[];
  }>;
}

export interface ServerPage {
  status: number;
  /** Where the page sends this reader instead (a member opening /login): answered with a redirect. */
  redirect: string | null;
  /** Whether a member is signed in (the page's account answer): their pages load their lazy parts too. */
  member: boolean;
  lang: Language;
  /** Tags React hoists for the document's head: the page's title, description, canonical link and share
   * card (its `<PageMeta>`), image preloads, styles with a precedence. */
  head: string;
  /** The root element's content. */
  body: string;
  /**
   * The browser's copy of the render: `{ state, renderedAt, router }` (the query cache, its time, the
   * router's state after the loaders) as JSON, safe inside a script element.
   */
  data: string;
  /** The texts it was rendered with when they are not the app's bundled ones (JSON, as `data`), or null. */
  texts: string | null;
  /**
   * The page's `Server-Timing`: its in-process API calls (`data`) and React's render (`render`); and,
   * when a component read data its route does not declare (drawn loading), `undeclared` naming it.
   */
  serverTiming: string;
}

export interface ServerRenderer {
  /** The page at this request's URL for its viewer; null when it could not be rendered (logged). */
  render(request: FastifyRequest): Promise<ServerPage | null>;
}

/**
 * React writes a render's hoistables (title, meta, link, styles with a precedence) first when it does
 * not render the whole document; they belong in `<head>`, where React looks for them when hydrating.
 */
const HOISTED =
  /^(?:<title>[^<]*<\/title>|<meta\b[^>]*>|<link\b[^>]*>|<style\b[^>]*\bdata-precedence\b[^>]*>[^<]*<\/style>)+/;

const EMPTY_BODY = new Set([204, 304]);

/** JSON for a script element: `<` escaped, so no text a member wrote can close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The render entry beside the web build, or null when the build has none (the shell is served as before). */
export function createServerRenderer(app: FastifyInstance, distDir: string): ServerRenderer | null {
  const file = path.join(distDir, '..', 'dist-server', 'entry-server.js');
  if (!fs.existsSync(file)) {
    app.log.warn({ file }, 'server rendering: no render entry; pages are sent without their content');
    return null;
  }
  // Loaded with the first page, not at start: a server answering only the API never pays for React.
  let entry: Promise<RenderEntry> | null = null;
  const load = () => {
    entry ??= (async () => {
      const loaded = (await import(pathToFileURL(file).href)) as RenderEntry;
      await loaded.prepare(app.config.publicUrl);
      return loaded;
    })();
    return entry;
  };

  /** This viewer's API, answered in-process: their cookie, their address, nothing else of the page request. */
  const answerAs =
    (request: FastifyRequest): Answer =>
    async (url, init) => {
      const { cookie } = request.headers;
      const response = await app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url,
        remoteAddress: request.ip,
        headers: { accept: 'application/json', ...(cookie ? { cookie } : {}) },
        ...(typeof init.body === 'string' ? { payload: init.body } : {}),
      });
      const body = EMPTY_BODY.has(response.statusCode) ? '' : response.body;
      return {
        ok: response.statusCode >= 200 && response.statusCode < 300,
        status: response.statusCode,
        statusText: response.statusMessage,
        text: async () => body,
      };
    };

  return {
    async render(request) {
      const lang = requestLanguage(request);
      try {
        const { status, html, state, router, renderedAt, redirect, texts, timing, undeclared } = await (
          await load()
        ).render(request.url, answerAs(request), lang);
        if (undeclared.length > 0) {
          request.log.warn(
            { url: request.url, undeclared },
            'server rendering: data its route does not declare',
          );
        }
        const hoisted = HOISTED.exec(html)?.[0] ?? '';
        const queries = (state as { queries?: Array<{ queryKey: unknown[]; state: { data: unknown } }> })
          .queries;
        return {
          status,
          redirect,
          member: Boolean(queries?.find((query) => query.queryKey[0] === 'account')?.state.data),
          lang,
          head: hoisted,
          body: html.slice(hoisted.length),
          data: scriptJson({ state, renderedAt, router }),
          texts: texts ? scriptJson(texts) : null,
          serverTiming: [
            `data;dur=${timing.data.toFixed(1)};desc="API"`,
            `render;dur=${timing.render.toFixed(1)};desc="React"`,
            ...(undeclared.length > 0 ? [`undeclared;desc=${JSON.stringify(undeclared.join(' '))}`] : []),
          ].join(', '),
        };
      } catch (err) {
        // The page still works without its server render: the app draws it in the browser.
        request.log.error({ err, url: request.url }, 'server rendering failed');
        return null;
      }
    },
  };
}
