// Pages rendered on the server by React from the app's own components (apps/server platform/ssr.ts
// calls `render` for each page request). The browser hydrates the same routes (app/routes.tsx, main.tsx).
//
// A page's data is declared by its route (app/pageData.ts): React Router's static handler runs the
// matched routes' loaders — their `api()` calls answered in-process by the server as this viewer, so
// the same guards and response schemas apply — and React renders the page once with the answers in
// TanStack Query's cache. The answers go to the browser as the dehydrated cache, with the router's
// state, so nothing is fetched twice. A query a component reads that no loader asked is drawn in its
// loading state, and named (`undeclared`) so the operator and ssr.test.ts see it.
import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import { type DehydratedState, dehydrate, type QueryClient } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  type HydrationState,
  StaticRouterProvider,
} from 'react-router';
import { Providers } from './app/Providers';
import { pageDataContext } from './app/pageData';
import { createQueryClient } from './app/queryClient';
import { routes } from './app/routes';
import { RedirectTaker } from './components/Redirect';
import { type ApiTransport, setApiTransport } from './lib/api';
import { setServerOrigin } from './lib/head';
import {
  ALL_NAMESPACES,
  DEFAULT_LANGUAGE,
  i18n,
  LANGUAGES,
  type Language,
  SHELL_NAMESPACES,
} from './lib/i18n';

export { LANGUAGES };

const viewerScope = new AsyncLocalStorage<ApiTransport>();
setApiTransport((path, init) => {
  const answer = viewerScope.getStore();
  if (!answer) return Promise.reject(new Error('server render: an API call outside a page render'));
  return answer(path, init);
});

/** Once per process, before the first render: every text of both languages, the site's origin. */
export async function prepare(publicUrl: string): Promise<void> {
  setServerOrigin(publicUrl);
  await i18n.reloadResources([...LANGUAGES], ALL_NAMESPACES);
}

export interface RenderedPage {
  /** 404 for a path no route knows (the app's own not-found page is rendered). */
  status: number;
  /** The root element's content: React's HTML, with its hoisted head tags first. */
  html: string;
  /** TanStack Query's cache after the render, for the browser's `hydrate`. */
  state: DehydratedState;
  /** React Router's state after the route's loaders ran, for the browser's router (its loaders do not run again). */
  router: HydrationState;
  /** When it was rendered: relative times read from it until the app takes over (lib/clock.ts). */
  renderedAt: number;
  /** Where the page sends this reader instead (components/Redirect.tsx): answered with a redirect. */
  redirect: string | null;
  /**
   * The texts the page was rendered with, by namespace, when its language is not the bundled one
   * (core SERVER_TEXTS_ID): the browser hydrates with them instead of fetching them.
   */
  texts: Record<string, unknown> | null;
  /** Milliseconds spent asking the page's data (the in-process API calls) and in React's render. */
  timing: { data: number; render: number };
  /** Queries the page read that its routes' loaders did not ask (`undeclaredQueries`): none, normally. */
  undeclared: string[];
}

const RENDER_TIMEOUT_MS = 10_000;

/** React Router's handler of the app's routes: matches a path and runs its routes' loaders. */
const handler = createStaticHandler(routes);
/** Loaders are handed a URL; only its path and query are the page's. */
const REQUEST_ORIGIN = 'http://samaj.invalid';

/** The render's query cache. No retries on the server: a failed answer is left for the browser to ask again. */
function serverClient(): QueryClient {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  return client;
}

/**
 * The queries a component read that its routes did not ask (drawn in their loading state; the browser
 * asks them after taking the page over): in the cache, enabled, never fetched. A page's `.data.ts` is
 * missing something.
 */
function undeclaredQueries(client: QueryClient): string[] {
  return client
    .getQueryCache()
    .getAll()
    .filter((query) => {
      if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') return false;
      const { enabled } = query.options as { enabled?: boolean | ((q: typeof query) => boolean) };
      return typeof enabled === 'function' ? enabled(query) : enabled !== false;
    })
    .map((query) => query.queryHash);
}

