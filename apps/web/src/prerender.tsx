// A visitor's first screen, rendered at build time (scripts/prerender.mjs) so the server can send it
// in the HTML: on a slow phone the page paints as soon as the HTML and styles arrive, and React then
// hydrates it (main.tsx) instead of drawing it from nothing. Only what a visitor sees on routes marked
// `prerender` in pageRoutes.ts, with the community's texts as placeholders the server fills in.
import { type AccountView, type BootData, PRERENDER_TEXTS, type PublicConfig } from '@samaj/core';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { MemoryRouter } from 'react-router';
import { Providers } from './app/Providers';
import { createQueryClient } from './app/queryClient';
import { AppRoutes } from './app/routes';
import { seedBootData, serveBootData } from './lib/boot';
import { i18n, i18nReady } from './lib/i18n';

export {
  fillMarkers,
  forwardTo,
  LABELS,
  memberScreenKey,
  PAGE_DRAWINGS,
  PAGE_PRELOADS_FILE,
  PRERENDER_PARAM,
  PRERENDER_TEXTS,
  prerenderPath,
} from '@samaj/core';
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

/**
 * A signed-in member for a member's first screen: name and username as the server's markers, these
 * labels, and the rest as `variant` picks — the build draws both variants and requires the same page,
 * so a first screen never shows (or depends on) what the server does not fill in.
 */
export function prerenderMember(labels: string[], variant: 0 | 1): AccountView {
  return {
    id: PRERENDER_TEXTS.memberId,
    name: PRERENDER_TEXTS.memberName,
    email: variant ? 'other@example.org' : `${UNFILLED}@example.com`,
    phone: variant ? null : UNFILLED,
    labels,
    createdAt: variant ? '2001-01-01T00:00:00.000Z' : '2024-06-01T10:00:00.000Z',
    surname: variant ? null : UNFILLED,
    prefs: variant
      ? { dp: 'newuser', dob: null, gender: null, marital_status: null, matrimony: null }
      : { dp: UNFILLED, dob: '1990-01-01', gender: 'Female', marital_status: 'Single', matrimony: UNFILLED },
  };
}

/** Texts in the default language (`namespace:key`), once a render has loaded their namespace. */
export const text = (key: string): string => i18n.t(key);

/**
 * Renders `path` before any API answer, as a visitor (or this member) sees it, with this public config
 * and these further boot data parts (a page drawn with its data).
 */
export async function render(
  path: string,
  publicConfig: PublicConfig = PRERENDER_CONFIG,
  account: AccountView | null = null,
  parts: BootData = {},
): Promise<string> {
  await i18nReady;
  const client = createQueryClient();
  const boot = { ...parts, account, publicConfig };
  serveBootData(boot);
  seedBootData(client, boot);
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
  serveBootData({});
  return html;
}
