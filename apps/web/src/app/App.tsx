import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { createBrowserRouter, type HydrationState, RouterProvider } from 'react-router';
import { registerServiceWorkerWhenStable } from '../lib/serviceWorker';
import { Providers } from './Providers';
import { pageDataContext } from './pageData';
import { routes } from './routes';

/**
 * The browser's router over the app's routes, its loaders asking into `client`; `hydrationData` is the
 * server's (its loaders already ran for the page being hydrated, so they do not run again).
 */
export function createAppRouter(client: QueryClient, hydrationData?: HydrationState) {
  return createBrowserRouter(routes, {
    hydrationData,
    getContext: () => pageDataContext({ client, wait: false }),
  });
}

/**
 * The app around its query cache and router. Both are made once, outside React (main.tsx): a first
 * render that never commits (a keystroke while a server-rendered page is being taken over restarts it)
 * would otherwise make a second cache without the server's answers, draw a visitor as "unknown" and
 * throw the server's page away along with what they had typed.
 */
export function App({
  client,
  router,
  renderedAt = null,
}: {
  client: QueryClient;
  router: ReturnType<typeof createAppRouter>;
  renderedAt?: number | null;
}) {
  // Once the first screen is in (at the latest after 30 s); never in development.
  useEffect(() => registerServiceWorkerWhenStable(client), [client]);
  return (
    <Providers client={client} renderedAt={renderedAt}>
      <RouterProvider router={router} />
    </Providers>
  );
}
