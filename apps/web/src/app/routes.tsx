// Every route of SPEC §2. Pages are code-split: the shell paints at once and only the page
// being opened is downloaded (the map page alone brings Leaflet).
import { type ComponentType, lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { loadNamespace } from '../lib/i18n';
import { consoleSections } from './consoleSections';
import { PAGE_ROUTES, type PageRoute } from './pageRoutes';
import { RouteError } from './RouteError';
import { PageFallback } from './shell/PageFallback';
import { Shell } from './shell/Shell';

// biome-ignore lint/suspicious/noExplicitAny: each page declares its own props
type PageModule = { default: ComponentType<any> };
const pages = import.meta.glob<PageModule>(['../features/*/pages/*.tsx', '!../features/*/pages/*.test.tsx']);

/**
 * `features/<feature>/pages/<name>.tsx`, code-split; its code and its feature's translations
 * (locales/<lang>/<feature>.json, same name) are fetched together.
 */
function page<P extends object>(feature: string, name: string, props?: P) {
  const load = pages[`../features/${feature}/pages/${name}.tsx`];
  if (!load) throw new Error(`No page features/${feature}/pages/${name}.tsx`);
  const Page = lazy(async () => {
    const [module] = await Promise.all([load(), loadNamespace(feature)]);
    return module;
  });
  return (
    <Suspense fallback={<PageFallback />}>
      <Page {...((props ?? {}) as P)} />
    </Suspense>
  );
}

// Props that are not data: the console's tabs come from several features (consoleSections.tsx).
const extraProps: Record<string, object> = { 'admin/AdminHome': { sections: consoleSections } };

function toRoute(entry: PageRoute): RouteObject {
  const props = { ...entry.props, ...extraProps[`${entry.feature}/${entry.page}`] };
  const element = page(entry.feature, entry.page, props);
  const children = entry.children?.map(toRoute);
  return entry.path === undefined ? { index: true, element } : { path: entry.path, element, children };
}

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Shell />,
    errorElement: <RouteError />,
    children: PAGE_ROUTES.map(toRoute),
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
