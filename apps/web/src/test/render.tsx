import { DEFAULT_PICTURE_ID, type PostView } from '@samaj/core';
import { render } from '@testing-library/react';
import { createMemoryRouter, matchRoutes, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { Providers } from '../app/Providers';
import { pageDataContext } from '../app/pageData';
import { createQueryClient } from '../app/queryClient';
import { routes } from '../app/routes';

/** A signed-in member without labels, as GET /api/account answers. */
export const testMember = {
  id: 'ramesh_patel',
  name: 'Ramesh Patel',
  email: 'ramesh@example.org',
  labels: [] as string[],
  createdAt: '2024-01-01T00:00:00.000Z',
  prefs: {} as Record<string, unknown>,
  surname: 'Patel',
};

/** A post by the test member, as the feed answers it. */
export function testPost(extra: Partial<PostView> = {}): PostView {
  return {
    id: 'p1',
    creator: testMember.id,
    description: 'Navratri garba at the wadi',
    file: null,
    fileWidth: null,
    fileHeight: null,
    status: 'approved',
    rejectionReason: null,
    createdAt: '2024-01-01T00:00:00.000Z',
    user: { id: testMember.id, name: testMember.name, dp: DEFAULT_PICTURE_ID, labels: [] },
    liked: null,
    likeCount: 0,
    commentCount: 0,
    comments: [],
    ...extra,
  };
}

export const testAdmin = { ...testMember, id: 'asha_admin', name: 'Asha Admin', labels: ['Admin'] };

/** One request as a route handler sees it. */
export interface FakeRequest {
  url: string;
  path: string;
  query: URLSearchParams;
  method: string;
  body: unknown;
}

/** An answer: status and JSON body (none for 204). `undefined` lets the default stub answer. */
export type FakeRoute = (request: FakeRequest) => { status?: number; body?: unknown } | undefined;

export interface FakeServer {
  account?: unknown;
  config?: Record<string, unknown>;
  /** The feature's own API, tried before the shell's two calls. */
  routes?: FakeRoute;
}

const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

function requestOf(input: RequestInfo | URL, init?: RequestInit): FakeRequest {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const parsed = new URL(url, 'http://localhost');
  let body: unknown = init?.body;
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body);
    } catch {
      // Not JSON: kept as sent.
    }
  }
  return { url, path: parsed.pathname, query: parsed.searchParams, method: init?.method ?? 'GET', body };
}

/** Answers the shell's two calls the way the server would, then `routes`; anything else is a 404. */
export function stubServer({ account = null, config = {}, routes: own }: FakeServer = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = requestOf(input, init);
    const answer = own?.(request);
    if (answer) return json(answer.status ?? 200, answer.body ?? null);
    if (request.path.startsWith('/api/account')) {
      return account
        ? json(200, account)
        : json(401, { message: 'Not logged in', code: 401, type: 'user_unauthorized' });
    }
    if (request.path === '/api/live/ice-servers') {
      return account
        ? json(200, { iceServers: (config as { iceServers?: unknown }).iceServers ?? [], expiresAt: null })
        : json(401, { message: 'Not logged in', code: 401, type: 'user_unauthorized' });
    }
    if (request.path.startsWith('/api/public-config')) {
      return json(200, {
        communityName: 'Test Samaj',
        communityAbout: '',
        contactEmail: null,
        contactPhone: null,
        tileUrl: 'https://tiles.test/{z}/{x}/{y}.png',
        tileAttribution: 'Tiles',
        version: '0.0.0',
        iceServers: [],
        liveMaxViewers: 12,
        ...config,
      });
    }
    return json(404, { message: 'Not found', code: 404, type: 'general_route_not_found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The requests the app made, as `METHOD /path?query`, optionally only those under a prefix. */
export function requestsTo(fetchMock: ReturnType<typeof stubServer>, prefix = '/api/'): string[] {
  return fetchMock.mock.calls
    .map(([input, init]) => requestOf(input as RequestInfo, init as RequestInit | undefined))
    .filter((r) => r.path.startsWith(prefix))
    .map((r) => `${r.method} ${r.url}`);
}

/**
 * The app at `path`; `router.state.location` is where it is now (it follows every navigation). The first
 * page starts as a hydrated one does, its loaders counted as run: its components ask for their data
 * themselves; each navigation after runs its route's loaders, as in the browser.
 */
export function renderApp(path: string) {
  const client = createQueryClient();
  const loaded = matchRoutes(routes, path) ?? [];
  const router = createMemoryRouter(routes, {
    initialEntries: [path],
    hydrationData: { loaderData: Object.fromEntries(loaded.map((match) => [match.route.id, null])) },
    getContext: () => pageDataContext({ client, wait: false }),
  });
  const utils = render(
    <Providers client={client}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...utils, router, client };
}
