import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { registerServiceWorkerWhenStable } from '../lib/serviceWorker';
import { Providers } from './Providers';
import { AppRoutes } from './routes';

/**
 * The app around its query cache. The cache is made once, outside React (main.tsx): a first render
 * that never commits (a keystroke while a server-rendered page is being taken over restarts it) would
 * otherwise make a second cache without the server's answers, draw a visitor as "unknown" and throw
 * the server's page away along with what they had typed.
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
