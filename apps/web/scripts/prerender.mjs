// After `vite build` and the SSR build of src/prerender.tsx (dist-ssr/): renders each route marked
// `prerender` in pageRoutes.ts as a visitor first sees it and adds the HTML to dist/page-preloads.json,
// where the server finds it (apps/server platform/page-preloads.ts) and fills in the community's name.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// React's production build, as the browser runs it (the SSR bundle imports react-dom from node_modules).
process.env.NODE_ENV = 'production';
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const ssr = await import(pathToFileURL(path.join(root, 'dist-ssr/prerender.js')).href);
const {
  render,
  prerenderMember,
  PAGE_ROUTES,
  PAGE_PRELOADS_FILE,
  UNFILLED,
  PRERENDER_PARAM,
  PRERENDER_TEXTS,
  LABELS,
  memberScreenKey,
  prerenderPath,
  forwardTo,
  PRERENDER_CONFIG,
  PAGE_DRAWINGS,
  fillMarkers,
  text,
  renderPiece,
  feedElements,
  drawFeed,
  drawFeedCard,
  drawEventsStrip,
  FEED_CARD_SHAPES,
  FEED_MARKS: M,
  FEED_MARKED_TIME,
  FEED_MARKED_HEIGHT,
  FEED_MARKED_LIKES,
  FEED_MARKED_WIDTH,
  FEED_MARKED_COMMENTS,
  FEED_TIME_UNITS,
} = ssr;

/** `<title>`, `<meta>` and `<link>` other than stylesheets, as React's server renderer writes them. */
const HEAD_TAGS = /<title>[^<]*<\/title>|<meta [^>]*\/>|<link (?![^>]*rel="stylesheet")[^>]*\/>/g;

const preloadsPath = path.join(root, 'dist', PAGE_PRELOADS_FILE);
const preloads = JSON.parse(fs.readFileSync(preloadsPath, 'utf8'));

/**
 * The page at `routePath` drawn for this account (null: a visitor) with these boot data parts, checked
 * for what the server cannot fill.
 */
async function drawn(routePath, account = null, parts = {}) {
  // The head is the server's (the share card, from the same texts): React puts a page's title and
  // meta tags in the head itself once it runs, so here they would only be stray copies in the body.
  const html = (await render(prerenderPath(routePath), PRERENDER_CONFIG, account, parts)).replace(
    HEAD_TAGS,
    '',
  );
  // React's mark of a boundary whose server render failed (the app would draw it instead).
  if (html.includes('<!--$!-->')) throw new Error(`prerender: ${routePath} failed to render a part`);
  if (html.includes(UNFILLED))
    throw new Error(`prerender: ${routePath} shows a config text the server cannot fill`);
  // The server writes the asked path only into links back to the page; a param anywhere else would
  // show every visitor the same wrong value.
  if (
    html
      .split(forwardTo(prerenderPath(routePath)))
      .join('')
      .includes(PRERENDER_PARAM)
  )
    throw new Error(`prerender: ${routePath} shows a param outside a link back to it`);
  // The server fills the username in only as the app writes it in links.
  if (html.includes(PRERENDER_TEXTS.memberId))
    throw new Error(`prerender: ${routePath} shows the member's username outside a link`);
  return html;
}

/**
 * A member's first screen, once for each combination of the labels that change it. Each drawing is
 * made for two members who differ in everything but name, username and labels, and must come out
 * the same: the server fills in only those, so the page the app hydrates is the page it would draw.
 */
async function memberScreens(routePath) {
  const draw = async (labels) => {
    const [html, other] = await Promise.all([0, 1].map((v) => drawn(routePath, prerenderMember(labels, v))));
    if (html !== other)
      throw new Error(`prerender: ${routePath} for a member depends on more than name, username and labels`);
    return html;
  };
  const plain = await draw([]);
  const labels = [];
  for (const label of LABELS) if ((await draw([label])) !== plain) labels.push(label);
  if (labels.length > 2)
    throw new Error(`prerender: ${routePath} differs for ${labels.join(', ')}: too many drawings`);
  const screens = {};
  for (let mask = 0; mask < 1 << labels.length; mask++) {
    const held = labels.filter((_label, i) => mask & (1 << i));
    screens[memberScreenKey({ labels }, held)] = mask === 0 ? plain : await draw(held);
  }
  return { labels, screens };
}