/** React's HTML of the whole tree, once every lazy page and Suspense boundary has resolved. */
function renderToText(node: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk, _encoding, callback) {
        html += chunk;
        callback();
      },
    });
    sink.on('finish', () => resolve(html));
    const stream = renderToPipeableStream(node, {
      // Every boundary complete and in order: no inline scripts, which the CSP refuses.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        clearTimeout(timer);
        stream.pipe(sink);
      },
      onShellError(error) {
        clearTimeout(timer);
        reject(error);
      },
      onError(error) {
        // A component that throws renders its error boundary; the caller hears of it through the page.
        if (error instanceof Error && !/aborted/i.test(error.message)) console.error('server render:', error);
      },
    });
    const timer = setTimeout(() => stream.abort(new Error('server render: timed out')), RENDER_TIMEOUT_MS);
  });
}

/** react-i18next's record of the namespaces its hooks used (it keeps one on the i18next instance). */
type Reporting = typeof i18n & {
  reportNamespaces?: {
    addUsedNamespaces(namespaces: readonly string[]): void;
    getUsedNamespaces(): string[];
  };
};

/** The namespaces this render used in the reader's language, unless that language's are bundled. */
function textsOf(texts: typeof i18n, lang: Language): Record<string, unknown> | null {
  if (lang === DEFAULT_LANGUAGE) return null;
  // With the shell's namespaces, which the browser loads in the reader's language whatever the page.
  const reported = (texts as Reporting).reportNamespaces?.getUsedNamespaces() ?? [];
  const used = new Set([...SHELL_NAMESPACES, ...reported]);
  const bundles = [...used].map((ns) => [ns, texts.getResourceBundle(lang, ns)] as const);
  return Object.fromEntries(bundles.filter(([, bundle]) => bundle !== undefined));
}

/** i18next's fixed `t` as it is called and read here (its own types are for components' keys). */
type LooseT = ((key: unknown, ...rest: unknown[]) => unknown) &
  Record<'lng' | 'lngs' | 'ns' | 'keyPrefix', unknown>;

/** Texts as asked (key and options), by language, namespace and key prefix: fixed once loaded. */
const keptTexts = new Map<string, Map<string, string>>();
const TEXTS_KEPT = 5_000;

/** The text's key with its options when they are plain values (counts, names): null when not kept. */
function textKey(key: unknown, options: unknown[]): string | null {
  if (typeof key !== 'string' || options.length > 1) return null;
  const [values] = options;
  if (values === undefined) return key;
  if (typeof values !== 'object' || values === null) return null;
  for (const value of Object.values(values)) {
    if (value !== null && typeof value === 'object') return null;
    if (typeof value === 'function') return null;
  }
  return `${key}\u0000${JSON.stringify(values)}`;
}

/**
 * `texts.getFixedT` whose texts are looked up once per process instead of going through i18next's
 * translate each time: it copies all its options per call (a feed page's ~70 texts were ~0.5–1 ms),
 * and a text with the same key and values is the same text — the texts never change once loaded
 * (`prepare`). Texts asked with objects (returnObjects, nested values) go to i18next every time.
 */
function textsKept(texts: typeof i18n): typeof i18n.getFixedT {
  const getFixedT = texts.getFixedT as unknown as (...args: unknown[]) => LooseT;
  return ((lng: unknown, ns: unknown, ...rest: unknown[]) => {
    const t = getFixedT(lng, ns, ...rest);
    const scope = `${lng ?? texts.language}\u0000${[ns ?? ''].flat().join(',')}\u0000${String(rest[0] ?? '')}`;
    let known = keptTexts.get(scope);
    if (!known) {
      known = new Map();
      keptTexts.set(scope, known);
    }
    const kept = known;
    const remembering = (key: unknown, ...options: unknown[]) => {
      const asked = textKey(key, options);
      if (asked === null) return t(key, ...options);
      let text = kept.get(asked);
      if (text === undefined) {
        const found = t(key, ...options);
        if (typeof found !== 'string') return found;
        // Names and counts make new texts without end: start again rather than grow.
        if (kept.size >= TEXTS_KEPT) kept.clear();
        text = found;
        kept.set(asked, text);
      }
      return text;
    };
    return Object.assign(remembering, { lng: t.lng, lngs: t.lngs, ns: t.ns, keyPrefix: t.keyPrefix });
  }) as unknown as typeof i18n.getFixedT;
}

