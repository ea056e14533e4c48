import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import {
  appHolds,
  appHoldsInput,
  holdAppScript,
  pageWithWorker,
  serverMarkupKept,
} from '../support/app-script';
import { grant, newMember, signUp } from '../support/members';
import { createPost } from '../support/posts';

// Every route (docs/product/shell.md, "Route table") at a phone, a tablet and a desktop width: the right form
// of navigation, a page title with the community suffix, no uncaught error, no sideways scrolling, never a
// blank page.
const routes = [
  '/',
  '/posts',
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/confirm-email',
  '/publisher-request',
  '/profile/someone',
  '/post/0000000000000000000',
  '/events',
  '/events/create',
  '/event/0000000000000000000',
  '/surnames',
  '/surname/Patel',
  '/matrimony',
  '/community-map',
  '/scholarships',
  '/jobs',
  '/businesses',
  '/venues',
  '/personas?type=toppers',
  '/personas?type=bogus',
  '/settings',
  '/settings/profile',
  '/no/such/page',
];

const widths = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'tablet', width: 800, height: 1000 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

async function navBox(page: Page) {
  const nav = page.getByRole('navigation').first();
  await expect(nav).toBeVisible();
  const box = await nav.boundingBox();
  if (!box) throw new Error('navigation has no box');
  return box;
}