/**
 * A visitor's first screen drawn with the page's answer (core drawings.ts): once per shape, with the
 * markers in place. Each sample answer is also drawn directly, and the drawing of its shape filled as
 * the server fills it must come out exactly the same — else the server would send a page the app
 * does not draw (and the build stops).
 */
async function dataScreens(routePath, part) {
  const drawing = PAGE_DRAWINGS[part];
  const shapes = {};
  for (const shape of drawing.shapes)
    shapes[shape] = await drawn(routePath, null, { [part]: drawing.marked(shape) });
  const texts = Object.fromEntries(Object.entries(drawing.texts).map(([name, key]) => [name, text(key)]));
  for (const [shape, html] of Object.entries(shapes)) {
    const marked = drawing.fills(drawing.marked(shape), texts).filter(([marker]) => html.includes(marker));
    if (marked.length === 0)
      throw new Error(`prerender: ${routePath} drawn as ${shape} shows none of ${part}`);
  }
  for (const sample of drawing.samples) {
    const direct = await drawn(routePath, null, { [part]: sample });
    const filled = fillMarkers(shapes[drawing.shape(sample)], drawing.fills(sample, texts));
    if (filled !== direct) {
      const at = [...direct].findIndex((c, i) => c !== filled[i]);
      throw new Error(
        `prerender: ${routePath} drawn with ${part} differs from the app's own drawing of a sample:\n` +
          `  app:    …${direct.slice(Math.max(0, at - 80), at + 80)}\n  filled: …${filled.slice(Math.max(0, at - 80), at + 80)}`,
      );
    }
  }
  return { part, shapes, texts };
}

// ---- A member's feed, drawn by the server with its first page (core feed-drawing.ts) -------------

/** React's escaping of text, as core's escapeHtml writes it. */
const escapeText = (value) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c],
  );

/** A time drawn at FEED_MARKED_TIME, its datetime and words as markers. */
function markTimes(html) {
  const iso = FEED_MARKED_TIME;
  const time = new RegExp(
    `(<time[^>]*date[tT]ime=")${iso.replace(/\./g, '\\.')}("[^>]*>)[^<]*(</time>)`,
    'g',
  );
  const marked = html.replace(time, (_all, open, attrs, close) => `${open}${M.iso}${attrs}${M.ago}${close}`);
  if (marked.includes(iso))
    throw new Error(
      `prerender: a feed time is written where the server cannot fill it: …${marked.slice(marked.indexOf(iso) - 200, marked.indexOf(iso) + 100)}`,
    );
  return marked;
}

const piece = async (node, events) => markTimes(await renderPiece(node, events));

/**
 * Where `on` differs from `base` (one optional piece more, or in place of another): the region of
 * `base` and what `on` has there. An inserted piece is moved to start with a tag and end with one.
 */
function difference(base, on) {
  let at = 0;
  while (at < base.length && at < on.length && base[at] === on[at]) at++;
  let tail = 0;
  while (tail < base.length - at && tail < on.length - at && base.at(-1 - tail) === on.at(-1 - tail)) tail++;
  const off = base.slice(at, base.length - tail);
  let mid = on.slice(at, on.length - tail);
  if (off === '') {
    for (let shift = 0; shift <= at && !(mid.startsWith('<') && mid.endsWith('>')); shift++) {
      if (base[at - 1] !== mid.at(-1)) break;
      mid = base[at - 1] + mid.slice(0, -1);
      at--;
    }
  }
  return { at, off, on: mid };
}

/** `base` with each region replaced by its slot marker (regions must not touch). */
function withSlots(base, regions) {
  const sorted = [...regions].sort((a, b) => b.at - a.at);
  let html = base;
  let limit = Number.POSITIVE_INFINITY;
  for (const r of sorted) {
    if (r.at + r.off.length > limit) throw new Error('prerender: two optional parts of a feed card overlap');
    html = html.slice(0, r.at) + r.slot + html.slice(r.at + r.off.length);
    limit = r.at;
  }
  return html;
}

