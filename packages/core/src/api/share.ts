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
