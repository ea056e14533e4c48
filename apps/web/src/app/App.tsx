import { useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { seedBootData, takeBootData } from '../lib/boot';
import { registerServiceWorkerWhenStable } from '../lib/serviceWorker';
import { Providers } from './Providers';
import { createQueryClient } from './queryClient';
import { AppRoutes } from './routes';

export function App() {
  const [client] = useState(() => {
    const created = createQueryClient();
    seedBootData(created, takeBootData());
    return created;
  });
  // Once the first screen is in (at the latest after 30 s); never in development.
  useEffect(() => registerServiceWorkerWhenStable(client), [client]);
  return (
    <Providers client={client}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  );
}