const OTHER = 'another-member';
const markedUser = (labels = []) => ({ id: M.creator, name: M.name, dp: M.dp, labels });
const markedComment = {
  id: M.commentId,
  post: M.id,
  creator: M.creator,
  comment: M.text,
  type: 'comment',
  createdAt: FEED_MARKED_TIME,
  user: markedUser(),
};

/** A card of this shape with its texts as markers; `me` is the member it is drawn for. */
function markedCard(shape, changes = {}) {
  const status = shape.startsWith('rejected') ? 'rejected' : shape;
  return {
    id: M.id,
    creator: M.creator,
    description: M.text,
    file: null,
    fileWidth: null,
    fileHeight: null,
    status,
    rejectionReason: shape === 'rejected-reason' ? M.reason : null,
    createdAt: FEED_MARKED_TIME,
    user: markedUser(),
    liked: null,
    likeCount: FEED_MARKED_LIKES,
    commentCount: FEED_MARKED_COMMENTS,
    comments: [],
    ...changes,
  };
}
/** Approved cards are drawn for another member (the menu is the same); a banner only shows the author. */
const viewerOf = (shape) => (shape === 'approved' ? OTHER : M.creator);

/** One kind of card (the feed's, or a single post's `full` one) as core's CardPieces, and its comment list. */
async function cardPieces(full) {
  const card = (shape, changes, first = false) =>
    piece(feedElements.card(markedCard(shape, changes), viewerOf(shape), full, first));
  const cards = {};
  const regions = {};
  let firstImage;
  for (const shape of FEED_CARD_SHAPES) {
    const base = await card(shape);
    const pictured = { file: M.file, fileWidth: FEED_MARKED_WIDTH, fileHeight: FEED_MARKED_HEIGHT };
    const found = [
      { slot: M.verified, ...difference(base, await card(shape, { user: markedUser(['Verified']) })) },
      { slot: M.image, ...difference(base, await card(shape, pictured)) },
    ];
    // The first card's picture differs only in how it is asked for.
    firstImage ??= difference(base, await card(shape, pictured, true)).on;
    if (shape === 'approved') {
      found.push(
        { slot: M.like, ...difference(base, await card(shape, { liked: 'liked' })) },
        { slot: M.comments, ...difference(base, await card(shape, { comments: [markedComment] })) },
      );
    }
    if (!full) {
      // The text and its 'more': the long text's shown part is the server's (core truncateAtWord).
      const long = 'a'.repeat(101);
      const longCard = await card(shape, { description: long });
      const [before, after] = base.split(M.text);
      const shown = `${'a'.repeat(100)}...`;
      if (
        base.split(M.text).length !== 2 ||
        !longCard.startsWith(before + shown) ||
        !longCard.endsWith(after)
      )
        throw new Error(`prerender: a long post's text is drawn in an unexpected way (${shape})`);
      found.push({
        slot: M.more,
        at: before.length + M.text.length,
        off: '',
        on: longCard.slice(before.length + shown.length, longCard.length - after.length),
      });
    }
    let html = withSlots(base, found);
    // The feed's link to the comments: its words, with the count or without.
    const countWords = escapeText(text('posts:card.allCommentsCount', { count: FEED_MARKED_COMMENTS }));
    if (shape === 'approved' && !full) {
      if (html.split(countWords).length !== 2)
        throw new Error('prerender: the comments link is not drawn once');
      html = html.replace(countWords, M.allLink);
    }
    cards[shape] = html;
    for (const r of found) regions[r.slot] ??= [r.off, r.on];
  }
  return {
    pieces: {
      cards,
      verified: regions[M.verified],
      image: [...regions[M.image], firstImage],
      like: regions[M.like],
      more: regions[M.more] ?? ['', ''],
      allLink: full
        ? ['', '']
        : [
            escapeText(text('posts:card.allComments')),
            escapeText(text('posts:card.allCommentsCount', { count: FEED_MARKED_COMMENTS })),
          ],
    },
    list: regions[M.comments][1],
  };
}

