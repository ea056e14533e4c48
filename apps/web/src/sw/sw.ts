// The service worker (built by vite-plugin-pwa's injectManifest into /sw.js): pages network-first
// (rendered by the server) with the last copy of each kept for offline reading, the app shell and its
// files from the precache, image previews stale-while-revalidate, API reads network-first with a short
// cache, and Web Push notifications.
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import {
  isAppNavigation,
  isCacheableApiRead,
  isImagePreview,
  mayStore,
  notificationTarget,
  RUNTIME_CACHES,
  readPushPayload,
} from './paths';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A new version waits until the member chooses to reload (the page posts SKIP_WAITING); the first
// install takes over the open page at once so it works offline after one visit.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
clientsClaim();

/** Only answers the server allowed to be stored (`no-store` marks another member's private file). */
const storable = {
  cacheWillUpdate: async ({ response }: { response: Response }) => (mayStore(response) ? response : null),
};

registerRoute(
  ({ request, url }) =>
    request.method === 'GET' && url.origin === self.location.origin && isImagePreview(url.pathname),
  new StaleWhileRevalidate({
    cacheName: RUNTIME_CACHES.previews,
    plugins: [
      storable,
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 7 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
);

registerRoute(
  ({ request, url }) =>
    request.method === 'GET' && url.origin === self.location.origin && isCacheableApiRead(url.pathname),
  new NetworkFirst({
    cacheName: RUNTIME_CACHES.api,
    // A slow connection falls back to the last answer after a few seconds instead of spinning.
    networkTimeoutSeconds: 4,
    plugins: [
      storable,
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
);

// Pages of the app come from the network first: the server renders each with its content, in the
// member's language (apps/server platform/ssr.ts). The last copy of each page this member opened is
// kept (their own, in their own browser; emptied at logout with the other runtime caches), so a page
// opens offline — or after a few seconds without an answer — as they last saw it; a page never opened
// gets the precached shell, whose app draws it from the API answers kept. The server's own paths
// (/api, /peerjs, /realtime) are never answered here.
const pages = new NetworkFirst({
  cacheName: RUNTIME_CACHES.pages,
  networkTimeoutSeconds: 4,
  plugins: [
    storable,
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 50, maxAgeSeconds: 7 * 24 * 60 * 60, purgeOnQuotaError: true }),
    {
      handlerDidError: async () =>
        (await matchPrecache('/index.html')) ?? (await matchPrecache('/offline.html')) ?? Response.error(),
    },
  ],
});

registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' && url.origin === self.location.origin && isAppNavigation(url.pathname),
  pages,
);

self.addEventListener('push', (event) => {
  let data: unknown = null;
  try {
    data = event.data?.json();
  } catch {
    data = null;
  }
  const payload = readPushPayload(data);
  if (!payload) return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/favicon-32.png',
      data: { url: payload.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = notificationTarget(
    (event.notification.data as { url?: string } | null)?.url,
    self.location.origin,
  );
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      // Reuse an open window of the app rather than stacking new ones.
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        await open.navigate(target).catch(() => self.clients.openWindow(target));
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
