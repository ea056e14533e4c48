// Every route of SPEC §2. Pages are code-split: the shell paints at once and only the page
// being opened is downloaded (the map page alone brings Leaflet).
import { type ComponentType, lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteError } from './RouteError';
import { PageFallback } from './shell/PageFallback';
import { Shell } from './shell/Shell';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

function page<P extends object>(load: Loader<P>, props?: P) {
  const Page = lazy(load);
  return (
    <Suspense fallback={<PageFallback />}>
      <Page {...((props ?? {}) as P)} />
    </Suspense>
  );
}

const ToolsHome = () => import('../features/tools/pages/ToolsHome');
const Placeholder = () => import('../features/placeholders/pages/Placeholder');

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Shell />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: page(ToolsHome) },
      { path: 'posts', element: page(() => import('../features/posts/pages/PostsHome')) },
      { path: 'login', element: page(() => import('../features/accounts/pages/Login')) },
      { path: 'signup', element: page(() => import('../features/accounts/pages/Signup')) },
      {
        path: 'publisher-request',
        element: page(() => import('../features/publisher/pages/PublisherRequest')),
      },
      { path: 'profile', element: page(() => import('../features/profiles/pages/Profile')) },
      { path: 'profile/:id', element: page(() => import('../features/profiles/pages/Profile')) },
      { path: 'post/:id', element: page(() => import('../features/posts/pages/SinglePost')) },
      { path: 'events', element: page(() => import('../features/events/pages/EventsList')) },
      { path: 'events/create', element: page(() => import('../features/events/pages/EventCreate')) },
      { path: 'event/:id', element: page(() => import('../features/events/pages/LiveEvent')) },
      { path: 'surnames', element: page(() => import('../features/surnames/pages/SurnameList')) },
      { path: 'surname/:id', element: page(() => import('../features/surnames/pages/SurnameDetail')) },
      { path: 'matrimony', element: page(() => import('../features/matrimony/pages/Matrimony')) },
      { path: 'community-map', element: page(() => import('../features/map/pages/CommunityMap')) },
      { path: 'scholarships', element: page(Placeholder, { kind: 'scholarships' as const }) },
      { path: 'jobs', element: page(Placeholder, { kind: 'jobs' as const }) },
      { path: 'businesses', element: page(Placeholder, { kind: 'businesses' as const }) },
      { path: 'venues', element: page(Placeholder, { kind: 'venues' as const }) },
      { path: 'personas', element: page(() => import('../features/placeholders/pages/Personas')) },
      { path: 'settings', element: page(() => import('../features/settings/pages/Settings')) },
      { path: 'settings/profile', element: page(() => import('../features/settings/pages/ManageProfile')) },
      {
        path: 'settings/notifications',
        element: page(() => import('../features/settings/pages/Notifications')),
      },
      { path: 'settings/privacy', element: page(() => import('../features/settings/pages/Privacy')) },
      { path: 'settings/help', element: page(() => import('../features/settings/pages/Help')) },
      { path: 'settings/about', element: page(() => import('../features/settings/pages/About')) },
      { path: 'admin/*', element: page(() => import('../features/admin/pages/AdminHome')) },
      { path: '*', element: page(() => import('../features/errors/pages/NotFound')) },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