async function feedPieces() {
  const [feedCard, fullCard] = [await cardPieces(false), await cardPieces(true)];
  const list = await piece(feedElements.comments([markedComment], OTHER));
  const [listOpen, listClose] = [list.indexOf('<li'), list.lastIndexOf('</li>') + '</li>'.length];
  if (feedCard.list !== list || fullCard.list !== list)
    throw new Error('prerender: a card draws its comments other than CommentList');
  const item = (me) =>
    piece(feedElements.comments([markedComment], me)).then((ul) =>
      ul.slice(listOpen, ul.lastIndexOf('</li>') + 5),
    );
  const bubbleOf = async (live) => {
    const events = [{ id: M.eventId, name: M.eventName, thumbnail: M.thumbnail, live }];
    const strip = await piece(feedElements.strip(), events);
    const start = strip.indexOf('<a');
    const end = strip.lastIndexOf('</a>') + '</a>'.length;
    return { strip: strip.slice(0, start) + M.bubbles + strip.slice(end), bubble: strip.slice(start, end) };
  };
  const [coming, live] = [await bubbleOf(false), await bubbleOf(true)];
  if (coming.strip !== live.strip)
    throw new Error('prerender: the events strip differs around a live bubble');
  const timeTexts = Object.fromEntries(
    FEED_TIME_UNITS.map((unit) => [unit, text(`common:time.${unit}`, { n: M.n })]),
  );
  return {
    feedCard: feedCard.pieces,
    fullCard: fullCard.pieces,
    list: list.slice(0, listOpen) + M.items + list.slice(listClose),
    comment: [await item(OTHER), await item(M.creator)],
    addPost: await piece(feedElements.addPost()),
    column: await piece(feedElements.column(M.cards)),
    strip: coming.strip,
    bubble: [coming.bubble, live.bubble],
    texts: { unknownUser: text('common:unknownUser'), ...timeTexts },
  };
}

/**
 * Sample feeds the server's rules (core drawFeedCard, drawEventsStrip) must rebuild exactly as
 * React renders them; else the build stops.
 */
async function checkFeedPieces(pieces) {
  const now = new Date();
  const ago = (minutes) => new Date(now.getTime() - minutes * 60_000 - 30_000).toISOString();
  const user = (id, name, dp, labels = []) => ({ id, name, dp, labels });
  const comment = (id, creator, text, minutes) => ({
    id,
    post: 'p',
    creator,
    comment: text,
    type: 'comment',
    createdAt: ago(minutes),
    user: user(creator, creator === 'gone' ? '' : `Name ${creator} <i>`, creator === 'ravi' ? 'f1' : ''),
  });
  const me = 'meera';
  const post = (changes) => ({
    id: 'p1',
    creator: 'ravi',
    description: 'નમસ્તે <b>&"\'$&',
    file: null,
    fileWidth: null,
    fileHeight: null,
    status: 'approved',
    rejectionReason: null,
    createdAt: ago(7),
    user: user('ravi', "Ravi O'Neil", 'f1'),
    liked: null,
    likeCount: 0,
    commentCount: 0,
    comments: [],
    ...changes,
  });
  const samples = [
    post({}),
    post({
      user: user('ravi', '', '', ['Verified']),
      file: 'img1',
      fileWidth: 1200,
      fileHeight: 1600,
      liked: 'l1',
      likeCount: 1500,
      createdAt: ago(60 * 30),
    }),
    post({
      description: `${'ક'.repeat(99)}\n${'x'.repeat(20)} ${M.name}`,
      comments: [comment('c1', 'meera', 'mine', 3), comment('c2', 'gone', `<script>${M.text}`, 90)],
      commentCount: 2,
      createdAt: ago(60 * 24 * 20),
    }),
    post({
      comments: [comment('c1', 'ravi', 'a', 1), comment('c2', 'meera', 'b', 2), comment('c3', 'x', 'c', 3)],
      commentCount: 12,
      likeCount: 2_000_000,
    }),
    post({
      creator: me,
      user: user(me, 'Meera', ''),
      status: 'requested',
      file: 'img2',
      createdAt: ago(60 * 30),
    }),
    post({
      creator: me,
      user: user(me, 'Meera', ''),
      status: 'rejected',
      rejectionReason: 'Not <ok> & "no"',
    }),
    post({
      creator: me,
      user: user(me, 'Meera', '', ['Verified']),
      status: 'rejected',
      description: 'x'.repeat(300),
    }),
    post({ creator: me, user: user(me, 'Meera', ''), status: 'unlisted', createdAt: ago(60 * 24 * 3) }),
  ];
  for (const [full, first] of [
    [false, false],
    [false, true],
    [true, false],
  ]) {
    for (const [i, sample] of samples.entries()) {
      const drawnCard = drawFeedCard(sample, me, pieces, now, M.ids, full, first);
      const react = await renderPiece(feedElements.card(sample, me, full, first));
      if (drawnCard !== react) {
        const at = [...react].findIndex((c, j) => c !== drawnCard?.[j]);
        throw new Error(
          `prerender: the ${full ? 'single post' : first ? "feed's first" : "feed's"} card ${i} drawn by the server differs from the app's:\n` +
            `  app:    …${react.slice(Math.max(0, at - 120), at + 80)}\n  drawn:  …${drawnCard?.slice(Math.max(0, at - 120), at + 80)}`,
        );
      }
    }
  }
  const events = [
    { id: 'e1', name: 'Navratri <b>', thumbnail: 'newuser', live: true },
    { id: 'e2', name: "Diwali's", thumbnail: 't2', live: false },
  ];
  if (drawEventsStrip(events, pieces) !== (await renderPiece(feedElements.strip(), events)))
    throw new Error("prerender: the feed's events strip drawn by the server differs from the app's");
  const whole = drawFeed(
    {
      // (Only samples whose members wrote no marker themselves.)
      feedPage: {
        documents: samples.filter((p) => !JSON.stringify(p).includes('__samaj_')),
        nextCursor: null,
      },
      eventsPage: { documents: events, nextCursor: null },
    },
    me,
    pieces,
    now,
  );
  const left = /__samaj_\w+?__/.exec(whole ?? '__samaj_nothing_drawn__');
  if (left) throw new Error(`prerender: the server's drawing of the feed leaves ${left[0]} in it`);
  return samples.length;
}

