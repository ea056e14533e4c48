// What a page's route asks before the page is drawn (docs/conventions.md): its data, declared once beside
// the page (`features/<feature>/pages/<Page>.data.ts`, a `pageData` export), run by React Router as the
// route's `loader` on the server (entry-server.tsx: the page is then drawn once, with its answers) and
// on each navigation in the browser (the data starts with the page's code instead of after it).
import type { QueryClient } from '@tanstack/react-query';
import { createContext, type Params, RouterContextProvider } from 'react-router';

export interface PageDataArgs {
  /** The query cache the page will read: what is asked here is in it when the page renders. */
  client: QueryClient;
  params: Params;
  url: URL;
}

/** Asks what the page will read, through the client (`prefetchQuery`, `ensureQueryData`…). */
export type PageData = (args: PageDataArgs) => Promise<unknown>;

export interface PageDataScope {
  client: QueryClient;
  /**
   * True on the server, whose single render needs every answer in hand; false in the browser, whose
   * navigation shows the page (its loading state) at once while its answers are on their way.
   */
  wait: boolean;
}

/** How a route's loader finds the query cache (React Router's loader context, on both sides). */
export const pageDataScope = createContext<PageDataScope>();

export function pageDataContext(scope: PageDataScope): RouterContextProvider {
  return new RouterContextProvider(new Map([[pageDataScope, scope]]));
}
