// A member's feed, and a post opened from a shared link, drawn into the HTML with their posts. The
// feed's largest paint is the first post's text, and without it in the HTML that waits for the app's
// ~60 scripts (~4 s on a slow phone, docs/decisions.md). The app is not asked to hydrate this drawing:
// it sits in an element React leaves alone (`DrawnPart` in the page's loading state) and is replaced
// by the app's own cards, the same size, once they render. So it only has to look the same, and it is
// made from the app's own renders: the build renders each card shape, each optional piece and the
// form with markers (apps/web scripts/prerender.mjs), and fails unless these rules, given sample
// posts, rebuild exactly what React renders for them. The server fills the pieces with a member's
// answer (`MEMBER_DRAWINGS`).
import type { BootData } from './api/boot.ts';
import type { EventView } from './api/events.ts';
import type { CommentView, PostView } from './api/posts.ts';
import { DEFAULT_PICTURE_ID, POST_FEED_TRUNCATE } from './constants.ts';
import { escapeHtml, type Fills, fillMarkers } from './drawings.ts';
import { formatCount, relativeTime, truncateAtWord } from './format.ts';
import { hasLabel } from './labels.ts';
import { pictureAspect } from './preview.ts';

/** The page the feed is drawn on (its boot data parts are sent with it only). */
export const FEED_PAGE = /^\/posts\/?$/;
/** A single post's page: the param as the address has it (still encoded). */
export const POST_PAGE = /^\/post\/([^/]+)\/?$/;

/** Plain ASCII (unchanged by URL encoding and escaping); only ever looked for in the build's pieces. */
const mark = (name: string) => `__samaj_${name}__`;

/** The markers the build draws with and the server fills in. */
export const FEED_MARKS = {
  id: mark('id'),
  creator: mark('creator'),
  name: mark('name'),
  dp: mark('dp'),
  iso: mark('iso'),
  ago: mark('ago'),
  text: mark('text'),
  file: mark('file'),
  commentId: mark('comment'),
  reason: mark('reason'),
  /** Mantine's element ids (React's `identifierPrefix`): one per card, so no two drawn ids clash. */
  ids: mark('ids'),
  eventId: mark('event'),
  eventName: mark('eventname'),
  thumbnail: mark('thumb'),
  /** Slots: where an optional piece goes. */
  verified: mark('slot_verified'),
  image: mark('slot_image'),
  like: mark('slot_like'),
  more: mark('slot_more'),
  allLink: mark('slot_all'),
  comments: mark('slot_comments'),
  items: mark('slot_items'),
  cards: mark('slot_cards'),
  bubbles: mark('slot_bubbles'),
  /** In the build's texts: the number a text is written with. */
  n: mark('n'),
} as const;

/** Every time is drawn at this moment, and its text is then put in the marker's place. */
export const FEED_MARKED_TIME = '2000-01-01T00:00:00.000Z';
/** Counts drawn as these, written by formatCount as `876.5m` and `765.4m`, the server's to replace. */
export const FEED_MARKED_LIKES = 876_543_210;
export const FEED_MARKED_COMMENTS = 765_432_109;
/** A picture drawn this size, its `aspect-ratio` (core pictureAspect) the server's to replace. */
export const FEED_MARKED_WIDTH = 987_651;
export const FEED_MARKED_HEIGHT = 876_541;

/** The statuses a card is drawn in (a status banner, or reactions and comments), each a drawing. */
export const FEED_CARD_SHAPES = ['approved', 'requested', 'rejected', 'rejected-reason', 'unlisted'] as const;
export type FeedCardShape = (typeof FEED_CARD_SHAPES)[number];

/** The time texts' units (core relativeTime), keyed as in the web's `common:time.*`. */
export const FEED_TIME_UNITS = ['justNow', 'minutes', 'hour', 'hours', 'yesterday', 'days', 'weeks'] as const;

/** One kind of card's drawings: a drawing per shape and its optional pieces, each [absent, present]. */
export interface CardPieces {
  /** A card per shape, texts as markers and slots where optional pieces go. */
  cards: Record<FeedCardShape, string>;
  verified: [string, string];
  /** [absent, present, present on the first card (its picture asked for at once, ahead of the rest)]. */
  image: [string, string, string];
  like: [string, string];
  /** The feed's 'more' after a cut text (never in a whole post). */
  more: [string, string];
  /** The feed's link to the post's comments: [all shown, some shown (with the count)]. */
  allLink: [string, string];
}

