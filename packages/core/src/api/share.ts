import type { DataDrawings } from '../drawings.ts';
import type { FeedPieces, MemberDrawnPart } from '../feed-drawing.ts';

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
 * which the server names in the HTML it sends so they download beside the shell instead of after it.
 * `member`: what the page imports lazily, by convention only for a signed-in member (a visitor sees
 * a login gate there), and the API answers only a member may read; named only in a member's HTML.
 */
export interface PageFiles {
  scripts: string[];
  styles: string[];
  /** API paths the page asks first, with the route's params (`/api/surnames/:id`). */
  data: string[];
}

export interface PagePreloadsFile {
  pages: Array<
    PageFiles & {
      path: string;
      member: PageFiles;
      /** Rendered on the server by React (apps/web entry-server.tsx) instead of drawn. */
      ssr?: true;
      /**
       * The first screen a visitor sees on this route, rendered at build time with PRERENDER_TEXTS
       * (apps/web scripts/prerender.mjs); the server puts it in the page's root element.
       */
      visitorHtml?: string;
      /** The first screen a signed-in member sees before any API answer (routes marked `memberPrerender`). */
      memberHtml?: MemberFirstScreens;
      /** A visitor's first screen drawn with the page's answer (routes marked `drawnWith`). */
      dataHtml?: DataDrawings;
    }
  >;
  /** The pieces a member's posts are drawn from (pages whose member screens are `drawnWith` a part). */
  feedPieces?: FeedPieces;
}

/**
 * A member's first screen, rendered at build time for a member named by PRERENDER_TEXTS (`memberName`,
 * `memberId`): one drawing per combination of the labels that change it (`labels`, e.g. an Admin's
 * extra navigation), keyed by `memberScreenKey`. The build proves nothing else of the account shows.
 */
export interface MemberFirstScreens {
  labels: string[];
  screens: Record<string, string>;
  /**
   * The screen is drawn further from this boot data part, into its `data-drawn` element (routes
   * marked `drawnForMember`; core feed-drawing.ts, with the file's `feedPieces`).
   */
  drawnWith?: MemberDrawnPart;
}

/** Which of a page's drawings fits a member with these labels. */
export function memberScreenKey(page: Pick<MemberFirstScreens, 'labels'>, labels: readonly string[]): string {
  return page.labels.filter((label) => labels.includes(label)).join(',');
}

/**
 * The operator's texts in a prerendered page are markers the server replaces with its own, escaped:
 * `community` is the community's name; on a member's first screen `memberName` is the member's name and
 * `memberId` their username, which the app only writes into links (encodeURIComponent, so the server
 * replaces that form). (Private-use characters: they survive HTML escaping as they are.)
 */
export const PRERENDER_TEXTS = {
  community: '\uE000community\uE000',
  memberName: '\uE000member-name\uE000',
  memberId: '\uE000member-id\uE000',
} as const;

/**
 * A route param's value where a page is prerendered (`/post/:id` is drawn at `/post/prerendered`).
 * Such a page may show its path only where the app links back to it (`?forward=`, see LoginPrompt):
 * the server writes the asked path there. Plain ASCII, so encodeURIComponent leaves it as it is.
 */
export const PRERENDER_PARAM = 'prerendered';

/** The path a route's first screen is prerendered at: each `:param` as PRERENDER_PARAM. */
export function prerenderPath(routePath: string): string {
  return routePath
    .split('/')
    .map((segment) => (segment.startsWith(':') ? PRERENDER_PARAM : segment))
    .join('/');
}

/** A link back to the prerendered page (`forward=` and the encoded path, as LoginPrompt writes it). */
export function forwardTo(pagePath: string): string {
  return `forward=${encodeURIComponent(pagePath)}`;
}

export const PAGE_PRELOADS_FILE = 'page-preloads.json';

/**
 * The JSON script element in which the server hands the browser a server-rendered page's query cache
 * and render time (apps/server platform/ssr.ts → apps/web main.tsx).
 */
export const SERVER_RENDER_ID = 'samaj-render';
