// Share cards as a crawler sees them: the HTML for a page fetched without running any script.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BOOT_DATA_ID,
  type BootData,
  type CardPieces,
  escapeHtml,
  FEED_CARD_SHAPES,
  FEED_MARKED_COMMENTS,
  FEED_MARKED_LIKES,
  FEED_MARKS,
  FEED_TIME_UNITS,
  type FeedPieces,
  formatCount,
  type PagePreloadsFile,
  POST_FEED_TRUNCATE,
  type PostStatus,
  PRERENDER_TEXTS,
  type ShareMetaFile,
  surnamePageDrawing,
  truncateAtWord,
} from '@samaj/core';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { call, postWithImage, setPicture, upload } from '../../test/api.ts';
import { describeEachDatabase, tempDir } from '../../test/harness.ts';
import { createAdmin, createMember, grantLabel, uniqueUsername } from '../../test/members.ts';
import { event, post, surname, user } from '../db/schema/index.ts';
import { fill } from './share-card.ts';

const META: ShareMetaFile = {
  pages: {
    '/': { title: 'ટૂલ્સ', description: 'બધું એક જ જગ્યાએ.' },
    '/surnames': { title: 'અટકોની યાદી', description: 'સમાજની બધી અટકો.' },
    '/matrimony': { title: 'મેટ્રિમોની', description: 'ખાનગી લગ્ન પરિચય.' },
  },
  items: {
    surname: {
      title: 'અટકોની યાદી',
      description: 'સમાજની બધી અટકો.',
      itemTitle: '{{id}} - surname',
      itemDescription: '{{id}} અટકનો ઇતિહાસ.',
    },
    post: { title: 'પોસ્ટ', description: 'સમાજના સભ્યની પોસ્ટ.', itemTitle: '{{name}} ની પોસ્ટ' },
    event: { title: 'Events', description: 'લાઇવ પ્રસારણ.' },
    profile: {
      title: 'પ્રોફાઇલ',
      description: 'સભ્યની પ્રોફાઇલ.',
      itemDescription: 'સમાજમાં {{name}}ની પ્રોફાઇલ.',
    },
  },
};

const HOSTILE = '"><script>alert(1)</script>';

const none = { scripts: [], styles: [], data: [] };
/** A surname's page as the build draws it with a (marked) answer: every text it fills in. */
const surnameDrawing = (shape: string) => {
  const { view } = surnamePageDrawing.marked(shape);
  return (
    `<main><h1>${view.name_guj}</h1><p>${view.name}</p><p>${formatCount(view.user_count)} members</p>` +
    `<p>${view.pronounce}|${view.gotra}|${view.gam}|${view.kuldevta}</p><div>${view.description}</div>` +
    `<a href="/login?forward=%2Fsurname%2Fprerendered">Login</a><b>${shape}</b></main>`
  );
};
/** A page's own files and nothing else. */
const page = (path: string, scripts: string[], styles: string[] = []) => ({
  path,
  scripts,
  styles,
  data: [],
  member: none,
});
/** The feed's pieces as the build renders them from the app's cards: every marker and slot, in tags. */
const M = FEED_MARKS;
const feedCard = (kind: string): CardPieces => ({
  cards: Object.fromEntries(
    FEED_CARD_SHAPES.map((shape) => [
      shape,
      `<article data-shape="${shape}" data-kind="${kind}" data-id="${M.id}" id="${M.ids}x"><a href="/profile/${M.creator}">` +
        `<img src="/api/files/${M.dp}/preview" alt="${M.name}">${M.name}</a>${M.verified}` +
        `<time datetime="${M.iso}">${M.ago}</time><p>${M.text}${M.more}</p>${M.image}<i>${M.reason}</i>` +
        `${M.like}<span>${formatCount(FEED_MARKED_LIKES)}|${formatCount(FEED_MARKED_COMMENTS)}</span>` +
        `<a>${M.allLink}</a>${M.comments}</article>`,
    ]),
  ) as CardPieces['cards'],
  verified: ['', '<b>Verified</b>'],
  image: [
    '',
    `<img src="/api/files/${M.file}/preview" alt="${M.name}">`,
    `<img fetchpriority="high" src="/api/files/${M.file}/preview" alt="${M.name}">`,
  ],
  like: ['<button>Like</button>', '<button>Unlike</button>'],
  more: ['', ' <button>more</button>'],
  allLink: ['all comments', `all comments (${FEED_MARKED_COMMENTS})`],
});
const FEED_PIECES: FeedPieces = {
  feedCard: feedCard('feed'),
  fullCard: feedCard('full'),
  list: `<ul>${M.items}</ul>`,
  comment: [
    `<li id="${M.commentId}"><a href="/profile/${M.creator}">${M.name}</a> <time datetime="${M.iso}">${M.ago}</time> ${M.text}</li>`,
    `<li id="${M.commentId}"><a href="/profile/${M.creator}">${M.name}</a> <time datetime="${M.iso}">${M.ago}</time> ${M.text}<button>Delete</button></li>`,
  ],
  addPost: `<form id="${M.ids}f">New post</form>`,
  column: `<div class="cards">${M.cards}</div>`,
  strip: `<section>${M.bubbles}</section>`,
  bubble: [
    `<a href="/event/${M.eventId}"><img src="/api/files/${M.thumbnail}/preview">${M.eventName}</a>`,
    `<a href="/event/${M.eventId}"><img src="/api/files/${M.thumbnail}/preview">LIVE</a>`,
  ],
  texts: {
    unknownUser: 'Unknown User',
    ...Object.fromEntries(FEED_TIME_UNITS.map((unit) => [unit, `${unit}:${M.n}`])),
  },
};
const FEED_SLOT = '<div class="samaj-drawn" inert="" data-drawn="feedPage"></div>';
const POST_SLOT = '<div class="samaj-drawn" inert="" data-drawn="postPage"></div>';