/**
 * Renders `url` for the viewer whose API calls `answerHere` answers (the server's own routes, with the
 * viewer's session), in `lang`.
 */
export async function render(url: string, answerHere: ApiTransport, lang: Language): Promise<RenderedPage> {
  const client = serverClient();
  const texts = i18n.cloneInstance({ lng: lang, initAsync: false });
  // The namespaces this render uses (react-i18next reports each useTranslation's): the clone would
  // otherwise share the process-wide record of every namespace any render has used.
  const used = new Set<string>();
  (texts as Reporting).reportNamespaces = {
    addUsedNamespaces: (namespaces) => {
      for (const ns of namespaces) used.add(ns);
    },
    getUsedNamespaces: () => [...used],
  };
  // What the components get: the instance seen through an object with no properties of its own.
  // useTranslation copies the own properties of the instance it is given into a wrapper, once per
  // component (react-i18next's createI18nWrapper) — i18next binds its ~40 methods onto each instance,
  // so that was ~40 descriptors per component of every render (a quarter of a feed's render time).
  // Everything reads through to the instance; its methods are bound to it. Its one own property:
  // `getFixedT`, whose texts are kept (textsKept).
  const view = Object.create(texts) as typeof texts;
  view.getFixedT = textsKept(texts);
  const renderedAt = Date.now();
  let redirect: string | null = null;
  const take = (href: string) => {
    redirect ??= href;
  };
  const timing = { data: 0, render: 0 };
  /** `work`'s time added to `timing[part]` (the operator reads them in the page's Server-Timing). */
  const timed = async <T,>(part: keyof typeof timing, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await work();
    } finally {
      timing[part] += performance.now() - started;
    }
  };
  return viewerScope.run(answerHere, async () => {
    // The routes' loaders (app/pageData.ts) ask what the page reads, before it is drawn.
    const request = new Request(new URL(url, REQUEST_ORIGIN));
    const context = await timed('data', () =>
      handler.query(request, { requestContext: pageDataContext({ client, wait: true }) }),
    );
    if (context instanceof Response) throw new Error(`server render: a loader answered ${context.status}`);
    // A failed answer is not drawn: the page shows its loading state on both sides, and the browser asks
    // again and shows the failure as it always does.
    const failed = new Set<string>();
    client.removeQueries({
      predicate: (query) => query.state.status === 'error' && failed.add(query.queryHash).size > 0,
    });
    const router = createStaticRouter(handler.dataRoutes, context);
    // Drawn once. The router's own hydration script is inline, which the CSP refuses: its state goes
    // to the browser with the query cache instead (`router`).
    const page = (
      <StrictMode>
        <Providers client={client} i18n={view} renderedAt={renderedAt}>
          <RedirectTaker.Provider value={take}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </RedirectTaker.Provider>
        </Providers>
      </StrictMode>
    );
    const html = await timed('render', () => renderToText(page));
    const undeclared = undeclaredQueries(client).filter((hash) => !failed.has(hash));
    const state = dehydrate(client);
    client.clear();
    const status = context.matches.at(-1)?.route.path === '*' ? 404 : 200;
    return {
      status,
      html,
      state,
      router: { loaderData: context.loaderData, errors: context.errors },
      renderedAt,
      redirect,
      texts: textsOf(texts, lang),
      timing,
      undeclared,
    };
  });
}
