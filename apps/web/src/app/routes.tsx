// Every route of SPEC §2. Pages are code-split: the shell paints at once and only the page
// being opened is downloaded (the map page alone brings Leaflet).
import { type ComponentType, lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { loadNamespace } from '../lib/i18n';
import { consoleSections } from './consoleSections';
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

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Shell />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: page('tools', 'ToolsHome') },
      { path: 'posts', element: page('posts', 'PostsHome') },
      { path: 'login', element: page('accounts', 'Login') },
      { path: 'signup', element: page('accounts', 'Signup') },
      {
        path: 'publisher-request',
        element: page('publisher', 'PublisherRequest'),
      },
      { path: 'profile', element: page('profiles', 'Profile') },
      {
        path: 'profile/:id',
        element: page('profiles', 'Profile'),
        children: [{ index: true, element: page('posts', 'MemberPosts') }],
      },
      { path: 'post/:id', element: page('posts', 'SinglePost') },
      { path: 'events', element: page('events', 'EventsList') },
      { path: 'events/create', element: page('events', 'EventCreate') },
      { path: 'event/:id', element: page('events', 'LiveEvent') },
      { path: 'surnames', element: page('surnames', 'SurnameList') },
      { path: 'surname/:id', element: page('surnames', 'SurnameDetail') },
      { path: 'matrimony', element: page('matrimony', 'Matrimony') },
      { path: 'community-map', element: page('map', 'CommunityMap') },
      {
        path: 'scholarships',
        element: page('placeholders', 'Placeholder', { kind: 'scholarships' as const }),
      },
      { path: 'jobs', element: page('placeholders', 'Placeholder', { kind: 'jobs' as const }) },
      { path: 'businesses', element: page('placeholders', 'Placeholder', { kind: 'businesses' as const }) },
      { path: 'venues', element: page('placeholders', 'Placeholder', { kind: 'venues' as const }) },
      { path: 'personas', element: page('placeholders', 'Personas') },
      { path: 'settings', element: page('settings', 'Settings') },
      { path: 'settings/profile', element: page('settings', 'ManageProfile') },
      { path: 'settings/notifications', element: page('push', 'NotificationSettings') },
      { path: 'settings/privacy', element: page('settings', 'Privacy') },
      { path: 'settings/help', element: page('settings', 'Help') },
      { path: 'settings/about', element: page('settings', 'About') },
      { path: 'admin/*', element: page('admin', 'AdminHome', { sections: consoleSections }) },
      { path: '*', element: page('errors', 'NotFound') },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
