import { describe, expect, it } from 'vitest';
import type { PostView } from './api/posts.ts';
import {
  type CardPieces,
  drawFeed,
  FEED_CARD_SHAPES,
  FEED_MARKED_HEIGHT,
  FEED_MARKED_WIDTH,
  type FeedPieces,
  feedCardShape,
  FEED_MARKS as M,
  MEMBER_DRAWINGS,
} from './feed-drawing.ts';

const card = (kind: string): CardPieces => ({
  cards: Object.fromEntries(
    FEED_CARD_SHAPES.map((shape) => [
      shape,
      `<article>${kind}:${shape}:${M.name}:${M.text}${M.more}${M.image}</article>`,
    ]),
  ) as CardPieces['cards'],
  verified: ['', ''],
  image: [
    '',
    `<img loading="lazy" src="${M.file}" style="aspect-ratio:${FEED_MARKED_WIDTH} / ${FEED_MARKED_HEIGHT}">`,
    `<img loading="eager" src="${M.file}" style="aspect-ratio:${FEED_MARKED_WIDTH} / ${FEED_MARKED_HEIGHT}">`,
  ],
  like: ['', ''],
  more: ['', '<button>more</button>'],
  allLink: ['', ''],
});
const pieces: FeedPieces = {
  feedCard: card('feed'),
  fullCard: card('full'),
  list: '',
  comment: ['', ''],
  addPost: '<form></form>',
  column: `<div>${M.cards}</div>`,
  strip: '',
  bubble: ['', ''],
  texts: { unknownUser: 'Unknown User' },
};

const post = (changes: Partial<PostView>): PostView => ({
  id: 'p1',
  creator: 'ravi',
  description: 'Hello',
  file: null,
  fileWidth: null,
  fileHeight: null,
  status: 'approved',
  rejectionReason: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  user: { id: 'ravi', name: 'Ravi', dp: '', labels: [] },
  liked: null,
  likeCount: 0,
  commentCount: 0,
  comments: [],
  ...changes,
});
const answer = (...posts: PostView[]) => ({
  feedPage: { documents: posts, nextCursor: null },
  eventsPage: { documents: [], nextCursor: null },
});
const now = new Date('2026-01-02T00:00:00.000Z');

describe('the feed drawn by the server', () => {
  it('draws each post in the shape of its status; a banner only on the viewer’s own post', () => {
    expect(feedCardShape(post({}), 'meera')).toBe('approved');
    expect(feedCardShape(post({ status: 'rejected', rejectionReason: 'x' }), 'ravi')).toBe('rejected-reason');
    expect(feedCardShape(post({ status: 'rejected' }), 'ravi')).toBe('rejected');
    expect(feedCardShape(post({ status: 'requested' }), 'meera')).toBeNull();
    expect(feedCardShape(post({ status: 'someday' }), 'ravi')).toBeNull();
  });

  it('draws nothing for an empty feed or one with a post no drawing fits (the placeholders stay)', () => {
    expect(drawFeed(answer(), 'meera', pieces, now)).toBeNull();
    expect(drawFeed(answer(post({}), post({ status: 'requested' })), 'meera', pieces, now)).toBeNull();
  });

  it('writes what members wrote escaped and once: a marker or slot in their text stays as they wrote it', () => {
    const text = `<script>${M.more}${M.name}</script>`;
    const html = drawFeed(
      answer(post({ description: text, user: { id: 'r', name: '', dp: '', labels: [] } })),
      'meera',
      pieces,
      now,
    );
    expect(html).toBe(
      `<form></form><div><article>feed:approved:Unknown User:&lt;script&gt;${M.more}${M.name}&lt;/script&gt;</article></div>`,
    );
    const image = drawFeed(answer(post({ file: 'a"b', description: 'x'.repeat(101) })), 'meera', pieces, now);
    expect(image).toContain(
      `${'x'.repeat(100)}...<button>more</button><img loading="eager" src="a%22b" style="aspect-ratio:auto">`,
    );
    // The picture's place is kept at its stored proportions before it arrives.
    // Only the first card's picture is asked for at once; the others wait until they are near the screen.
    const sized = drawFeed(
      answer(post({ id: 'p2', file: 'f2' }), post({ file: 'f1', fileWidth: 1200, fileHeight: 900 })),
      'meera',
      pieces,
      now,
    );
    expect(sized).toContain('<img loading="eager" src="f2" style="aspect-ratio:auto">');
    expect(sized).toContain('<img loading="lazy" src="f1" style="aspect-ratio:1200 / 900">');
  });

  it('draws a single post whole, for a member who may see it; nothing for a visitor', () => {
    const long = post({ description: 'x'.repeat(150) });
    const account = { id: 'meera' } as never;
    expect(MEMBER_DRAWINGS.postPage.draw({ account, postPage: { id: 'p1', post: long } }, pieces, now)).toBe(
      `<article>full:approved:Ravi:${'x'.repeat(150)}</article>`,
    );
    expect(
      MEMBER_DRAWINGS.postPage.draw({ account: null, postPage: { id: 'p1', post: long } }, pieces, now),
    ).toBeNull();
    expect(
      MEMBER_DRAWINGS.feedPage.draw({ account, feedPage: answer(long).feedPage }, pieces, now),
    ).toBeNull();
  });
});
