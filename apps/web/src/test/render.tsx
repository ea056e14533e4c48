import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { Providers } from '../app/Providers';
import { createQueryClient } from '../app/queryClient';
import { routes } from '../app/routes';

export interface FakeServer {
  account?: unknown;
  config?: Record<string, unknown>;
}

/** Answers the shell's two calls the way the server would; anything else is a 404. */
export function stubServer({ account = null, config = {} }: FakeServer = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url.startsWith('/api/account')) {
      return account
        ? json(200, account)
        : json(401, { message: 'Not logged in', code: 401, type: 'user_unauthorized' });
    }
    if (url.startsWith('/api/public-config')) {
      return json(200, {
        communityName: 'Test Samaj',
        communityAbout: '',
        contactEmail: null,
        contactPhone: null,
        tileUrl: 'https://tiles.test/{z}/{x}/{y}.png',
        tileAttribution: 'Tiles',
        version: '0.0.0',
        ...config,
      });
    }
    return json(404, { message: 'Not found', code: 404, type: 'general_route_not_found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const client = createQueryClient();
  const utils = render(
    <Providers client={client}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...utils, router };
}
