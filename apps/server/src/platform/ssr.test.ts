// Pages rendered on the server by React (platform/ssr.ts, apps/web src/entry-server.tsx): built here
// from the web app's real render entry, answered by this server's real routes. What a page carries is
// what its viewer's own API calls answer — never another viewer's, never more.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { escapeHtml, type PagePreloadsFile, SERVER_RENDER_ID } from '@samaj/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import sharp from 'sharp';
import { build } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, postWithImage, setPicture, upload } from '../../test/api.ts';
import { describeEachDatabase, tempDir } from '../../test/harness.ts';
import { createAdmin, createMember, type TestMember } from '../../test/members.ts';
import { event, post, surname, user } from '../db/schema/index.ts';
import { acceptedLanguage } from './language.ts';

const WEB_ROOT = fileURLToPath(new URL('../../../web', import.meta.url));
const SSR_PAGES = [
  '/login',
  '/signup',
  '/matrimony',
  '/matrimony/profile/:id',
  '/settings',
  '/settings/profile',
  '/profile/:id',
  '/publisher-request',
  '/jobs',
  '/*',
];

/** A web build with the real render entry (dist-server) beside a shell that names no files. */
const web = tempDir('samaj-ssr-');
const dist = path.join(web, 'dist');

beforeAll(async () => {
  fs.mkdirSync(dist, { recursive: true });
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="gu" data-mantine-color-scheme="light"><head><meta charset="UTF-8" />' +
      '<title>Samaj</title><script type="module" crossorigin src="/assets/index-1.js"></script></head>' +
      '<body><div id="root"></div></body></html>',
  );
  const empty = { scripts: [], styles: [] };
  const preloads: PagePreloadsFile = {
    pages: SSR_PAGES.map((page) => ({ path: page, ...empty, member: empty })),
  };
  fs.writeFileSync(path.join(dist, 'page-preloads.json'), JSON.stringify(preloads));
  fs.mkdirSync(path.join(dist, 'icons'));
  fs.copyFileSync(path.join(WEB_ROOT, 'public/icons/icon-512.png'), path.join(dist, 'icons', 'icon-512.png'));
  await build({
    root: WEB_ROOT,
    configFile: path.join(WEB_ROOT, 'vite.config.ts'),
    logLevel: 'silent',
    // As the `vite` command loads it (its default), not Vite's native loader.
    configLoader: 'bundle',
    build: {
      ssr: 'src/entry-server.tsx',
      outDir: path.join(web, 'dist-server'),
      emptyOutDir: true,
      copyPublicDir: false,
    },
  });
}, 180_000);

/** Every API request the server answered, with the cookie it was asked with. */
const asked: Array<{ url: string; cookie: string | undefined }> = [];
const recordRequests = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/api/')) asked.push({ url: request.url, cookie: request.headers.cookie });
  });
});

/** A text of the web app's Gujarati locale, filled as i18next fills it (`{{name}}`). */
function text(namespace: string, key: string, values: Record<string, string> = {}): string {
  const file = path.join(WEB_ROOT, 'src/locales/gu', `${namespace}.json`);
  let found: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const part of key.split('.')) found = (found as Record<string, unknown>)[part];
  return String(found).replace(/\{\{\s*(\w+)\s*\}\}/g, (_whole, name: string) => values[name] ?? '');
}

/** The head of a page's HTML, as a link preview's crawler reads it: each tag's values by name. */
function headTags(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const all = (re: RegExp) => [...head.matchAll(re)].map((m) => m[1]);
  const meta = (attribute: string, name: string) =>
    all(new RegExp(`<meta ${attribute}="${name}" content="([^"]*)"`, 'g'));
  return {
    titles: all(/<title[^>]*>([^<]*)<\/title>/g),
    description: meta('name', 'description'),
    canonical: all(/<link rel="canonical" href="([^"]*)"/g),
    ogTitle: meta('property', 'og:title'),
    ogImage: meta('property', 'og:image'),
    ogImageWidth: meta('property', 'og:image:width'),
    ogLocale: meta('property', 'og:locale'),
    twitterCard: meta('name', 'twitter:card'),
  };
}