/** dist/page-preloads.json's pieces for drawing a member's posts (see the file's comment). */
export interface FeedPieces {
  /** The feed's card, and the single post page's (PostCard `full`: the whole text, every comment). */
  feedCard: CardPieces;
  fullCard: CardPieces;
  /** The comment list around its items, and an item: [another's, the member's own]. */
  list: string;
  comment: [string, string];
  /** The new post form, the posts' column around its cards, the events strip around its bubbles. */
  addPost: string;
  column: string;
  strip: string;
  /** An event's bubble: [coming, live]. */
  bubble: [string, string];
  /** Texts in the default language: `unknownUser`, and each time unit with FEED_MARKS.n. */
  texts: Record<string, string>;
}

/** The event fields the strip shows. */
export type FeedEvent = Pick<EventView, 'id' | 'name' | 'thumbnail' | 'live'>;

/** What the feed is drawn from: the member's first answers of GET /api/posts and GET /api/events. */
export type FeedAnswer = Required<Pick<BootData, 'feedPage' | 'eventsPage'>>;

/** Which drawing fits this post; null when none (the skeleton is sent instead). */
export function feedCardShape(post: PostView, me: string): FeedCardShape | null {
  if (post.status === 'approved') return 'approved';
  // A status banner comes only on the member's own posts (the menu is theirs then, always shown).
  if (post.creator !== me) return null;
  if (post.status === 'rejected') return post.rejectionReason ? 'rejected-reason' : 'rejected';
  if (post.status === 'requested' || post.status === 'unlisted') return post.status;
  return null;
}

const picture = (id: string) => escapeHtml(encodeURIComponent(id || DEFAULT_PICTURE_ID));

function timeFills(date: string, texts: Readonly<Record<string, string>>, now: Date): Fills {
  const { unit, n } = relativeTime(date, now);
  const words = (texts[unit] ?? '').split(FEED_MARKS.n).join(String(n));
  return [
    [FEED_MARKS.iso, escapeHtml(new Date(date).toISOString())],
    [FEED_MARKS.ago, escapeHtml(words)],
  ];
}

const userName = (name: string, texts: Readonly<Record<string, string>>) =>
  escapeHtml(name || (texts.unknownUser ?? ''));

function drawComment(c: CommentView, me: string, pieces: FeedPieces, now: Date): string {
  return fillMarkers(pieces.comment[c.creator === me ? 1 : 0], [
    [FEED_MARKS.commentId, escapeHtml(c.id)],
    [FEED_MARKS.creator, escapeHtml(c.creator)],
    [FEED_MARKS.name, userName(c.user.name, pieces.texts)],
    [FEED_MARKS.dp, picture(c.user.dp)],
    [FEED_MARKS.text, escapeHtml(c.comment)],
    ...timeFills(c.createdAt, pieces.texts, now),
  ]);
}

/**
 * One post's card as the feed draws it, or (`full`) as its own page does; `ids` keeps its element ids
 * apart from the page's others; `first`: the list's first card (its picture asked for at once).
 */
