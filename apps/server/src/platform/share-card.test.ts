// Share cards as a crawler sees them: the HTML for a page fetched without running any script.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { escapeHtml, type PagePreloadsFile, type ShareMetaFile } from '@samaj/core';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { postWithImage, setPicture, upload } from '../../test/api.ts';
import { describeEachDatabase, tempDir } from '../../test/harness.ts';
import { createMember } from '../../test/members.ts';
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

const none = { scripts: [], styles: [] };
/** A page's own files and nothing else. */
const page = (path: string, scripts: string[], styles: string[] = []) => ({
  path,
  scripts,
  styles,
  member: none,
});

const PRELOADS: PagePreloadsFile = {
  pages: [
    page('/', ['/assets/ToolsHome-1.js']),
    page('/surnames', ['/assets/SurnameList-1.js'], ['/assets/SurnameList-1.css']),
    page('/*', ['/assets/NotFound-1.js']),
  ],
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