for (const size of widths) {
  test.describe(`${size.name} ${size.width}px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    for (const route of routes) {
      test(`renders ${route}`, async ({ page }) => {
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        // A server-rendered page the app could not take over as it was (React says so on the console).
        page.on('console', (message) => {
          if (message.type() === 'error' && /hydrat/i.test(message.text())) errors.push(message.text());
        });
        await page.route('http://tiles.samaj.test/**', (r) => r.fulfill({ status: 204 }));
        await page.goto(route);
        await expect(page.getByRole('main')).toBeVisible();
        await expect(page.getByRole('main')).not.toHaveText(/^\s*$/);
        await expect(page).toHaveTitle(/Samaj$/);

        const box = await navBox(page);
        if (size.width <= 600) {
          // A fixed bottom bar across the screen, and a top header carrying the logo.
          expect(box.y + box.height).toBeGreaterThan(size.height - 2);
          expect(box.width).toBeGreaterThan(size.width - 2);
          await expect(page.getByRole('banner').getByRole('img').first()).toBeVisible();
        } else if (size.width <= 1130) {
          expect(box.x).toBeLessThan(2);
          expect(box.width).toBeLessThan(120);
        } else {
          expect(box.x).toBeLessThan(2);
          expect(box.width).toBeGreaterThanOrEqual(244);
        }

        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        expect(errors).toEqual([]);
      });
    }
  });
}

test('an unknown path shows the 404 screen', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('main')).toContainText('404');
  await expect(page.getByRole('main')).toContainText('Page Not Found');
});

test('the map asks for zoom-6 tiles around Gujarat from the configured tile host', async ({ page }) => {
  const tiles: string[] = [];
  await page.route('http://tiles.samaj.test/**', async (route) => {
    tiles.push(new URL(route.request().url()).pathname);
    await route.fulfill({ status: 204 });
  });
  await page.goto('/community-map');
  await expect.poll(() => tiles.length).toBeGreaterThan(0);
  // Latitude 22.67, longitude 71.57 at zoom 6 is tile x 44, y 27.
  expect(tiles).toContain('/6/44/27.png');
  expect(tiles.every((t) => t.startsWith('/6/'))).toBe(true);
});

test('a link opens the next page at its top; back returns the reader to where they were', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/surnames');
  const cards = page.getByRole('main').getByRole('link', { name: /Patel|Shah|Desai|Mehta|Joshi|Modi|\w+/ });
  await expect(cards.nth(40)).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 2000));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(2000);
  // A card on the screen now, reached by a tap as a member would.
  const onScreen = await cards.evaluateAll((links) =>
    links.findIndex((a) => {
      const { top, bottom } = a.getBoundingClientRect();
      return top > 120 && bottom < window.innerHeight - 120;
    }),
  );
  expect(onScreen).toBeGreaterThan(0);
  await cards.nth(onScreen).click();
  await expect(page).toHaveURL(/\/surname\//);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/surnames$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1900);
});

test("a visitor's first screen arrives rendered, and the app takes it over without rendering it again", async ({
  browser,
}) => {
  // No script at all: the server's HTML alone shows the page, its navigation and the community's name.
  const still = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
  for (const route of ['/', '/login', '/posts', '/matrimony', '/surnames', '/surname/Patel']) {
    const page = await still.newPage();
    await page.goto(route);
    await expect(page.getByRole('main'), route).not.toHaveText(/^\s*$/);
    await expect(page.getByRole('navigation').first()).toBeVisible();
    await expect(page.getByRole('banner')).toContainText('Samaj');
    // No SVG as an image or the tab's icon: Chromium builds a document of its own for each, in the
    // page's process — ~55 ms of a cheap phone's main thread during the first load (a trace at 4× CPU).
    await expect(page.locator('img[src*=".svg"], link[rel~="icon"][href*=".svg"]'), route).toHaveCount(0);
    await page.close();
  }
  await still.close();

  const { context, page, problems } = await pageWithWorker(browser);
  await page.goto('/login');
  const login = page.getByRole('button', { name: 'Login', exact: true });
  await expect(login).toBeDisabled();
  // Typed once the app has taken the page over (React's handle on the input); typing before that is
  // the next test.
  await expect.poll(() => appHoldsInput(page)).toBe(true);
  // The app's scripts were asked for only once the rendered page was painted (server: app-start.ts), the
  // app's own entry first: asked for last, behind ~60 modules of a member's feed, it arrived ~1.6 s
  // after the others on a throttled phone, and everything waited on it.
  const order = await page.evaluate(() => {
    const scripts = performance
      .getEntriesByType('resource')
      .filter((r) => /\/assets\/[^/]+\.js$/.test(r.name))
      .sort((a, b) => a.startTime - b.startTime);
    return {
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      entry: scripts.find((r) => /\/assets\/index-[^/]+\.js$/.test(r.name))?.startTime,
      first: scripts[0]?.name,
      count: scripts.length,
    };
  });
  expect(order.paint).toBeGreaterThan(0);
  expect(order.entry).toBeGreaterThan(order.paint ?? Number.POSITIVE_INFINITY);
  expect(order.count).toBeGreaterThan(3);
  expect(order.first).toMatch(/\/assets\/index-[^/]+\.js$/);
  // Gujarati, as a new visitor's page is (ઈમેલ: email, પાસવર્ડ: password).
  await page.getByLabel('ઈમેલ').fill('someone@example.com');
  await page.getByRole('textbox', { name: 'પાસવર્ડ' }).fill('correct horse battery');
  // The app answers the form, so it is live; the server's markers are still there, so it hydrated.
  await expect(login).toBeEnabled();
  expect(await serverMarkupKept(page)).toBe(true);
  expect(problems).toEqual([]);
  await context.close();
});

test("a shared post's link arrives rendered for a visitor, its login card leading back to that post", async ({
  browser,
}) => {
  // WhatsApp links to posts reach visitors first: no script needed to see the page and its way in.
  const path = '/post/NoSuchPost%20x';
  const still = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
  const plain = await still.newPage();
  await plain.goto(path);
  const expected = `/login?forward=${encodeURIComponent(path)}`;
  await expect(plain.getByRole('main').getByRole('link', { name: 'Login', exact: true })).toHaveAttribute(
    'href',
    expected,
  );
  await expect(plain.getByRole('main').getByRole('button', { name: 'પાછા', exact: true })).toBeVisible();
  await still.close();

  const { context, page, problems } = await pageWithWorker(browser);
  await page.goto(path);
  // The app has taken the rendered card over (React's handle on its link) without rendering it again.
  await expect.poll(() => appHolds(page, 'main a[href^="/login"]')).toBe(true);
  expect(await serverMarkupKept(page)).toBe(true);
  await page.getByRole('main').getByRole('link', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(expected);
  expect(problems).toEqual([]);
  await context.close();
});

test("a member following a shared post's link gets the post in the page, in their own frame; the app takes the card over in place", async ({
  browser,
}) => {
  const { context, page, problems } = await pageWithWorker(browser);
  const member = await signUp(page.request, { ...newMember('shared'), name: 'વાચક <b>સભ્ય</b>' });
  const text = `Shared with the group ${Date.now()}: ${'લાંબી વાત, આખી લખેલી. '.repeat(8)}`.trim();
  const post = await createPost(page.request, text);
  // Before any script: their name and profile link in the navigation, the back button, the whole post.
  const html = await (await page.request.get(`/post/${post.id}`)).text();
  expect(html).toContain(`href="/profile/${member.username}"`);
  expect(html).toContain('વાચક &lt;b&gt;સભ્ય&lt;/b&gt;');
  expect(html).toMatch(/<div id="root">.*પાછા.*<article[^>]*>.*Shared with the group/s);
  expect(html).not.toContain('/login?forward=');
  const release = await holdAppScript(page);
  // (Not waiting for `load`: the held script may be part of it.)
  await page.goto(`/post/${post.id}`, { waitUntil: 'domcontentloaded' });
  const card = page.locator('article', { hasText: text });
  await expect(card).toBeVisible();
  await expect(card.getByText('Under Review')).toBeVisible();
  const before = await card.boundingBox();
  release();
  await expect.poll(() => appHolds(page, 'article')).toBe(true);
  expect(await card.boundingBox()).toEqual(before);
  expect(await serverMarkupKept(page)).toBe(true);
  await page.getByRole('button', { name: 'પાછા', exact: true }).click();
  await expect(page).toHaveURL('/posts');
  expect(problems).toEqual([]);
  await context.close();
});

test('the surname list arrives with its surnames, and the app takes it over without rendering it again', async ({
  browser,
}) => {
  // The list is in the HTML: readable before (or without) any script.
  const still = await browser.newContext({ javaScriptEnabled: false });
  const plain = await still.newPage();
  await plain.goto('/surnames');
  // The first screenful of cards (the rest come with the app, a screenful at a time).
  await expect(plain.getByTestId('surname-card').first()).toBeVisible();
  expect(await plain.getByTestId('surname-card').count()).toBeGreaterThanOrEqual(6);
  await still.close();
  const { context, page, problems } = await pageWithWorker(browser);
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) asked.push(request.url());
  });
  await page.goto('/surnames');
  // Hydrated: the server's Suspense markers are still there (a page React had to draw again after a
  // mismatch would have lost them), and the list came with the page, not asked for again.
  await expect(page.getByRole('link', { name: /Patel/ }).first()).toBeVisible();
  await expect(page.getByRole('searchbox')).toBeEnabled();
  expect(await serverMarkupKept(page)).toBe(true);
  expect(asked.filter((url) => url.includes('/api/surnames'))).toEqual([]);
  // A surname the list links to: the app renders it (the server renders a first visit's page).
  await page.getByRole('link', { name: /Patel/ }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/પટેલ|Patel/);
  expect(problems).toEqual([]);
  await context.close();
});

test("a shared surname's link arrives with the surname itself; the app takes it over and adds how long ago it changed", async ({
  browser,
}) => {
  // Without scripts, as a link preview's crawler or a phone still fetching the app sees it.
  const still = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
  const plain = await still.newPage();
  await plain.goto('/surname/Patel');
  await expect(plain.getByRole('heading', { level: 1, name: 'પટેલ' })).toBeVisible();
  await expect(plain.getByTestId('surname-members')).toHaveText(/સભ્ય/);
  await expect(plain.getByTestId('surname-gotra')).not.toBeEmpty();
  await expect(
    plain.getByRole('heading', { name: 'Update From' }).or(plain.getByTestId('surname-description')).first(),
  ).toBeVisible();
  // The reader's own clock and time zone are the app's: not in the server's page.
  await expect(plain.getByText(/છેલ્લો સુધારો/)).toHaveCount(0);
  const still1280 = await still.newPage();
  await still1280.setViewportSize({ width: 1280, height: 800 });
  await still1280.goto('/surname/Patel');
  await expect(still1280.getByRole('heading', { level: 1, name: 'પટેલ' })).toBeVisible();
  await still.close();

  const { context, page, problems } = await pageWithWorker(browser);
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/surnames')) asked.push(request.url());
  });
  await page.goto('/surname/Patel');
  await expect.poll(() => appHolds(page, 'main h1')).toBe(true);
  await expect(page.getByText(/છેલ્લો સુધારો/)).toBeVisible();
  expect(await serverMarkupKept(page)).toBe(true);
  // The surname came with the page: the app asked for it no more.
  expect(asked).toEqual([]);
  await expect(page.getByRole('button', { name: 'Share with others' })).toBeEnabled();
  expect(problems).toEqual([]);
  await context.close();
});

test("a member's events page arrives in their name, and a Publisher's with its create button; the app takes both over", async ({
  browser,
}) => {
  // The service worker allowed, as in a member's browser (see the first test of this file).
  const { context, page, problems } = await pageWithWorker(browser);
  const member = await signUp(page.request, { ...newMember('drawn'), name: 'ચકાસણી <b>સભ્ય</b>' });
  // Before any script: the member's own name in the navigation, their profile link, the page's title.
  const html = await (await page.request.get('/events')).text();
  expect(html).toContain(`href="/profile/${member.username}"`);
  expect(html).toContain('ચકાસણી &lt;b&gt;સભ્ય&lt;/b&gt;');
  expect(html).not.toContain('Create event');
  await page.goto('/events');
  const profile = page.getByTestId('nav-profile').first();
  await expect(profile).toHaveText(member.name);
  await expect.poll(() => appHolds(page, '[data-testid="nav-profile"]')).toBe(true);
  expect(await serverMarkupKept(page)).toBe(true);
  await profile.click();
  await expect(page).toHaveURL(`/profile/${member.username}`);

  grant(member.username, 'Publisher');
  expect(await (await page.request.get('/events')).text()).toContain('Create event');
  // Opened from a link in a new browser: this one's service worker may control the tab by now, and
  // it opens pages from the network first (src/sw/sw.ts), its precached shell only offline.
  const publisher = await pageWithWorker(browser, context);
  await publisher.page.goto('/events');
  await expect(publisher.page.getByRole('link', { name: 'Create event' })).toBeVisible();
  await expect.poll(() => appHolds(publisher.page, '[data-testid="nav-profile"]')).toBe(true);
  expect(await serverMarkupKept(publisher.page)).toBe(true);
  expect([...problems, ...publisher.problems]).toEqual([]);
  await publisher.context.close();
  await context.close();
});

test("a member's feed arrives in their name with the new post form; the app takes it over", async ({
  browser,
}) => {
  // First in a new browser, as from a link: the service worker, once it controls the tab, opens pages
  // from its precached shell instead (src/sw/sw.ts).
  const { context, page, problems } = await pageWithWorker(browser);
  const member = await signUp(page.request, newMember('feed'));
  const html = await (await page.request.get('/posts')).text();
  expect(html).toContain(`href="/profile/${member.username}"`);
  // Their home itself, not placeholders: the form to write a post (નવી પોસ્ટ) is in the HTML.
  expect(html).toMatch(/<div id="root">.*<form[^>]*aria-label="નવી પોસ્ટ"/s);
  expect(html).not.toMatch(/<div id="root">.*aria-busy="true"/s);
  await page.goto('/posts');
  // Their home (the new post form: નવી પોસ્ટ) in the page the app took over.
  await expect(page.getByRole('form', { name: 'નવી પોસ્ટ' })).toBeVisible();
  await expect.poll(() => appHolds(page, '[data-testid="nav-profile"]')).toBe(true);
  expect(await serverMarkupKept(page)).toBe(true);
  expect(problems).toEqual([]);
  await context.close();
});

test("a member's feed arrives with its posts, and the app takes the cards over without moving anything", async ({
  browser,
}) => {
  const author = await browser.newContext();
  grant((await signUp(author.request, newMember('author'))).username, 'Publisher');
  const text = `નવરાત્રી <b>ગરબા</b> ${Date.now()}: આજે રાત્રે નવ વાગ્યે મંદિરના ચોકમાં`;
  expect((await createPost(author.request, text)).status).toBe('approved');
  // Above it, a newer post with a tall picture that arrives late (held below, as on mobile data).
  const tall = await sharp({ create: { width: 600, height: 900, channels: 3, background: '#c85a1e' } })
    .jpeg()
    .toBuffer();
  // Named per attempt: CI's retry must find its own post, not also the first attempt's.
  const picturedText = `ગરબાનો ફોટો ${Date.now()}`;
  const pictured = await createPost(author.request, picturedText, tall);
  expect(pictured).toMatchObject({ status: 'approved', fileWidth: 600, fileHeight: 900 });

  const { context, page, problems } = await pageWithWorker(browser);
  await signUp(page.request, newMember('reader'));
  // Layout shifts from the first paint on, as Lighthouse adds them up: the app's taking over and the
  // pictures' arriving both count.
  // Each shift is kept with what moved, so a failure says which element it was.
  await page.addInitScript(() => {
    const seen = window as unknown as { shifted: number; shifts: string[] };
    seen.shifted = 0;
    seen.shifts = [];
    type Source = { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
    const describe = (source: Source) => {
      const node = source.node instanceof Element ? source.node : source.node?.parentElement;
      const what = node ? `${node.tagName.toLowerCase()}.${[...node.classList].join('.')}` : '(gone)';
      const text = (source.node?.textContent ?? '').slice(0, 40);
      return `${what} "${text}" y ${source.previousRect.y}→${source.currentRect.y} h ${source.previousRect.height}→${source.currentRect.height}`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        startTime: number;
        sources: Source[];
      }[]) {
        if (entry.hadRecentInput) continue;
        seen.shifted += entry.value;
        seen.shifts.push(
          `${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${entry.sources.map(describe).join('; ')}`,
        );
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  let releasePictures: () => void = () => {};
  const picturesHeld = new Promise<void>((resolve) => {
    releasePictures = resolve;
  });
  await page.route(/\/api\/files\/[^/]+\/preview/, async (route) => {
    await picturesHeld;
    await route.continue();
  });
  const release = await holdAppScript(page);
  // (Not waiting for `load`: the held script may be part of it.)
  await page.goto('/posts', { waitUntil: 'domcontentloaded' });
  // Before the app: the post, written as text (never as markup), in the server's page; its buttons take
  // no taps until the app has taken the page over (a tap would otherwise be lost).
  const post = page.locator('article', { hasText: text });
  await expect(post).toBeVisible();
  await expect(page.getByRole('form', { name: 'નવી પોસ્ટ' })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toBeHidden();
  const like = post.getByRole('button', { name: 'લાઇક', exact: true });
  expect(await like.evaluate((button) => getComputedStyle(button).pointerEvents)).toBe('none');
  const before = await post.boundingBox();
  release();
  // The same card, taken over where it was, the same size.
  await expect.poll(() => appHolds(page, 'article')).toBe(true);
  await expect.poll(() => like.evaluate((button) => getComputedStyle(button).pointerEvents)).toBe('auto');
  await expect(post.getByRole('button', { name: 'લાઇક', exact: true })).toBeEnabled();
  expect(await post.boundingBox()).toEqual(before);
  // Then the pictures arrive, into the places kept for them: the post below does not move.
  releasePictures();
  const picture = page.locator('article', { hasText: picturedText }).locator('img[src*="width=490"]');
  await expect
    .poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBe(490);
  expect(await post.boundingBox()).toEqual(before);
  const { shifted, shifts } = await page.evaluate(() => {
    const seen = window as unknown as { shifted: number; shifts: string[] };
    return { shifted: seen.shifted, shifts: seen.shifts };
  });
  expect(shifted, shifts.join('\n')).toBeLessThan(0.01);
  expect(problems).toEqual([]);
  await context.close();
  await author.close();
});

test('what a visitor types into the rendered login form before the app takes it over still counts', async ({
  page,
}) => {
  // The app's entry script is held until the visitor has typed.
  const release = await holdAppScript(page);
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('ઈમેલ').fill('someone@example.com');
  await page.getByRole('textbox', { name: 'પાસવર્ડ' }).fill('correct horse battery');
  expect(await appHoldsInput(page)).toBe(false);
  release();
  await expect.poll(() => appHoldsInput(page)).toBe(true);
  // The text is still there and the form counts it: Login is on without typing again.
  await expect(page.getByLabel('ઈમેલ')).toHaveValue('someone@example.com');
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeEnabled();
});

test('the app takes a rendered form over without redrawing its fields: each keeps the id it arrived with', async ({
  page,
}) => {
  // Mantine's inputs once swapped their server id for a random one right after the takeover: a
  // synchronous redraw of every field in the takeover's last task (a slow phone's longest), and ids
  // the labels and hints had to follow (apps/web scripts/mantineStableIds.ts).
  const release = await holdAppScript(page);
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  const email = page.getByLabel('ઈમેલ');
  const served = await email.getAttribute('id');
  expect(served).toBeTruthy();
  release();
  await expect.poll(() => appHoldsInput(page)).toBe(true);
  // Login comes alive once the takeover's commit (and any redraw it started) is done.
  await email.fill('someone@example.com');
  await page.getByRole('textbox', { name: 'પાસવર્ડ' }).fill('correct horse battery');
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeEnabled();
  await expect(email).toHaveAttribute('id', served as string);
  await expect(page.locator(`label[for="${served}"]`)).toHaveText(/ઈમેલ/);
});

test('a field left before the takeover says what leaving it says once the app holds the page', async ({
  page,
}) => {
  const release = await holdAppScript(page);
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('ઈમેલ').fill('not-an-email');
  await page.getByRole('textbox', { name: 'પાસવર્ડ' }).fill('correct horse battery');
  release();
  await expect.poll(() => appHoldsInput(page)).toBe(true);
  // The email was left (the password has the focus): its rule shows; the field being typed in shows none.
  await expect(page.getByText('Invalid Email')).toBeVisible();
  await expect(page.getByText('પાસવર્ડ ઓછામાં ઓછા 8 અક્ષરનો હોવો જોઈએ')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeDisabled();
});

test('a field left and come back to before the takeover says what leaving it says once the app holds the page', async ({
  page,
}) => {
  // recovery.spec's steps on a slow machine: all of them done before the app took the page over, the
  // focus back in the first field, so only the browser knew it had been left (CI, Node 24, once).
  const release = await holdAppScript(page);
  await page.goto('/reset-password?token=a-well-formed-token', { waitUntil: 'domcontentloaded' });
  const password = page.getByRole('textbox', { name: 'નવો પાસવર્ડ', exact: true });
  await password.fill('short');
  await page.getByRole('textbox', { name: 'નવો પાસવર્ડ ફરી લખો', exact: true }).fill('something else');
  await password.focus();
  release();
  await expect.poll(() => appHoldsInput(page)).toBe(true);
  await expect(page.getByText('પાસવર્ડ ઓછામાં ઓછા 8 અક્ષરનો હોવો જોઈએ')).toBeVisible();
  await expect(page.getByRole('button', { name: 'નવો પાસવર્ડ સાચવો' })).toBeDisabled();
});

test('a password begun before the takeover and finished after it: no stale error, and Login answers the tap', async ({
  page,
}) => {
  // The form adopted "short" by validating it, so "at least 8 characters" stood under a field the
  // visitor had not left; typing on did not clear it (errors wait for the field to lose focus), and
  // the tap on Login that took the focus cleared it: the button moved up out from under the tap.
  const release = await holdAppScript(page);
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  const password = page.getByRole('textbox', { name: 'પાસવર્ડ' });
  await page.getByLabel('ઈમેલ').fill('nobody.here@example.com');
  await password.fill('short');
  release();
  await expect.poll(() => appHoldsInput(page)).toBe(true);
  await password.fill('correct horse battery');
  await expect(page.getByText('પાસવર્ડ ઓછામાં ઓછા 8 અક્ષરનો હોવો જોઈએ')).toBeHidden();
  const login = page.getByRole('button', { name: 'Login', exact: true });
  await expect(login).toBeEnabled();
  const asked = page.waitForRequest('**/api/account/login');
  await login.click();
  await asked;
  await expect(page.getByRole('alert')).toBeVisible();
});

test('typing on while the app takes the rendered page over keeps the page and every letter', async ({
  page,
}) => {
  // A slow phone: the takeover lasts long enough for keystrokes to land in the middle of it. A
  // keystroke there makes React start its first render again; a page that lost the server's answers on
  // that second start drew a visitor as "unknown", and React threw the server's form away with the text.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  const email = page.getByLabel('ઈમેલ');
  const hydrated = () => appHoldsInput(page);
  expect(await hydrated()).toBe(false);
  const text = 'a.visitor.typing.on.a.slow.phone@example.com';
  let typed = '';
  // Letter by letter until the app holds the input, and a few more after.
  for (const letter of text) {
    await email.press(letter === '.' ? 'Period' : letter);
    typed += letter;
    if (typed.length > 12 && (await hydrated()) && typed.length % 8 === 0) break;
  }
  expect(await hydrated()).toBe(true);
  await expect(email).toHaveValue(typed);
  // The visitor's navigation is still the one the server rendered (a page drawn again would have lost it).
  await expect(page.getByTestId('nav-login')).toBeVisible();
  expect(problems).toEqual([]);
});
