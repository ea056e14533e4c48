/**
 * dist/share-meta.json, written by the web build and read by the server: each page's title and
 * description in the default language, for the share cards the server puts in the HTML it sends
 * (link previews in chat apps; their crawlers run no script). Templates carry `{{id}}`/`{{name}}`.
 */
export interface ShareMetaFile {
  /** Pages whose meta does not depend on data, by path ('/', '/surnames', ...). */
  pages: Record<string, PageText>;
  /** `/<kind>/<id>` pages by kind ('surname', 'post', 'event', 'profile'). */
  items: Record<string, PageText & { itemTitle?: string; itemDescription?: string }>;
}

export interface PageText {
  title: string;
  description: string;
}

export const SHARE_META_FILE = 'share-meta.json';

/**
 * dist/page-preloads.json, written by the web build and read by the server: for each route of the
 * web app (React Router syntax, `/surname/:id`, `*` last), the files its page needs beyond the shell,
 * which the server names in the HTML it renders (styles applied, scripts started after the first paint).
 * `member`: what the page imports lazily, by convention only for a signed-in member (a visitor sees
 * a login gate there); named only in a member's HTML.
 */
export interface PageFiles {
  scripts: string[];
  styles: string[];
}

export interface PagePreloadsFile {
  pages: Array<PageFiles & { path: string; member: PageFiles }>;
}

/** A link back to a page after logging in (`forward=` and the encoded path, as LoginPrompt writes it). */
export function forwardTo(pagePath: string): string {
  return `forward=${encodeURIComponent(pagePath)}`;
}

export const PAGE_PRELOADS_FILE = 'page-preloads.json';

/**
 * The JSON script element in which the server hands the browser a server-rendered page's query cache
 * and render time (apps/server platform/ssr.ts → apps/web main.tsx).
 */
export const SERVER_RENDER_ID = 'samaj-render';