export function drawFeedCard(
  post: PostView,
  me: string,
  pieces: FeedPieces,
  now: Date,
  ids: string,
  full = false,
  first = false,
): string | null {
  const shape = feedCardShape(post, me);
  if (!shape) return null;
  const drawn = full ? pieces.fullCard : pieces.feedCard;
  const some = (piece: [string, string], present: boolean) => piece[present ? 1 : 0];
  const cut = truncateAtWord(post.description, POST_FEED_TRUNCATE);
  const long = cut !== post.description;
  // First the build's own pieces into their slots, then the member's texts in one pass, so nothing a
  // member wrote is ever read as a marker.
  const card = fillMarkers(drawn.cards[shape], [
    [FEED_MARKS.verified, some(drawn.verified, hasLabel(post.user.labels, 'Verified'))],
    [FEED_MARKS.image, post.file ? drawn.image[first ? 2 : 1] : drawn.image[0]],
    [FEED_MARKS.like, some(drawn.like, Boolean(post.liked))],
    [FEED_MARKS.more, some(drawn.more, long && !full)],
    [FEED_MARKS.allLink, some(drawn.allLink, post.commentCount > post.comments.length)],
    [FEED_MARKS.comments, post.comments.length > 0 ? pieces.list : ''],
  ]);
  return fillMarkers(card, [
    [FEED_MARKS.id, escapeHtml(post.id)],
    [FEED_MARKS.creator, escapeHtml(post.creator)],
    [FEED_MARKS.name, userName(post.user.name, pieces.texts)],
    [FEED_MARKS.dp, picture(post.user.dp)],
    [FEED_MARKS.text, escapeHtml(full ? post.description : cut)],
    [FEED_MARKS.file, picture(post.file ?? '')],
    [pictureAspect(FEED_MARKED_WIDTH, FEED_MARKED_HEIGHT), pictureAspect(post.fileWidth, post.fileHeight)],
    [FEED_MARKS.reason, escapeHtml(post.rejectionReason ?? '')],
    [formatCount(FEED_MARKED_LIKES), escapeHtml(formatCount(post.likeCount))],
    [formatCount(FEED_MARKED_COMMENTS), escapeHtml(formatCount(post.commentCount))],
    [String(FEED_MARKED_COMMENTS), String(post.commentCount)],
    [FEED_MARKS.ids, ids],
    [FEED_MARKS.items, post.comments.map((c) => drawComment(c, me, pieces, now)).join('')],
    ...timeFills(post.createdAt, pieces.texts, now),
  ]);
}

/** The events strip as the feed draws it; empty without events (EventsStrip draws nothing then). */
export function drawEventsStrip(events: readonly FeedEvent[], pieces: FeedPieces): string {
  if (events.length === 0) return '';
  const bubbles = events.map((e) =>
    fillMarkers(pieces.bubble[e.live ? 1 : 0], [
      [FEED_MARKS.eventId, escapeHtml(e.id)],
      [FEED_MARKS.eventName, escapeHtml(e.name)],
      [FEED_MARKS.thumbnail, picture(e.thumbnail)],
    ]),
  );
  return fillMarkers(pieces.strip, [[FEED_MARKS.bubbles, bubbles.join('')]]);
}

/**
 * The member's feed column as the app will draw it — events, the new post form, the first page of
 * posts — or null when the answer has a post no drawing fits, or none (the skeleton stays then).
 */
export function drawFeed(answer: FeedAnswer, me: string, pieces: FeedPieces, now: Date): string | null {
  const posts = answer.feedPage.documents;
  if (posts.length === 0) return null;
  const cards: string[] = [];
  for (const [i, post] of posts.entries()) {
    const card = drawFeedCard(post, me, pieces, now, `feed${i}-`, false, i === 0);
    if (card === null) return null;
    cards.push(card);
  }
  return (
    drawEventsStrip(answer.eventsPage.documents, pieces) +
    fillMarkers(pieces.addPost, [[FEED_MARKS.ids, 'feed-form-']]) +
    fillMarkers(pieces.column, [[FEED_MARKS.cards, cards.join('')]])
  );
}

/** The boot data parts a member's page can be drawn with (routes marked `drawnForMember`). */
export type MemberDrawnPart = 'feedPage' | 'postPage';

/** How a member's page is drawn from its boot data: the parts it needs, and the drawing. */
export const MEMBER_DRAWINGS: Record<
  MemberDrawnPart,
  { parts: (keyof BootData)[]; draw(boot: BootData, pieces: FeedPieces, now: Date): string | null }
> = {
  feedPage: {
    parts: ['feedPage', 'eventsPage'],
    draw: ({ account, feedPage, eventsPage }, pieces, now) =>
      account && feedPage && eventsPage ? drawFeed({ feedPage, eventsPage }, account.id, pieces, now) : null,
  },
  postPage: {
    parts: ['postPage'],
    draw: ({ account, postPage }, pieces, now) =>
      account && postPage ? drawFeedCard(postPage.post, account.id, pieces, now, 'post-', true) : null,
  },
};
