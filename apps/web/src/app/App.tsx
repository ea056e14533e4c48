import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { registerServiceWorkerWhenStable } from '../lib/serviceWorker';
import { Providers } from './Providers';
import { AppRoutes } from './routes';

/**
 * The app around its query cache. The cache is made once, outside React (main.tsx): a first render
 * that never commits (a tap while a prerendered page is being taken over restarts it) would otherwise
 * make a second cache without the page's boot data, draw a visitor as "unknown" and throw the
 * prerendered screen away along with what they had typed.
 */
export function App({ client, renderedAt = null }: { client: QueryClient; renderedAt?: number | null }) {
  // Once the first screen is in (at the latest after 30 s); never in development.
  useEffect(() => registerServiceWorkerWhenStable(client), [client]);
  return (
    <Providers client={client} renderedAt={renderedAt}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  );
}