const PRELOADS: PagePreloadsFile = {
  pages: [
    {
      ...page('/', ['/assets/ToolsHome-1.js'], ['/assets/ToolsHome-1.css']),
      visitorHtml: `<main><h1>${PRERENDER_TEXTS.community}</h1><p>Welcome</p></main>`,
    },
    {
      path: '/posts',
      scripts: ['/assets/PostsHome-1.js'],
      styles: [],
      data: [],
      member: {
        scripts: ['/assets/MemberHome-1.js'],
        styles: ['/assets/MemberHome-1.css'],
        data: ['/api/posts', '/api/events'],
      },
      memberHtml: {
        labels: [],
        screens: {
          '': `<main><a href="/profile/${encodeURIComponent(PRERENDER_TEXTS.memberId)}">${PRERENDER_TEXTS.memberName}</a>${FEED_SLOT}<p>Loading</p></main>`,
        },
        drawnWith: 'feedPage',
      },
    },
    { ...page('/surnames', ['/assets/SurnameList-1.js']), data: ['/api/surnames?limit=100'] },
    {
      ...page('/surname/:id', ['/assets/SurnameDetail-1.js', '/assets/Card-1.js']),
      data: ['/api/surnames/:id'],
      visitorHtml: '<main><a href="/surnames">Back</a><p>Loading</p></main>',
      dataHtml: {
        part: 'surnamePage',
        shapes: Object.fromEntries(surnamePageDrawing.shapes.map((shape) => [shape, surnameDrawing(shape)])),
        texts: { unknown: 'અજ્ઞાત' },
      },
    },
    {
      ...page('/events', ['/assets/EventsList-1.js'], ['/assets/EventsList-1.css']),
      member: {
        scripts: ['/assets/EventsMember-1.js'],
        styles: ['/assets/EventsMember-1.css'],
        data: ['/api/events'],
      },
      memberHtml: {
        labels: ['Publisher'],
        screens: {
          '': `<main><a href="/profile/${encodeURIComponent(PRERENDER_TEXTS.memberId)}">${PRERENDER_TEXTS.memberName}</a><p>Events</p></main>`,
          Publisher: `<main><a href="/profile/${encodeURIComponent(PRERENDER_TEXTS.memberId)}">${PRERENDER_TEXTS.memberName}</a><p>Events</p><button>Create</button></main>`,
        },
      },
    },
    page('/events/create', ['/assets/EventCreate-1.js']),
    {
      ...page('/login', ['/assets/Login-1.js'], ['/assets/Login-1.css']),
      visitorHtml: `<main><h1>${PRERENDER_TEXTS.community}</h1><p>Login</p></main>`,
    },
    page('/event/:id', ['/assets/LiveEvent-1.js']),
    {
      ...page('/post/:id', ['/assets/SinglePost-1.js']),
      member: { scripts: ['/assets/PostView-1.js'], styles: [], data: ['/api/posts/:id'] },
      visitorHtml:
        '<main><a href="/login?forward=%2Fpost%2Fprerendered">Login</a>' +
        '<a href="/signup?forward=%2Fpost%2Fprerendered&amp;x=1">Sign up</a><p>prerendered</p></main>',
      memberHtml: {
        labels: [],
        screens: { '': `<main><button>Back</button>${POST_SLOT}<p>Loading</p></main>` },
        drawnWith: 'postPage',
      },
    },
    page('/admin/*', ['/assets/AdminHome-1.js']),
    page('/*', ['/assets/NotFound-1.js']),
  ],
  feedPieces: FEED_PIECES,
};

/** A built web app as the server reads it: index.html, share-meta.json and the app icon. */
function builtApp(): string {
  const dist = tempDir('samaj-dist-');
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="gu"><head><meta charset="UTF-8" /><title>Samaj</title>' +
      '<script type="module" crossorigin src="/assets/index-1.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/app.js"></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dist, 'share-meta.json'), JSON.stringify(META));
  fs.writeFileSync(path.join(dist, 'page-preloads.json'), JSON.stringify(PRELOADS));
  fs.mkdirSync(path.join(dist, 'icons'));
  fs.copyFileSync(
    fileURLToPath(new URL('../../../web/public/icons/icon-512.png', import.meta.url)),
    path.join(dist, 'icons', 'icon-512.png'),
  );
  return dist;
}

