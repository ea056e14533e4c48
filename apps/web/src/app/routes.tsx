// Every route (docs/product/shell.md, "Route table"). Pages are code-split: the shell paints at once and only
// the page being opened is downloaded (the map page alone brings Leaflet).
import { type ComponentType, lazy, Suspense } from 'react';
import { type RouteObject, useLocation, useRoutes } from 'react-router';
import { TakenOver } from '../components/TakenOver';
import { loadNamespace } from '../lib/i18n';
import { PAGE_ROUTES, type PageRoute, pageNamespaces } from './pageRoutes';
import { RouteErrorBoundary } from './RouteError';
import { PageFallback } from './shell/PageFallback';
import { Shell } from './shell/Shell';

// biome-ignore lint/suspicious/noExplicitAny: each page declares its own props
type PageModule = { default: ComponentType<any> };
const pages = import.meta.glob<PageModule>(['../features/*/pages/*.tsx', '!../features/*/pages/*.test.tsx']);

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

function toRoute(entry: PageRoute): RouteObject {
  const element = page(entry, entry.props, extraProps[`${entry.feature}/${entry.page}`]);
  const children = entry.children?.map(toRoute);
  return entry.path === undefined ? { index: true, element } : { path: entry.path, element, children };
}

export const routes: RouteObject[] = [{ path: '/', element: <Shell />, children: PAGE_ROUTES.map(toRoute) }];

/**
 * The pages under whichever router holds them (BrowserRouter in the app, MemoryRouter in tests).
 * Declarative routing rather than a data router: no page loads data through the router, and the
 * data router's code was 17 KB gzip of the first load. A page that throws while rendering (most
 * often a chunk gone after a deploy) shows RouteError until the member goes elsewhere.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  const element = useRoutes(routes);
  return <RouteErrorBoundary resetKey={pathname}>{element}</RouteErrorBoundary>;
}