const HOSTILE = '"><script>alert(1)</script>';

/** Each string and number inside `value`, as JSON writes it. */
function leaves(value: unknown): string[] {
  if (typeof value === 'string' || typeof value === 'number') return [JSON.stringify(value)];
  if (Array.isArray(value)) return value.flatMap(leaves);
  if (value && typeof value === 'object') return Object.values(value).flatMap(leaves);
  return [];
}

interface Rendered {
  status: number;
  html: string;
  root: string;
  lang: string | undefined;
  queries: Array<{ queryKey: unknown[]; state: { data: unknown } }>;
  headers: Record<string, unknown>;
  /** Data a component read that the page's route does not declare (its Server-Timing says). */
  undeclared: string | null;
}

describeEachDatabase(
  'pages rendered on the server',
  (ctx) => {
    let member: TestMember;
    let other: TestMember;
    let staff: TestMember;

    beforeAll(async () => {
      member = await createMember(ctx.app, { name: 'Asha <b>Patel</b> $&', phone: '9876543210' });
      other = await createMember(ctx.app, { name: 'Bhavesh Shah' });
      staff = await createAdmin(ctx.app);
    });

    async function open(url: string, headers: Record<string, string> = {}): Promise<Rendered> {
      const res = await ctx.app.inject({ method: 'GET', url, headers });
      const data = new RegExp(
        `<script id="${SERVER_RENDER_ID}" type="application/json">(.*?)</script>`,
        's',
      ).exec(res.body);
      const parsed = data
        ? (JSON.parse(data[1] as string) as { state: { queries: Rendered['queries'] } })
        : null;
      return {
        status: res.statusCode,
        html: res.body,
        root: /<div id="root">([\s\S]*)<\/div>\s*<script id=/.exec(res.body)?.[1] ?? '',
        lang: /<html lang="([^"]+)" data-rendered="server"/.exec(res.body)?.[1],
        queries: parsed?.state.queries ?? [],
        headers: res.headers,
        undeclared:
          /undeclared;desc="((?:[^"\\]|\\.)*)"/.exec(String(res.headers['server-timing']))?.[1] ?? null,
      };
    }

    /**
     * The page's embedded answers are exactly this viewer's own: every API call of the render carried
     * their cookie (or none), and each answer in the page equals what that call answers them now.
     */
    async function expectOwnAnswers(url: string, viewer: TestMember | null) {
      asked.length = 0;
      const page = await open(url, viewer ? { cookie: viewer.cookie } : {});
      const calls = [...asked];
      expect(calls.length).toBeGreaterThan(0);
      for (const call of calls) expect(call.cookie).toBe(viewer?.cookie);
      const answers = await Promise.all(
        calls.map(async (call) => {
          const res = await ctx.app.inject({
            method: 'GET',
            url: call.url,
            headers: viewer ? { cookie: viewer.cookie } : {},
          });
          return res.statusCode === 401 ? 'null' : res.body;
        }),
      );
      // Every text and number the page carries is in one of those answers (a query may reshape its
      // answer — an infinite query's pages, a list gathered from several — but never add to it).
      const said = answers.map((body) => JSON.stringify(JSON.parse(body))).join('\n');
      for (const query of page.queries) {
        for (const value of leaves(query.state.data)) expect(said, String(query.queryKey)).toContain(value);
      }
      return page;
    }

    it('sends the page with its content in the reader’s language, hydratable, private to the session', async () => {
      const visitor = await open('/matrimony');
      expect(visitor.status).toBe(200);
      expect(visitor.lang).toBe('gu');
      expect(visitor.root).toContain('મેટ્રિમોની');
      expect(visitor.headers['cache-control']).toBe('private, no-cache');
      expect(String(visitor.headers.vary)).toMatch(/cookie/);
      expect(String(visitor.headers.vary)).toMatch(/accept-language/);
      // Account and config came in the page: the browser asks for neither on load.
      const keys = visitor.queries.map((query) => JSON.stringify(query.queryKey));
      expect(keys).toEqual(expect.arrayContaining(['["account"]', '["public-config"]']));
      expect(visitor.queries.find((query) => query.queryKey[0] === 'account')?.state.data).toBeNull();
      // Where its time went, for the operator's browser tools: the API calls, then React.
      expect(String(visitor.headers['server-timing'])).toMatch(
        /^data;dur=\d+\.\d;desc="API", render;dur=\d+\.\d;desc="React"$/,
      );

      const english = await open('/matrimony', { 'accept-language': 'en-US,en;q=0.9' });
      expect(english.lang).toBe('en');
      expect(english.root).toContain('Matrimony');
      expect(english.root).not.toContain('મેટ્રિમોની');
      // The English texts it was rendered with come in the page, so the browser fetches none of them;
      // the Gujarati ones are bundled with the app's code.
      const texts = /<script id="samaj-texts" type="application\/json">(.*?)<\/script>/s.exec(english.html);
      const namespaces = Object.keys(JSON.parse(texts?.[1] ?? '{}'));
      expect(namespaces).toEqual(expect.arrayContaining(['common', 'shell', 'matrimony']));
      // Only those: not every namespace any earlier render used.
      expect(namespaces).not.toContain('admin');
      expect(visitor.html).not.toContain('samaj-texts');
      // The member's own choice wins over their browser's.
      const chosen = await open('/matrimony', { 'accept-language': 'en-US', cookie: 'samaj.lang=gu' });
      expect(chosen.lang).toBe('gu');
    });

    it('draws every page once, with all it reads asked by its routes, for every kind of viewer', async () => {
      const posted = await call(ctx.app, 'POST', '/api/posts', member, { description: 'Drawn once' });
      const postId = (posted.json() as { id: string }).id;
      await ctx.app.db.insert(surname).values({ id: 'Onceonly', name: 'Onceonly', name_guj: 'એકવાર' });
      const [row] = await ctx.app.db
        .insert(event)
        .values({ name: 'Garba', description: 'd', time: new Date(), location: 'Vadi', host: member.user.id })
        .returning({ id: event.id });
      // Every page of the route table (app/pageRoutes.ts), each console section, and a path no page knows.
      const urls = [
        '/',
        '/posts',
        '/login',
        '/signup',
        '/forgot-password',
        '/reset-password?token=x',
        '/confirm-email?token=x',
        '/publisher-request',
        `/profile/${member.user.id}`,
        `/post/${postId}`,
        '/events',
        '/events/create',
        `/event/${row?.id}`,
        '/surnames',
        '/surname/Onceonly',
        '/matrimony',
        `/matrimony/profile/${member.user.id}`,
        '/community-map',
        '/jobs',
        '/personas',
        '/settings',
        '/settings/profile',
        '/settings/notifications',
        '/settings/privacy',
        '/settings/help',
        '/settings/about',
        ...['posts', 'reports', 'publishers', 'matrimony', 'matrimony-reports', 'surnames', 'carousel']
          .concat(['members', 'audit'])
          .map((section) => `/admin/${section}`),
        '/no/such/page',
      ];
      for (const url of urls) {
        for (const viewer of [null, member, staff]) {
          const page = await open(url, viewer ? { cookie: viewer.cookie } : {});
          expect(page.undeclared, `${url} as ${viewer?.user.id ?? 'a visitor'}`).toBeNull();
        }
      }
      // What its route asked is drawn: the member's feed with their post, the directory with the surname.
      expect((await open('/posts', { cookie: member.cookie })).root).toContain('Drawn once');
      expect((await open('/surnames')).root).toContain('એકવાર');
    });

    it('puts the whole surname directory in the page, not only its first screen', async () => {
      const names = Array.from(
        { length: 30 },
        (_, i) => `Directory${String.fromCharCode(97 + (i % 26))}${i}`,
      );
      await ctx.app.db
        .insert(surname)
        .values(names.map((name) => ({ id: name, name, name_guj: `ગ${name}` })));
      // A member's page (a visitor's may be one this process kept from before these were added), once the
      // surname list's kept answers have heard of the change (PostgreSQL's notification takes milliseconds).
      const directory = async () => (await open('/surnames', { cookie: member.cookie })).root;
      await expect.poll(directory, { timeout: 10_000 }).toContain(names[0]);
      const root = await directory();
      for (const name of names) expect(root).toContain(name);
    });

    it('answers a path no page knows with 404 and the not-found page', async () => {
      const page = await open('/no/such/page');
      expect(page.status).toBe(404);
      expect(page.root).toMatch(/Page Not Found|મળ્યું નથી/);
    });

    it('answers a page that sends its reader elsewhere with a redirect, not a page to leave', async () => {
      const visitor = await ctx.app.inject({ method: 'GET', url: '/profile' });
      expect(visitor.statusCode).toBe(302);
      expect(visitor.headers.location).toBe('/login?forward=/profile');
      expect(visitor.headers['cache-control']).toBe('private, no-cache');
      const own = await ctx.app.inject({
        method: 'GET',
        url: '/profile',
        headers: { cookie: member.cookie },
      });
      expect(own.statusCode).toBe(302);
      expect(own.headers.location).toBe(`/profile/${encodeURIComponent(member.user.id)}`);
      // The page itself for those it is for.
      expect((await open('/login')).status).toBe(200);
    });

    it('writes what members typed as text, never as markup', async () => {
      const page = await open(`/profile/${member.user.id}`, { cookie: member.cookie });
      expect(page.status).toBe(200);
      expect(page.root).toContain('Asha &lt;b&gt;Patel&lt;/b&gt; $&amp;');
      expect(page.root).not.toContain('<b>Patel</b>');
      // Inside the data script, `<` cannot close it.
      expect(page.html).not.toMatch(/<script id="samaj-render"[^>]*>[^<]*<b>/);
    });

    it('carries, page by page, only what each viewer’s own API calls answer', async () => {
      // A post under review: its author sees it on their pages; no one else, in any page's HTML or data.
      const secret = `Under review ${Date.now()} <i>only mine</i>`;
      const posted = await call(ctx.app, 'POST', '/api/posts', member, { description: secret });
      expect(posted.statusCode).toBe(201);
      const postId = (posted.json() as { id: string }).id;
      const pages = [
        '/',
        '/posts',
        `/post/${postId}`,
        '/events',
        '/surnames',
        '/matrimony',
        // Another member's listing: no viewer here has an active one, so each gets the API's 404.
        `/matrimony/profile/${member.user.id}`,
        '/settings',
        '/settings/profile',
        `/profile/${member.user.id}`,
      ];
      for (const url of pages) {
        for (const viewer of [null, member, other, staff]) {
          const page = await expectOwnAnswers(url, viewer);
          // Staff may open a post under review (moderation): the API answers them as it does the author.
          if (viewer === null || viewer === other)
            expect(page.html, `${url} as ${viewer?.user.id ?? 'a visitor'}`).not.toContain('Under review');
        }
      }
      const feed = await open('/posts', { cookie: member.cookie });
      expect(feed.root).toContain('Under review');
      expect(feed.root).toContain('&lt;i&gt;only mine&lt;/i&gt;');
      // The member's own email and phone are in their own settings page, in no one else's page.
      const own = await open('/settings/profile', { cookie: member.cookie });
      expect(own.html).toContain(member.user.email);
      for (const viewer of [other, staff]) {
        const seen = await open(`/profile/${member.user.id}`, { cookie: viewer.cookie });
        expect(seen.html).toContain('Asha &lt;b&gt;Patel');
        expect(seen.html).not.toContain(member.user.email);
        expect(seen.html).not.toContain('9876543210');
      }
      const visitor = await open(`/profile/${member.user.id}`);
      expect(visitor.html).not.toContain(member.user.email);
      expect(visitor.html).not.toContain('9876543210');
    });

    describe("head tags: what a link preview shows, from the page's own render", () => {
      const origin = () => ctx.app.config.publicUrl.replace(/\/$/, '');
      const communityCard = () => `${origin()}/share-card.png`;
      const titled = (title: string) => `${title} | ${ctx.app.config.communityName}`;
      const crawl = async (url: string, headers: Record<string, string> = {}) => {
        const page = await open(url, { 'user-agent': 'WhatsApp/2.23', ...headers });
        expect(page.status, url).toBe(200);
        expect(page.root, 'no head tag is left in the body').not.toMatch(/<title|<meta /);
        return { ...page, head: headTags(page.html) };
      };

      it('gives each page its own title, description, canonical URL and the community card', async () => {
        for (const url of ['/', '/surnames', '/surnames/']) {
          const { head, html } = await crawl(url);
          expect(head.canonical).toEqual([`${origin()}${url}`]);
          expect(head.ogImage).toEqual([communityCard()]);
          expect(head.ogImageWidth).toEqual(['1200']);
          expect(head.ogLocale).toEqual(['gu_IN']);
          expect(head.twitterCard).toEqual(['summary_large_image']);
          expect(
            /<script type="module" crossorigin src="([^"]+)"|data-entry="([^"]+)"/.exec(html),
          ).not.toBeNull();
        }
        const home = (await crawl('/')).head;
        expect(home.titles).toEqual([titled(text('tools', 'title'))]);
        expect(home.description).toEqual([text('tools', 'description')]);
        expect((await crawl('/surnames')).head.titles).toEqual([titled(text('surnames', 'list.title'))]);
        // In the reader's language, like the page.
        const english = (await crawl('/', { 'accept-language': 'en-US' })).head;
        expect(english.ogLocale).toEqual(['en_IN']);
        expect(english.titles).not.toEqual(home.titles);
      });

      it('names a surname and says what its description says, escaped', async () => {
        await ctx.app.db.insert(surname).values({
          id: 'Sharecard',
          name: 'Sharecard',
          name_guj: 'શેરકાર્ડ',
          // Stored HTML is sanitized on write; hostile text is still only ever text here.
          description: `<p>Our <b>history</b> &amp; ${escapeHtml(HOSTILE)}</p>`,
        });
        const { head, html } = await crawl('/surname/Sharecard?utm_source=whatsapp');
        expect(head.titles).toEqual([titled('Sharecard - surname')]);
        expect(head.description).toEqual([escapeHtml(`શેરકાર્ડ: Our history & ${HOSTILE}`)]);
        expect(head.canonical).toEqual([`${origin()}/surname/Sharecard`]);
        expect(html).not.toContain('<script>alert');
        // The list's card previews the description as text, on the server too (it has no DOM).
        const list = await open('/surnames', { cookie: member.cookie });
        expect(list.root).toContain('Our history &amp; ');
      });

      it('shows an approved post with its author, text and picture to every viewer — and nothing of one under review or rejected', async () => {
        const author = await createMember(ctx.app, { name: `Asha ${HOSTILE}` });
        const approved = await postWithImage(ctx.app, author);
        await ctx.app.db.update(post).set({ status: 'approved' }).where(eq(post.id, approved.id));
        for (const viewer of [{}, { cookie: other.cookie }] as Array<Record<string, string>>) {
          const { head, html } = await crawl(`/post/${approved.id}`, viewer);
          expect(head.titles).toEqual([
            escapeHtml(titled(text('posts', 'single.byline', { name: `Asha ${HOSTILE}` }))),
          ]);
          expect(head.description).toEqual(['A post with a photo']);
          expect(head.ogImage).toEqual([`${origin()}/api/files/${approved.file}/preview?width=490`]);
          expect(html).not.toContain('<script>alert');
        }

        const secret = 'Private words under review';
        const waiting = await upload(ctx.app, '/api/posts', author, [], { description: secret });
        expect(waiting.statusCode, waiting.body).toBe(201);
        const rejected = await postWithImage(ctx.app, author);
        await ctx.app.db.update(post).set({ status: 'rejected' }).where(eq(post.id, rejected.id));
        for (const hidden of [waiting.json().id as string, rejected.id, 'ffffffffffffffff']) {
          const { head, html } = await crawl(`/post/${hidden}`);
          expect(head.titles).toEqual([titled(text('posts', 'single.title'))]);
          expect(head.description).toEqual([text('posts', 'single.description')]);
          expect(head.ogImage).toEqual([communityCard()]);
          expect(html).not.toContain(secret);
          expect(html).not.toContain('Asha');
          expect(html).not.toContain(rejected.file);
        }
        // Its author's own page shows it, but the head still says only what a visitor may see.
        const own = await crawl(`/post/${waiting.json().id as string}`, { cookie: author.cookie });
        expect(own.root).toContain(secret);
        expect(own.head.titles).toEqual([titled(text('posts', 'single.title'))]);
      });

      it("shows an event's name, date, place and cover, to a visitor asked to log in", async () => {
        const [row] = await ctx.app.db
          .insert(event)
          .values({
            name: 'Navratri <Garba>',
            description: 'Bring your family',
            time: new Date('2026-10-03T18:00:00Z'),
            location: 'Samaj Vadi',
            host: member.user.id,
            file: 'cover123',
            thumbnail: 'thumb123',
          })
          .returning({ id: event.id });
        const { head, root } = await crawl(`/event/${row?.id}`);
        expect(head.titles).toEqual([titled('Navratri &lt;Garba&gt;')]);
        // Its start in the community's time zone (Asia/Kolkata by default), as its page says it.
        expect(head.description).toEqual(['03/10/2026 · 23:30 · Samaj Vadi — Bring your family']);
        expect(head.ogImage).toEqual([`${origin()}/api/files/cover123/preview?width=490`]);
        expect(root).toContain(`/login?forward=${encodeURIComponent(`/event/${row?.id}`)}`);
      });

      it("shows a member's name and picture, but nothing of a blocked member", async () => {
        const shown = await createMember(ctx.app, { name: 'Ramesh Patel' });
        const dp = await setPicture(ctx.app, shown);
        const { head } = await crawl(`/profile/${shown.user.id}`);
        expect(head.titles).toEqual([titled(`Ramesh Patel (@${shown.user.id})`)]);
        expect(head.description).toEqual([text('profiles', 'memberDescription', { name: 'Ramesh Patel' })]);
        expect(head.ogImage).toEqual([`${origin()}/api/files/${dp}/preview?width=300`]);

        // Blocked as the operator's command does it: the change and its domain event, which also drops
        // the visitor pages this process kept (platform/page-cache.ts).
        await ctx.app.events.transaction(async (tx) => {
          await tx.update(user).set({ banned: true }).where(eq(user.id, shown.user.id));
          await ctx.app.events.publish(tx, 'user.blocked', {
            userId: shown.user.id,
            blocked: true,
            audit: { actor: 'operator', action: 'user.block', entity: 'user', entityId: shown.user.id },
          });
        });
        const blocked = await crawl(`/profile/${shown.user.id}`);
        expect(blocked.head.titles).toEqual([titled(text('profiles', 'title'))]);
        expect(blocked.html).not.toContain('Ramesh');
        // A member's page of them says no more in its head than a visitor's.
        const seen = await crawl(`/profile/${shown.user.id}`, { cookie: other.cookie });
        expect(seen.head.titles).toEqual([titled(text('profiles', 'title'))]);
      });

      it('gives matrimony only its generic page card, whoever asks', async () => {
        for (const viewer of [{}, { cookie: member.cookie }] as Array<Record<string, string>>) {
          const { head } = await crawl('/matrimony', viewer);
          expect(head.titles).toEqual([titled(text('matrimony', 'title'))]);
          expect(head.ogImage).toEqual([communityCard()]);
        }
      });

      it('answers share cards as a visitor may see them: null for what is hidden, 404 for no such kind', async () => {
        const visible = await ctx.app.inject({
          method: 'GET',
          url: `/api/share-cards/profile/${member.user.id}`,
        });
        expect(visible.statusCode).toBe(200);
        expect(visible.json()).toEqual({ name: 'Asha <b>Patel</b> $&', text: '', image: null });
        const missing = await ctx.app.inject({
          method: 'GET',
          url: '/api/share-cards/post/ffffffffffffffff',
        });
        expect(missing.statusCode).toBe(200);
        expect(missing.json()).toBeNull();
        const kind = await ctx.app.inject({ method: 'GET', url: '/api/share-cards/matrimony/x' });
        expect(kind.statusCode).toBe(404);
        expect(kind.json()).toMatchObject({
          code: 404,
          type: expect.any(String),
          message: expect.any(String),
        });
      });

      it('serves the community card as a 1200×630 PNG', async () => {
        const res = await ctx.app.inject({ method: 'GET', url: '/share-card.png' });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/png');
        const { width, height, format } = await sharp(res.rawPayload).metadata();
        expect({ width, height, format }).toEqual({ width: 1200, height: 630, format: 'png' });
      });
    });

    it('keeps a visitor page for the next visitors, never a member page, and drops it on any change', async () => {
      const rendersOf = async (url: string, headers: Record<string, string> = {}) => {
        asked.length = 0;
        const page = await open(url, headers);
        expect(page.status).toBe(200);
        return { page, calls: asked.length };
      };
      const first = await rendersOf('/surnames');
      expect(first.calls).toBeGreaterThan(0);
      const again = await rendersOf('/surnames');
      expect(again.calls, 'the next visitor gets the kept page').toBe(0);
      expect(again.page.html).toBe(first.page.html);
      // Each language its own page; a member's page is theirs alone, rendered every time.
      expect((await rendersOf('/surnames', { 'accept-language': 'en' })).calls).toBeGreaterThan(0);
      expect((await rendersOf('/surnames', { 'accept-language': 'en' })).calls).toBe(0);
      for (let i = 0; i < 2; i++) {
        expect((await rendersOf('/surnames', { cookie: member.cookie })).calls).toBeGreaterThan(0);
      }
      // A write that succeeded drops every kept page: the next visitor's page is rendered anew.
      const posted = await call(ctx.app, 'POST', '/api/posts', member, { description: 'Kept pages go' });
      expect(posted.statusCode).toBe(201);
      expect((await rendersOf('/surnames')).calls).toBeGreaterThan(0);
      // A refused write changes nothing, and keeps them.
      const refused = await call(ctx.app, 'POST', '/api/posts', member, {});
      expect(refused.statusCode).toBe(400);
      expect((await rendersOf('/surnames')).calls).toBe(0);
    });

    it('takes the language a browser asks for only when the app has it', () => {
      expect(acceptedLanguage('en-US,en;q=0.9')).toBe('en');
      expect(acceptedLanguage('en-GB')).toBe('en');
      expect(acceptedLanguage('gu-IN,gu;q=0.9,en;q=0.8')).toBe('gu');
      expect(acceptedLanguage('hi-IN,hi;q=0.9')).toBeNull();
      expect(acceptedLanguage(undefined)).toBeNull();
    });
  },
  { webDistDir: dist, plugins: [recordRequests] },
);