/** How the page starts the app: its module script at once, or the starter after the first paint. */
function appScripts(html: string) {
  const starter =
    /<script src="\/start\.js" data-entry="([^"]+)" data-modules="([^"]*)" defer><\/script>/.exec(html);
  if (starter) {
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('rel="modulepreload"');
    return {
      entry: starter[1],
      modules: (starter[2] ?? '').split(' ').filter(Boolean),
      started: 'after first paint',
    };
  }
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html)?.[1];
  const modules = [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
  return { entry, modules, started: 'at once' };
}

/** The head of the HTML sent for `url`: each tag's value by its name. */
function tags(html: string) {
  const all = (re: RegExp) => [...html.matchAll(re)].map((m) => m[1]);
  const meta = (attribute: string, name: string) =>
    all(new RegExp(`<meta ${attribute}="${name.replace(':', '\\:')}" content="([^"]*)"`, 'g'));
  return {
    titles: all(/<title[^>]*>([^<]*)<\/title>/g),
    description: meta('name', 'description'),
    canonical: all(/<link rel="canonical" href="([^"]*)"/g),
    ogTitle: meta('property', 'og:title'),
    ogImage: meta('property', 'og:image')[0],
    ogUrl: meta('property', 'og:url')[0],
    twitterCard: meta('name', 'twitter:card')[0],
  };
}

describe('share card text', () => {
  it('escapes what could end an attribute or open a tag', () => {
    expect(escapeHtml(`a&b<c>"d"'e'`)).toBe('a&amp;b&lt;c&gt;&quot;d&quot;&#x27;e&#x27;');
  });
  it('fills the templates the web build writes', () => {
    expect(fill('{{id}} - surname', { id: 'Patel' })).toBe('Patel - surname');
    expect(fill('{{ name }} ની પોસ્ટ', { name: 'Asha' })).toBe('Asha ની પોસ્ટ');
  });
});

describeEachDatabase(
  'share cards',
  (ctx) => {
    const page = async (url: string) => {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { 'user-agent': 'WhatsApp/2.23' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('private, no-cache');
      return res.body;
    };
    const origin = () => ctx.app.config.publicUrl.replace(/\/$/, '');
    const communityCard = () => `${origin()}/share-card.png`;

    it('gives the home page and a list page their own title, description and canonical URL', async () => {
      for (const [url, text] of [
        ['/', META.pages['/']],
        ['/surnames', META.pages['/surnames']],
        ['/surnames/', META.pages['/surnames']],
      ] as const) {
        const html = await page(url);
        const head = tags(html);
        expect(head.titles).toEqual([`${text?.title} | ${ctx.app.config.communityName}`]);
        expect(head.description).toEqual([text?.description]);
        expect(head.canonical).toEqual([`${origin()}${url}`]);
        expect(head.ogImage).toBe(communityCard());
        expect(html).toContain('og:image:width" content="1200"');
        // The app itself is still there (the home page's holds its prerendered first screen).
        expect(html).toContain('<div id="root">');
        expect(appScripts(html).entry).toBe('/assets/index-1.js');
        expect(appScripts(html).modules).toContain('/assets/app.js');
      }
    });

    it('names a surname and says what its description says, escaped', async () => {
      await ctx.app.db.insert(surname).values({
        id: 'Sharecard',
        name: 'Sharecard',
        name_guj: 'શેરકાર્ડ',
        // Stored HTML is sanitized on write; hostile text is still only ever text here.
        description: `<p>Our <b>history</b> &amp; ${escapeHtml(HOSTILE)}</p>`,
      });
      const html = await page('/surname/Sharecard?utm_source=whatsapp');
      const head = tags(html);
      expect(head.titles).toEqual([
        'Sharecard - surname | Samaj'.replace('Samaj', ctx.app.config.communityName),
      ]);
      expect(head.description[0]).toBe(escapeHtml(`શેરકાર્ડ: Our history & ${HOSTILE}`));
      expect(head.canonical).toEqual([`${origin()}/surname/Sharecard`]);
      expect(html).not.toContain('<script>alert');
    });

    it('shows an approved post with its author, text and picture — and nothing of one under review or rejected', async () => {
      const author = await createMember(ctx.app, { name: `Asha ${HOSTILE}` });
      const approved = await postWithImage(ctx.app, author);
      await ctx.app.db.update(post).set({ status: 'approved' }).where(eq(post.id, approved.id));
      const html = await page(`/post/${approved.id}`);
      const head = tags(html);
      expect(head.titles).toEqual([escapeHtml(`Asha ${HOSTILE} ની પોસ્ટ | ${ctx.app.config.communityName}`)]);
      expect(head.description).toEqual(['A post with a photo']);
      expect(head.ogImage).toBe(`${origin()}/api/files/${approved.file}/preview?width=490`);
      expect(head.twitterCard).toBe('summary_large_image');
      expect(html).not.toContain('<script>alert');

      const secret = 'Private words under review';
      const waiting = await upload(ctx.app, '/api/posts', author, [], { description: secret });
      expect(waiting.statusCode, waiting.body).toBe(201);
      const rejected = await postWithImage(ctx.app, author);
      await ctx.app.db.update(post).set({ status: 'rejected' }).where(eq(post.id, rejected.id));
      for (const hidden of [waiting.json().id as string, rejected.id, 'ffffffffffffffff']) {
        const body = await page(`/post/${hidden}`);
        const card = tags(body);
        expect(card.titles).toEqual([`પોસ્ટ | ${ctx.app.config.communityName}`]);
        expect(card.description).toEqual([META.items.post?.description]);
        expect(card.ogImage).toBe(communityCard());
        expect(body).not.toContain(secret);
        expect(body).not.toContain('Asha');
        expect(body).not.toContain(rejected.file);
      }
    });

    it("shows an event's name, date, place and cover", async () => {
      const host = await createMember(ctx.app);
      const [row] = await ctx.app.db
        .insert(event)
        .values({
          name: 'Navratri <Garba>',
          description: 'Bring your family',
          time: new Date('2026-10-03T18:00:00Z'),
          location: 'Samaj Vadi',
          host: host.user.id,
          file: 'cover123',
          thumbnail: 'thumb123',
        })
        .returning({ id: event.id });
      const head = tags(await page(`/event/${row?.id}`));
      expect(head.titles).toEqual([`Navratri &lt;Garba&gt; | ${ctx.app.config.communityName}`]);
      expect(head.description[0]).toMatch(/^0[34]\/10\/2026 · Samaj Vadi — Bring your family$/);
      expect(head.ogImage).toBe(`${origin()}/api/files/cover123/preview?width=490`);
    });

    it("shows a member's name and picture, but nothing of a blocked member", async () => {
      const member = await createMember(ctx.app, { name: 'Ramesh Patel' });
      const dp = await setPicture(ctx.app, member);
      const head = tags(await page(`/profile/${member.user.id}`));
      expect(head.titles).toEqual([`Ramesh Patel (@${member.user.id}) | ${ctx.app.config.communityName}`]);
      expect(head.description).toEqual(['સમાજમાં Ramesh Patelની પ્રોફાઇલ.']);
      expect(head.ogImage).toBe(`${origin()}/api/files/${dp}/preview?width=300`);

      await ctx.app.db.update(user).set({ banned: true }).where(eq(user.id, member.user.id));
      const blocked = await page(`/profile/${member.user.id}`);
      expect(tags(blocked).titles).toEqual([`પ્રોફાઇલ | ${ctx.app.config.communityName}`]);
      expect(blocked).not.toContain('Ramesh');
    });

    it('gives matrimony only its generic page card', async () => {
      const html = await page('/matrimony');
      expect(tags(html).titles).toEqual([`મેટ્રિમોની | ${ctx.app.config.communityName}`]);
      expect(tags(html).ogImage).toBe(communityCard());
    });

    it('sends the community card for any other page, and the API keeps its JSON 404', async () => {
      const head = tags(await page('/settings/help'));
      expect(head.titles).toEqual([`ટૂલ્સ | ${ctx.app.config.communityName}`]);
      expect(head.canonical).toEqual([`${origin()}/settings/help`]);
      const api = await ctx.app.inject({ method: 'GET', url: '/api/nothing-here' });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toMatchObject({ code: 404 });
    });

    it('serves the community card as a 1200×630 PNG', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/share-card.png' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      const { width, height, format } = await sharp(res.rawPayload).metadata();
      expect({ width, height, format }).toEqual({ width: 1200, height: 630, format: 'png' });
    });
  },
  { webDistDir: builtApp() },
);

