// A visitor's first screen, rendered at build time (scripts/prerender.mjs) so the server can send it
// in the HTML: on a slow phone the page paints as soon as the HTML and styles arrive, and React then
// hydrates it (main.tsx) instead of drawing it from nothing. Only what a visitor sees on routes marked
// `prerender` in pageRoutes.ts, with the community's texts as placeholders the server fills in.
import { Stack } from '@mantine/core';
import {
  type AccountView,
  type BootData,
  type CommentView,
  FEED_MARKS,
  type FeedEvent,
  type PostView,
  PRERENDER_TEXTS,
  type PublicConfig,
  SINGLE_POST_MAX_WIDTH,
} from '@samaj/core';
import { type ReactNode, StrictMode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { MemoryRouter } from 'react-router';
import { Providers } from './app/Providers';
import { createQueryClient } from './app/queryClient';
import { AppRoutes } from './app/routes';
import { AddPost } from './features/posts/components/AddPost';
import { CommentList } from './features/posts/components/Comments';
import { EventsStrip } from './features/posts/components/EventsStrip';
import { PostCard } from './features/posts/components/PostCard';
import { seedBootData, serveBootData } from './lib/boot';
import { i18n, i18nReady } from './lib/i18n';

export {
  drawEventsStrip,
  drawFeed,
  drawFeedCard,
  FEED_CARD_SHAPES,
  FEED_MARKED_COMMENTS,
  FEED_MARKED_HEIGHT,
  FEED_MARKED_LIKES,
  FEED_MARKED_TIME,
  FEED_MARKED_WIDTH,
  FEED_MARKS,
  FEED_TIME_UNITS,
  fillMarkers,
  forwardTo,
  LABELS,
  MEMBER_DRAWINGS,
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
export const text = (key: string, values?: Record<string, unknown>): string => i18n.t(key, values);

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

/** Marks where a piece's own HTML starts and ends (MantineProvider writes its styles before it). */
const PIECE = '\uE000piece\uE000';

/**
 * One piece of a member's feed as the app renders it (static HTML, never hydrated: core
 * feed-drawing.ts), with these events in the strip's query. Element ids start with the ids marker.
 */
export async function renderPiece(node: ReactNode, events: FeedEvent[] = []): Promise<string> {
  await i18nReady;
  await i18n.loadNamespaces(['common', 'posts']);
  const client = createQueryClient();
  client.setQueryData(['events', 'strip'], { documents: events });
  const html = renderToStaticMarkup(
    <Providers client={client}>
      <MemoryRouter>
        {PIECE}
        {node}
        {PIECE}
      </MemoryRouter>
    </Providers>,
    { identifierPrefix: FEED_MARKS.ids },
  );
  client.clear();
  const inner = html.split(PIECE);
  if (inner.length !== 3) throw new Error('prerender: a feed piece did not render whole');
  return inner[1] as string;
}

/** The feed's parts as PostList and MemberHome draw them (scripts/prerender.mjs renders each). */
export const feedElements = {
  card: (post: PostView, me: string, full = false, first = false) =>
    full ? (
      <PostCard post={post} me={me} full maxWidth={SINGLE_POST_MAX_WIDTH} />
    ) : (
      <PostCard post={post} me={me} first={first} />
    ),
  comments: (comments: CommentView[], me: string) => (
    <CommentList comments={comments} me={me} busy={false} onDelete={() => {}} />
  ),
  addPost: () => <AddPost />,
  strip: () => <EventsStrip />,
  column: (cards: ReactNode) => (
    <Stack gap="md" w="100%" align="center">
      {cards}
    </Stack>
  ),
};
