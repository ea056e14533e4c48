// Every route (docs/product/shell.md, "Route table"). Pages are code-split: the shell paints at once and only
// the page being opened is downloaded (the map page alone brings Leaflet).
import { type ComponentType, lazy, Suspense } from 'react';
import {
  type LoaderFunctionArgs,
  type RouteObject,
  type RouterContextProvider,
  useLocation,
} from 'react-router';
import { TakenOver } from '../components/TakenOver';
import { loadNamespace } from '../lib/i18n';
import { publicConfigQuery } from '../lib/publicConfig';
import { currentUserQuery } from '../lib/session';
import { type PageData, pageDataScope } from './pageData';
import { PAGE_ROUTES, type PageRoute, pageNamespaces } from './pageRoutes';
import { RouteErrorBoundary } from './RouteError';
import { PageFallback } from './shell/PageFallback';
import { Shell } from './shell/Shell';

// biome-ignore lint/suspicious/noExplicitAny: each page declares its own props
type PageModule = { default: ComponentType<any> };
const pages = import.meta.glob<PageModule>(['../features/*/pages/*.tsx', '!../features/*/pages/*.test.tsx']);
/** What a page asks before it is drawn, beside it (app/pageData.ts): loaded with the route's loader. */
const pageDataModules = import.meta.glob<{ pageData: PageData }>('../features/*/pages/*.data.ts');

/**
 * `features/<feature>/pages/<name>.tsx`, code-split; its code and its texts (locales/<lang>/<feature>.json,
 * same name, and the messages unless the route says otherwise: pageNamespaces) are fetched together.
 */
function page<P extends object>(entry: PageRoute, props?: P, more?: () => Promise<object>) {
  const load = pages[`../features/${entry.feature}/pages/${entry.page}.tsx`];
  if (!load) throw new Error(`No page features/${entry.feature}/pages/${entry.page}.tsx`);
  const Page = lazy(async () => {
    const [module, , extra] = await Promise.all([
      load(),
      Promise.all(pageNamespaces(entry).map(loadNamespace)),
      more?.(),
    ]);
    if (!extra) return module;
    const Inner = module.default;
    return { default: (own: object) => <Inner {...own} {...extra} /> };
  });
  return (
    <Suspense fallback={<PageFallback />}>
      <Page {...((props ?? {}) as P)} />
      <TakenOver />
    </Suspense>
  );
}

// Props that are not data, loaded with their page: the console's tabs come from several features
// (consoleSections.tsx), and only staff ever open the console.
const extraProps: Record<string, () => Promise<object>> = {
  'admin/AdminHome': async () => ({ sections: (await import('./consoleSections')).consoleSections }),
};

/**
 * The route's loader: runs `ask` with the page's query cache. The server waits for the answers (its one
 * render needs them); the browser starts them and shows the page at once, its components reading them as
 * they arrive. Never fails: a failed answer is the page's own to show (or, on the server, to leave to the
 * browser, which asks again).
 */
function loaderOf(ask: PageData) {
  return async ({ context, params, url }: LoaderFunctionArgs) => {
    const { client, wait } = (context as RouterContextProvider).get(pageDataScope);
    const asked = ask({ client, params, url }).catch(() => undefined);
    if (wait) await asked;
    return null;
  };
}

// Data that is not the page's own, asked with it: the console's open section (consoleSections.tsx).
const extraData: Record<string, PageData> = {
  'admin/AdminHome': async (args) => (await import('./consoleSections')).consoleData(args),
};

function toRoute(entry: PageRoute): RouteObject {
  const element = page(entry, entry.props, extraProps[`${entry.feature}/${entry.page}`]);
  const children = entry.children?.map(toRoute);
  const own = pageDataModules[`../features/${entry.feature}/pages/${entry.page}.data.ts`];
  const extra = extraData[`${entry.feature}/${entry.page}`];
  const loader =
    own || extra
      ? loaderOf((args) => Promise.all([own?.().then((module) => module.pageData(args)), extra?.(args)]))
      : undefined;
  // Named, so the server's loader data (keyed by route id) is read by the same routes in the browser.
  const id = entry.path ?? `${entry.feature}/${entry.page}`;
  return entry.path === undefined
    ? { id, index: true, element, loader }
    : { id, path: entry.path, element, children, loader };
}

/**
 * The shell around every page. A page that throws while rendering (most often a chunk gone after a
 * deploy) shows RouteError until the member goes elsewhere.
 */
function Root() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Shell />
    </RouteErrorBoundary>
  );
}

/**
 * Every page under React Router's data router (createBrowserRouter in the app, createStaticHandler on
 * the server, createMemoryRouter in tests), each route's loader asking its page's data (app/pageData.ts)
 * and the shell's: who is reading and the site's settings.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    element: <Root />,
    loader: loaderOf(({ client }) =>
      Promise.all([client.prefetchQuery(currentUserQuery), client.prefetchQuery(publicConfigQuery)]),
    ),
    children: PAGE_ROUTES.map(toRoute),
  },
];