describeEachDatabase(
  'what a page knows before its first request',
  (ctx) => {
    const get = (url: string, cookie?: string) =>
      ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    /** The boot data in the HTML, parsed as the web app parses it (lib/boot.ts). */
    const boot = (html: string): BootData => {
      const match = new RegExp(`<script id="${BOOT_DATA_ID}" type="application/json">(.*?)</script>`).exec(
        html,
      );
      expect(match, 'boot script').not.toBeNull();
      return JSON.parse(match?.[1] ?? '') as BootData;
    };
    const modulePreloads = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload" href="([^"]+)" crossorigin>/g)].map((m) => m[1]);
    const dataPreloads = (html: string) =>
      [...html.matchAll(/<link rel="preload" as="fetch" href="([^"]+)" crossorigin="use-credentials">/g)].map(
        (m) => m[1],
      );

    it('tells a visitor they are logged out, and a member who they are, as GET /api/account does, with the public config', async () => {
      const visitor = boot((await get('/posts')).body);
      expect(visitor.account).toBeNull();
      // The community's settings too, exactly as GET /api/public-config gives them.
      expect(visitor.publicConfig).toEqual((await get('/api/public-config')).json());

      const member = await createMember(ctx.app, { name: `Asha ${HOSTILE}` });
      const page = await get('/posts', member.cookie);
      expect(page.headers['cache-control']).toBe('private, no-cache');
      expect(page.headers.vary).toContain('cookie');
      const api = await get('/api/account', member.cookie);
      expect(boot(page.body).account).toEqual(api.json());
      // The member's own text cannot close the script and run as markup.
      expect(page.body).not.toContain('<script>alert');
      expect(page.body).toContain('\\u003c/script>');
    });

    it('says logged out to a blocked member, whose API calls answer 403', async () => {
      const member = await createMember(ctx.app);
      await ctx.app.db.update(user).set({ banned: true }).where(eq(user.id, member.user.id));
      expect(boot((await get('/', member.cookie)).body).account).toBeNull();
      expect((await get('/api/account', member.cookie)).statusCode).toBe(403);
    });

    it("names the page's own files, as the web app's router matches the path", async () => {
      // A visitor's home page is prerendered: its styles are stylesheets, and its scripts (the shell's,
      // then its own) go to the starter, which asks for them after the first paint.
      const home = (await get('/')).body;
      expect(home).toContain('<link rel="stylesheet" href="/assets/ToolsHome-1.css" crossorigin>');
      expect(modulePreloads(home)).toEqual([]);
      expect(appScripts(home)).toEqual({
        entry: '/assets/index-1.js',
        modules: ['/assets/app.js', '/assets/ToolsHome-1.js'],
        started: 'after first paint',
      });
      expect(appScripts((await get('/surname/%E0%AA%AA%E0%AA%9F%E0%AB%87%E0%AA%B2')).body).modules).toEqual([
        '/assets/app.js',
        '/assets/SurnameDetail-1.js',
        '/assets/Card-1.js',
      ]);
      expect(modulePreloads((await get('/events/create')).body)).toEqual(['/assets/EventCreate-1.js']);
      expect(modulePreloads((await get('/event/abc?x=1')).body)).toEqual(['/assets/LiveEvent-1.js']);
      expect(modulePreloads((await get('/admin/posts/waiting')).body)).toEqual(['/assets/AdminHome-1.js']);
      expect(modulePreloads((await get('/no/such/page')).body)).toEqual(['/assets/NotFound-1.js']);
      // What a page loads only for a member is named only in a member's HTML.
      expect(modulePreloads((await get('/posts')).body)).toEqual(['/assets/PostsHome-1.js']);
      const member = await createMember(ctx.app);
      // (With a query: the bare path is sent drawn for a member, its scripts started after the paint.)
      const mine = (await get('/posts?x=1', member.cookie)).body;
      expect(modulePreloads(mine)).toEqual(['/assets/PostsHome-1.js', '/assets/MemberHome-1.js']);
      expect(mine).toContain('<link rel="preload" as="style" href="/assets/MemberHome-1.css" crossorigin>');
      // Where the app draws the page, the shell's own script and preloads stay as the build wrote them.
      expect(appScripts(mine)).toEqual({
        entry: '/assets/index-1.js',
        modules: ['/assets/app.js', '/assets/PostsHome-1.js', '/assets/MemberHome-1.js'],
        started: 'at once',
      });
    });

    it("a name with $' or $& in it goes into the page as written (no replacement pattern)", async () => {
      const name = "Asha $' $& $` Patel";
      const member = await createMember(ctx.app, { name });
      const html = (await get(`/profile/${member.user.id}`)).body;
      expect(tags(html).titles).toEqual([
        escapeHtml(`${name} (@${member.user.id}) | ${ctx.app.config.communityName}`),
      ]);
      expect(html.match(/<\/body>/g)).toHaveLength(1);
      const mine = (await get('/posts', member.cookie)).body;
      expect(boot(mine).account?.name).toBe(name);
      expect(mine.match(/<\/head>/g)).toHaveLength(1);
    });

    it("sends a visitor the page's prerendered first screen in the community's name, drawn with its styles; never a member", async () => {
      const community = escapeHtml(ctx.app.config.communityName);
      const visitor = (await get('/login')).body;
      expect(visitor).toContain(`<div id="root"><main><h1>${community}</h1><p>Login</p></main></div>`);
      expect(visitor).not.toContain(PRERENDER_TEXTS.community);
      expect(visitor).toContain('<link rel="stylesheet" href="/assets/Login-1.css" crossorigin>');
      // A query may change the page (`?forward=`): drawn by the app then, as for a member.
      const forwarded = (await get('/login?forward=%2Fposts')).body;
      expect(forwarded).toContain('<div id="root"></div>');
      expect(forwarded).toContain('<link rel="preload" as="style" href="/assets/Login-1.css" crossorigin>');
      const member = await createMember(ctx.app);
      const mine = (await get('/login', member.cookie)).body;
      expect(mine).toContain('<div id="root"></div>');
      expect(mine).not.toContain('<p>Login</p>');
      // A page without a prerendered screen is the empty shell, as before.
      expect((await get('/surnames')).body).toContain('<div id="root"></div>');
    });

    it("sends a member the page's first screen drawn for members, with their name and username filled in and the drawing that fits their labels", async () => {
      const name = '<b>Asha & "Ravi"</b> $&';
      const member = await createMember(ctx.app, { name, username: uniqueUsername('drawn') });
      const link = `<a href="/profile/${encodeURIComponent(member.user.id)}">${escapeHtml(name)}</a>`;
      const mine = (await get('/events', member.cookie)).body;
      expect(mine).toContain(`<div id="root"><main>${link}<p>Events</p></main></div>`);
      expect(mine).not.toContain('\uE000');
      // Drawn with the page's and the member part's styles; both parts' scripts start after the paint.
      expect(mine).toContain('<link rel="stylesheet" href="/assets/EventsList-1.css" crossorigin>');
      expect(mine).toContain('<link rel="stylesheet" href="/assets/EventsMember-1.css" crossorigin>');
      expect(appScripts(mine)).toEqual({
        entry: '/assets/index-1.js',
        modules: ['/assets/app.js', '/assets/EventsList-1.js', '/assets/EventsMember-1.js'],
        started: 'after first paint',
      });
      // The app hydrates with the same account the drawing was filled from.
      expect(boot(mine).account?.name).toBe(name);
      // A label that changes the page picks its own drawing; one that does not (Admin here) changes nothing.
      await grantLabel(ctx.app, member.user.id, 'Publisher');
      await grantLabel(ctx.app, member.user.id, 'Admin');
      expect((await get('/events', member.cookie)).body).toContain(
        `<p>Events</p><button>Create</button></main></div>`,
      );
      // A visitor gets no member's drawing; nor does a page asked with a query.
      expect((await get('/events')).body).toContain('<div id="root"></div>');
      expect((await get('/events?x=1', member.cookie)).body).toContain('<div id="root"></div>');
    });

    it('writes the asked path into the links back from a page prerendered with a param, encoded as the app writes it', async () => {
      const html = (await get('/post/abc%20d')).body;
      expect(html).toContain(
        '<main><a href="/login?forward=%2Fpost%2Fabc%2520d">Login</a>' +
          '<a href="/signup?forward=%2Fpost%2Fabc%2520d&amp;x=1">Sign up</a><p>prerendered</p></main>',
      );
      // Nothing but the links changes; a member gets the drawing made for members (no login card).
      const member = await createMember(ctx.app);
      const mine = (await get('/post/abc', member.cookie)).body;
      expect(mine).toContain(
        `<div id="root"><main><button>Back</button>${POST_SLOT}<p>Loading</p></main></div>`,
      );
      expect(mine).not.toContain('forward=');
      // What encodeURIComponent keeps but HTML does not: escaped.
      expect((await get("/post/it's")).body).toContain('forward=%2Fpost%2Fit&#x27;s"');
      // Asked with a trailing slash: the links come back to the path as asked, as the app would write it.
      expect((await get('/post/abc/')).body).toContain('href="/login?forward=%2Fpost%2Fabc%2F"');
    });

    it("draws the home page's carousel with its first screen: the slides come in the HTML, and the screen prerendered without them is not sent", async () => {
      const community = escapeHtml(ctx.app.config.communityName);
      const empty = (await get('/')).body;
      expect(boot(empty).slides).toEqual([]);
      expect(empty).toContain(`<div id="root"><main><h1>${community}</h1><p>Welcome</p></main></div>`);

      const admin = await createAdmin(ctx.app);
      const saved = await call(ctx.app, 'PUT', '/api/admin/slides/1', admin, {
        title: `Navratri ${HOSTILE}`,
        subtitle: 'Garba on Saturday',
      });
      expect(saved.statusCode, saved.body).toBe(200);
      try {
        const home = (await get('/')).body;
        expect(boot(home).slides).toEqual((await get('/api/slides')).json().documents);
        expect(boot(home).slides).toHaveLength(1);
        expect(home).toContain('<div id="root"></div>');
        expect(home).not.toContain('<p>Welcome</p>');
        expect(home).not.toContain('<script>alert');
        expect(home).toContain('<link rel="preload" as="style" href="/assets/ToolsHome-1.css" crossorigin>');
        const member = await createMember(ctx.app);
        expect(boot((await get('/', member.cookie)).body).slides).toHaveLength(1);
        // Only the home page shows the carousel, so only its HTML carries it.
        expect(boot((await get('/posts')).body).slides).toBeUndefined();
        expect(boot((await get('/surnames', member.cookie)).body).slides).toBeUndefined();
      } finally {
        await call(ctx.app, 'DELETE', '/api/admin/slides/1', admin);
      }
    });

    it("sends a visitor a surname's page drawn with the surname, escaped and sanitized, and the app the same answer; a member gets the answer only", async () => {
      await ctx.app.db.insert(surname).values({
        id: 'Drawn',
        name: 'Drawn',
        name_guj: `<i>ડ્રૉન</i> $& ${HOSTILE}`,
        gotra: 'કશ્યપ',
        kuldevta: '\uE000surname-name\uE000',
        user_count: 1500,
        // Reached the database some other way than the API: sanitized again on the way out.
        description: '<p>Old <b>roots</b><script>alert(1)</script><img src=x onerror=alert(2)></p>',
      });
      const html = (await get('/surname/Drawn')).body;
      const clean = '<p>Old <b>roots</b></p>';
      expect(html).toContain(
        `<div id="root"><main><h1>${escapeHtml(`<i>ડ્રૉન</i> $& ${HOSTILE}`)}</h1><p>Drawn</p>` +
          '<p>1.5k members</p><p>અજ્ઞાત|કશ્યપ|અજ્ઞાત|\uE000surname-name\uE000</p>' +
          `<div>${clean}</div><a href="/login?forward=%2Fsurname%2FDrawn">Login</a><b>n/partial</b></main></div>`,
      );
      expect(html).not.toContain('<script>alert');
      expect(html).not.toContain('onerror');
      expect(html).not.toMatch(/\u2002/);
      // The app hydrates with the same answer, and asks for nothing more.
      expect(boot(html).surnamePage).toEqual({
        id: 'Drawn',
        view: expect.objectContaining({ name: 'Drawn', user_count: 1500, description: clean, gam: '' }),
      });
      expect(dataPreloads(html)).toEqual([]);
      expect(appScripts(html).started).toBe('after first paint');
      // Each shape of answer picks its own drawing.
      await ctx.app.db
        .update(surname)
        .set({ gam: 'ઉંઝા', kuldevta: 'ઉમિયા', user_count: 1, description: '' })
        .where(eq(surname.id, 'Drawn'));
      expect((await get('/surname/Drawn/')).body).toContain('<p>1 members</p>');
      expect((await get('/surname/Drawn')).body).toContain('|ઉંઝા|ઉમિયા</p><div></div>');
      expect((await get('/surname/Drawn')).body).toContain('<b>1/none</b>');

      // A member's page is drawn by the app, from the answer in the HTML.
      const member = await createMember(ctx.app);
      const mine = (await get('/surname/Drawn', member.cookie)).body;
      expect(mine).toContain('<div id="root"></div>');
      expect(boot(mine).surnamePage?.id).toBe('Drawn');
      expect(dataPreloads(mine)).toEqual([]);
      // A query, or a surname that does not exist: the loading state, and the answer is asked for.
      expect((await get('/surname/Drawn?x=1')).body).toContain('<div id="root"></div>');
      const unknown = (await get('/surname/Nobody')).body;
      expect(unknown).toContain(
        '<div id="root"><main><a href="/surnames">Back</a><p>Loading</p></main></div>',
      );
      expect(boot(unknown).surnamePage).toBeUndefined();
      expect(dataPreloads(unknown)).toEqual(['/api/surnames/Nobody']);
    });

    it("sends a member's /posts with the feed's first page drawn in it, from the answers the app starts from: only what they may see, escaped", async () => {
      const author = await createMember(ctx.app, {
        name: `Ravi ${HOSTILE}`,
        username: uniqueUsername('ravi'),
      });
      await grantLabel(ctx.app, author.user.id, 'Verified');
      const reader = await createMember(ctx.app, { name: 'Meera', username: uniqueUsername('meera') });
      const other = await createMember(ctx.app);
      const write = async (who: typeof author, description: string, status: PostStatus) => {
        const res = await call(ctx.app, 'POST', '/api/posts', who, { description });
        expect(res.statusCode, res.body).toBe(201);
        await ctx.app.db.update(post).set({ status }).where(eq(post.id, res.json().id));
        return res.json().id as string;
      };
      const hostile = `${HOSTILE} ${M.name} $& ${'લાંબું '.repeat(20)}`;
      const approved = await write(author, hostile, 'approved');
      const mine = await write(reader, 'Mine, under review', 'requested');
      const secret = await write(other, 'Secret words of another member under review', 'requested');
      const liked = await call(ctx.app, 'POST', `/api/posts/${approved}/like`, reader);
      expect(liked.statusCode, liked.body).toBe(200);
      const commented = await call(ctx.app, 'POST', `/api/posts/${approved}/comments`, reader, {
        comment: `Nice ${M.text}`,
      });
      expect(commented.statusCode, commented.body).toBe(201);

      const html = (await get('/posts', reader.cookie)).body;
      const start = html.indexOf('data-drawn="feedPage">');
      expect(start, 'the drawn feed').toBeGreaterThan(0);
      const drawn = html.slice(start, html.indexOf('<p>Loading</p>'));
      // Newest first, as GET /api/posts answers this member: their own post under review, then the approved one.
      expect([...drawn.matchAll(/data-id="([^"]+)"/g)].map((m) => m[1])).toEqual([mine, approved]);
      expect(drawn).toContain('<article data-shape="requested"');
      expect(drawn).toContain(
        `<p>${escapeHtml(truncateAtWord(hostile, POST_FEED_TRUNCATE))} <button>more</button></p>`,
      );
      expect(drawn).not.toContain(hostile);
      expect(drawn).toContain(`${escapeHtml(`Ravi ${HOSTILE}`)}</a><b>Verified</b>`);
      expect(drawn).toContain('<button>Unlike</button><span>1|1</span><a>all comments</a>');
      expect(drawn).toContain(`Meera</a> <time`);
      expect(drawn).toContain(`Nice ${M.text}<button>Delete</button></li></ul>`);
      expect(drawn).toContain('justNow:0');
      expect(drawn).toMatch(
        /^data-drawn="feedPage"><form id="feed-form-f">New post<\/form><div class="cards">/,
      );
      // Nothing of a post the member may not see; no script a member wrote; markers only where a member wrote them.
      expect(html).not.toContain('Secret words');
      expect(html).not.toContain(secret);
      expect(html).not.toContain('<script>alert');
      expect(drawn.split(M.name).length).toBe(2);
      expect(drawn).not.toContain(M.ids);
      // The app starts from the same answers, so it asks for neither.
      const served = boot(html);
      expect(served.feedPage?.documents.map((p) => p.id)).toEqual([mine, approved]);
      expect(served.eventsPage?.documents).toEqual([]);
      expect(dataPreloads(html)).toEqual([]);
      // The author's feed: no like of theirs, the reader's comment without Delete.
      const theirs = (await get('/posts', author.cookie)).body;
      expect(theirs).toContain('<button>Like</button><span>1|1</span>');
      expect(theirs).not.toContain('Mine, under review');
      expect(theirs).toContain(`Nice ${M.text}</li>`);
      // An event in the strip, named as escaped; a visitor and a page with a query get no drawing, nor the parts.
      await ctx.app.db.insert(event).values({
        name: `Navratri ${HOSTILE}`,
        description: '',
        time: new Date(Date.now() + 86_400_000),
        location: 'Unjha',
        host: author.user.id,
        thumbnail: 'newuser',
      });
      expect((await get('/posts', reader.cookie)).body).toContain(
        `data-drawn="feedPage"><section><a href="/event/`,
      );
      expect((await get('/posts', reader.cookie)).body).toContain(
        `${escapeHtml(`Navratri ${HOSTILE}`)}</a></section>`,
      );
      const visitor = (await get('/posts')).body;
      expect(visitor).not.toContain('data-drawn="feedPage">');
      expect(boot(visitor).feedPage).toBeUndefined();
      expect((await get('/posts?x=1', reader.cookie)).body).not.toContain('>New post</form>');
      expect(boot((await get('/surnames', reader.cookie)).body).feedPage).toBeUndefined();
    });

    it("sends a member a shared post's page drawn with the whole post when they may see it, and nothing of one they may not", async () => {
      const author = await createMember(ctx.app, { name: `Ravi ${HOSTILE}` });
      const reader = await createMember(ctx.app, { name: 'Meera' });
      const long = `${'લાંબી વાત '.repeat(20)}${HOSTILE}`;
      const made = await call(ctx.app, 'POST', '/api/posts', author, { description: long });
      expect(made.statusCode, made.body).toBe(201);
      const id = made.json().id as string;
      await ctx.app.db.update(post).set({ status: 'approved' }).where(eq(post.id, id));

      const html = (await get(`/post/${id}`, reader.cookie)).body;
      expect(html).toContain(
        `<button>Back</button><div class="samaj-drawn" inert="" data-drawn="postPage"><article data-shape="approved" data-kind="full" data-id="${id}" id="post-x">`,
      );
      // The whole text (no 'more'), escaped; the app starts from the same answer and asks for nothing.
      expect(html).toContain(`<p>${escapeHtml(long)}</p>`);
      expect(html).not.toContain('<script>alert');
      expect(boot(html).postPage).toMatchObject({ id, post: { id, description: long } });
      expect(dataPreloads(html)).toEqual([]);

      // Under review: only its author sees it drawn; another member (and a visitor) gets the page's
      // loading state and the usual preload, so the app asks and is told it does not exist.
      await ctx.app.db.update(post).set({ status: 'requested' }).where(eq(post.id, id));
      const hidden = (await get(`/post/${id}`, reader.cookie)).body;
      expect(hidden).toContain(`<button>Back</button>${POST_SLOT}<p>Loading</p>`);
      expect(hidden).not.toContain('લાંબી વાત');
      expect(boot(hidden).postPage).toBeUndefined();
      expect(dataPreloads(hidden)).toEqual([`/api/posts/${id}`]);
      expect((await get(`/post/${id}`, author.cookie)).body).toContain(
        '<article data-shape="requested" data-kind="full"',
      );
      expect((await get(`/post/${id}`)).body).not.toContain('લાંબી વાત');
      // Staff may open it (to judge a report): the app starts from it, but no drawing has another's banner.
      const admin = await createAdmin(ctx.app);
      const staff = (await get(`/post/${id}`, admin.cookie)).body;
      expect(boot(staff).postPage?.id).toBe(id);
      expect(staff).not.toContain('<article');
      // An id that cannot be one, or none: nothing looked up.
      expect(boot((await get('/post/x%20y', reader.cookie)).body).postPage).toBeUndefined();
      expect(boot((await get('/post/no-such-post', reader.cookie)).body).postPage).toBeUndefined();
    });

    it('asks for the API answers a page needs first with the HTML: public ones for anyone, the rest for members', async () => {
      expect(dataPreloads((await get('/surnames')).body)).toEqual(['/api/surnames?limit=100']);
      // The id as the web app encodes it, whatever spelling the link used.
      expect(dataPreloads((await get('/surname/%e0%aa%aa%e0%aa%9f%e0%ab%87%e0%aa%b2')).body)).toEqual([
        `/api/surnames/${encodeURIComponent('પટેલ')}`,
      ]);
      expect(dataPreloads((await get('/surname/%E0%AA')).body)).toEqual([]);
      // A visitor would get 401s for the feed: nothing is asked for them.
      expect(dataPreloads((await get('/posts')).body)).toEqual([]);
      // A member's feed and events come in the HTML's boot data instead (the test above); another member page asks.
      const member = await createMember(ctx.app);
      expect(dataPreloads((await get('/events', member.cookie)).body)).toEqual(['/api/events']);
    });
  },
  { webDistDir: builtApp() },
);
