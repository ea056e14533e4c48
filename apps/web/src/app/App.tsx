import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { Providers } from './Providers';
import { createQueryClient } from './queryClient';
import { createRouter } from './routes';

export function App() {
  const [client] = useState(createQueryClient);
  const [router] = useState(() => createRouter());
  return (
    <Providers client={client}>
      <RouterProvider router={router} />
    </Providers>
  );
}
