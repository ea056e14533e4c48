// A visitor's first screen, rendered at build time (scripts/prerender.mjs) so the server can send it
// in the HTML: on a slow phone the page paints as soon as the HTML and styles arrive, and React then
// hydrates it (main.tsx) instead of drawing it from nothing. Only what a visitor sees on routes marked
// `prerender` in pageRoutes.ts, with the community's texts as placeholders the server fills in.
import { PRERENDER_TEXTS, type PublicConfig } from '@samaj/core';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { MemoryRouter } from 'react-router';
import { Providers } from './app/Providers';
import { createQueryClient } from './app/queryClient';
import { AppRoutes } from './app/routes';
import { seedBootData } from './lib/boot';
import { i18nReady } from './lib/i18n';

export { forwardTo, PAGE_PRELOADS_FILE, PRERENDER_PARAM, prerenderPath } from '@samaj/core';
export { PAGE_ROUTES } from './app/pageRoutes';

/** Marks a config text the server does not fill: a prerendered page showing it fails the build. */
export const UNFILLED = '\uE000unfilled\uE000';

/** The public config of a prerender: the community's name as the server's marker, nothing else shown. */
export const PRERENDER_CONFIG: PublicConfig = {
  communityName: PRERENDER_TEXTS.community,
  communityAbout: UNFILLED,
  contactEmail: UNFILLED,
  contactPhone: UNFILLED,
  tileUrl: UNFILLED,
  tileAttribution: UNFILLED,
  version: UNFILLED,
  vapidPublicKey: null,
  iceServers: [],
  liveMaxViewers: 0,
};

/** Renders `path` as a visitor sees it before any API answer, with this public config. */
export async function render(path: string, publicConfig: PublicConfig = PRERENDER_CONFIG): Promise<string> {
  await i18nReady;
  const client = createQueryClient();
  seedBootData(client, { account: null, publicConfig });
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Providers client={client}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
        </MemoryRouter>
      </Providers>
    </StrictMode>,
    // Every boundary inline, in order: no streaming instructions (inline scripts) in the page.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += chunk;
  client.clear();
  return html;
}