let piecesMade = false;
for (const route of PAGE_ROUTES.filter((r) => r.prerender || r.memberPrerender)) {
  const routePath = `/${route.path ?? ''}`;
  const page = preloads.pages.find((p) => p.path === routePath);
  if (!page) throw new Error(`prerender: ${routePath} is not in ${PAGE_PRELOADS_FILE}`);
  if (route.prerender) {
    page.visitorHtml = await drawn(routePath);
    console.log(`prerendered ${routePath}: ${page.visitorHtml.length} characters`);
  }
  if (route.memberPrerender) {
    page.memberHtml = await memberScreens(routePath);
    if (route.drawnForMember) {
      const slot = `data-drawn="${route.drawnForMember}"></div>`;
      for (const [key, html] of Object.entries(page.memberHtml.screens))
        if (html.split(slot).length !== 2)
          throw new Error(
            `prerender: ${routePath} for a member (${key || 'plain'}) has no one place for its drawing`,
          );
      if (!piecesMade) {
        piecesMade = true;
        preloads.feedPieces = await feedPieces();
        const checked = await checkFeedPieces(preloads.feedPieces);
        console.log(
          `prerendered the feed's pieces: ${JSON.stringify(preloads.feedPieces).length} characters, ${checked} sample cards rebuilt, feed and single`,
        );
      }
      page.memberHtml.drawnWith = route.drawnForMember;
    }
    const sizes = Object.entries(page.memberHtml.screens).map(
      ([key, html]) => `${key || 'member'} ${html.length}`,
    );
    console.log(`prerendered ${routePath} for members: ${sizes.join(', ')} characters`);
  }
  if (route.drawnWith) {
    page.dataHtml = await dataScreens(routePath, route.drawnWith);
    const sizes = Object.values(page.dataHtml.shapes).map((html) => html.length);
    console.log(
      `prerendered ${routePath} with ${route.drawnWith}: ${sizes.length} shapes, ${Math.min(...sizes)}–${Math.max(...sizes)} characters`,
    );
  }
}
fs.writeFileSync(preloadsPath, JSON.stringify(preloads));
// The SSR build is only a tool of this step: nothing serves it.
fs.rmSync(path.join(root, 'dist-ssr'), { recursive: true, force: true });
