import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { grant, type Member, newMember, signUp } from '../support/members';
import { shoot } from '../support/screens';

// Live video (docs/product/live-video.md) against the real server, with Chromium's fake camera (flags in
// playwright.config.ts): a host goes live from the event screen, viewers' browsers play the stream
// peer-to-peer through our own /peerjs signalling, learn live changes over /realtime, and the one past
// LIVE_MAX_VIEWERS (2 in playwright.config.ts) is told the stream is full. Screens in
// test-results/live-screens.

test.describe.configure({ mode: 'serial' });

const here = dirname(fileURLToPath(import.meta.url));
const shots = join(here, '../test-results/live-screens');

const NOT_STARTED = 'આ કાર્યક્રમ હજી શરૂ થયો નથી. લાઇવ થાય ત્યાં સુધી રાહ જુઓ.';
const ENDED = 'લાઇવ પૂરું થયું';
const FULL = 'લાઇવ ભરાઈ ગયું છે';

interface Person {
  context: BrowserContext;
  page: Page;
  member: Member;
}

async function person(browser: Browser, prefix: string): Promise<Person> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  const member = await signUp(page.request, newMember(prefix));
  return { context, page, member };
}

async function thumbnail(page: Page): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#e8590c"/><stop offset="1" stop-color="#5f3dc4"/></linearGradient></defs>
    <rect width="600" height="600" fill="url(#g)"/><circle cx="300" cy="260" r="120" fill="#ffd43b"/></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const res = await page.request.post('/api/events/images', {
    multipart: { file: { name: 'thumb.png', mimeType: 'image/png', buffer: png } },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** A Publisher creates an event they host themselves, through the API. */
async function hostWithEvent(
  browser: Browser,
  name = 'Navratri Garba Live',
): Promise<Person & { eventId: string }> {
  const host = await person(browser, 'host');
  grant(host.member.username, 'Publisher');
  const res = await host.page.request.post('/api/events', {
    data: {
      name,
      description: 'Garba at the wadi',
      time: new Date(Date.now() + 3600_000).toISOString(),
      location: 'Samaj Wadi, Surat',
      liveStream: true,
      thumbnail: await thumbnail(host.page),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { ...host, eventId: ((await res.json()) as { id: string }).id };
}

const video = (page: Page) => page.getByLabel('લાઇવ વીડિયો');
const count = (page: Page) => page.getByTestId('viewer-count');

/** The stream really plays: frames have arrived and have a size. */
/** A host who has started their event's stream, and a viewer whose video plays. */
async function liveWithViewer(browser: Browser, name: string) {
  const host = await hostWithEvent(browser, name);
  const viewer = await person(browser, 'viewer');
  await host.page.goto(`/event/${host.eventId}`);
  await host.page.getByRole('button', { name: 'Start' }).click();
  await expect(host.page.getByRole('button', { name: 'END' })).toBeVisible({ timeout: 20_000 });
  await viewer.page.goto(`/event/${host.eventId}`);
  await expectPlaying(viewer.page);
  return { host, viewer };
}

async function expectPlaying(page: Page) {
  await expect(video(page)).toBeVisible();
  await expect
    .poll(() => video(page).evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 20_000 })
    .toBeGreaterThan(0);
}

async function isLive(page: Page, eventId: string): Promise<boolean> {
  const res = await page.request.get(`/api/events/${eventId}`);
  return ((await res.json()) as { live: boolean }).live;
}

test('host goes live; viewers play the stream and see the count; the one past the cap is told it is full; END ends it', async ({
  browser,
}) => {
  // Four members' browsers with live video on two cores, beside another test worker: 45 s alone on
  // a slow machine, past the default minute with company.
  test.slow();
  const host = await hostWithEvent(browser);
  const url = `/event/${host.eventId}`;

  // A member opening it before it starts waits on 'Not Started'.
  const first = await person(browser, 'viewer');
  await first.page.goto(url);
  await expect(first.page.getByText('Not Started')).toBeVisible();
  await expect(first.page.getByText(NOT_STARTED)).toBeVisible();
  await expect(first.page.getByRole('button', { name: 'Start' })).toHaveCount(0);

  // The host always sees the screen, with Start.
  await host.page.goto(url);
  await expect(host.page.getByRole('heading', { level: 1, name: 'Navratri Garba Live' })).toBeVisible();
  await host.page.getByRole('button', { name: 'Start' }).click();
  await expect(host.page.getByRole('button', { name: 'END' })).toBeVisible({ timeout: 20_000 });
  // The badge is up at once (the waiting viewer may already be joining, so 0 or 1).
  await expect(count(host.page)).toHaveText(/^[01]$/);
  expect(await isLive(host.page, host.eventId)).toBe(true);

  // The waiting viewer hears of it over /realtime, without a reload, and plays the stream.
  await expectPlaying(first.page);
  await expect(first.page.getByText('Live', { exact: true })).toBeVisible();
  await expect(count(first.page)).toHaveText('1');
  await expect(count(host.page)).toHaveText('1');

  const second = await person(browser, 'viewer');
  await second.page.goto(url);
  await expectPlaying(second.page);
  await expect(count(second.page)).toHaveText('2');
  await expect(count(first.page)).toHaveText('2');
  await expect(count(host.page)).toHaveText('2');

  // LIVE_MAX_VIEWERS is 2 here: the third gets a clear message, not a frozen video.
  const third = await person(browser, 'viewer');
  await third.page.goto(url);
  await expect(third.page.getByText(FULL)).toBeVisible({ timeout: 20_000 });
  await expect(video(third.page)).toHaveCount(0);
  await expect(count(host.page)).toHaveText('2');

  // Phone and desktop screens of the live stream, for a look.
  for (const width of [375, 1280]) {
    await first.page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await first.page.mouse.move(10, 10);
    await shoot(first.page, { path: join(shots, `viewer-${width}.png`) });
    await host.page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await host.page.mouse.move(10, 10);
    await shoot(host.page, { path: join(shots, `host-${width}.png`) });
    await third.page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await shoot(third.page, { path: join(shots, `full-${width}.png`) });
  }

  // END: the host's stream stops and every viewer sees the ended state. The controls hide after 5 s
  // without movement (the screenshots above may take longer on a slow machine): a move brings them back.
  await host.page.mouse.move(40, 40);
  await host.page.getByRole('button', { name: 'END' }).click();
  // Ending reaches everyone: the host confirms first.
  await host.page.getByRole('dialog').getByRole('button', { name: 'લાઇવ બંધ કરો' }).click();
  await expect(host.page.getByRole('button', { name: 'Start' })).toBeVisible();
  await expect(first.page.getByText(ENDED)).toBeVisible({ timeout: 15_000 });
  await expect(second.page.getByText(ENDED)).toBeVisible({ timeout: 15_000 });
  await expect(video(first.page)).toHaveCount(0);
  expect(await isLive(host.page, host.eventId)).toBe(false);
  // Nothing to watch any more: the header and its close button are back (and stay).
  await expect(first.page.getByRole('button', { name: 'બંધ કરો', exact: true })).toHaveCSS('opacity', '1');
  await first.page.setViewportSize({ width: 375, height: 812 });
  await shoot(first.page, { path: join(shots, 'ended-375.png') });

  for (const p of [host, first, second, third]) await p.context.close();
});

test('header and controls hide after 5 s without movement and come back on a mouse move', async ({
  browser,
}) => {
  const { host, viewer } = await liveWithViewer(browser, 'Auto hide');
  const close = viewer.page.getByRole('button', { name: 'બંધ કરો', exact: true });
  const fullscreen = viewer.page.getByRole('button', { name: 'પૂર્ણ સ્ક્રીન' });
  await viewer.page.mouse.move(200, 200);
  const moved = Date.now();
  await expect(close).toBeVisible();
  await expect(fullscreen).toBeVisible();
  await expect(close).toBeHidden({ timeout: 8_000 });
  await expect(fullscreen).toBeHidden();
  const hiddenAfter = Date.now() - moved;
  expect(hiddenAfter).toBeGreaterThanOrEqual(4_900);
  // The badge stays: the count is not a control.
  await expect(viewer.page.getByTestId('viewer-count')).toBeVisible();
  await viewer.page.mouse.move(220, 260);
  await expect(close).toBeVisible();
  await expect(fullscreen).toBeVisible();

  // The host's own controls hid too; a move brings END back.
  await expect(host.page.getByRole('button', { name: 'END' })).toBeHidden();
  await host.page.mouse.move(300, 300);
  await host.page.getByRole('button', { name: 'END' }).click();
  await host.page.getByRole('dialog').getByRole('button', { name: 'લાઇવ બંધ કરો' }).click();
  await expect(host.page.getByRole('button', { name: 'Start' })).toBeVisible();
  for (const p of [host, viewer]) await p.context.close();
});

test('the host closing the tab clears live, and the viewer sees the stream has ended', async ({
  browser,
}) => {
  const { host, viewer } = await liveWithViewer(browser, 'Tab closed');

  await host.page.close({ runBeforeUnload: true });
  await expect(viewer.page.getByText(ENDED)).toBeVisible({ timeout: 20_000 });
  expect(await isLive(viewer.page, host.eventId)).toBe(false);
  await host.context.close();
  await viewer.context.close();
});

test('a member watching in one tab who opens a second is told so there, while the first keeps playing', async ({
  browser,
}) => {
  const { host, viewer } = await liveWithViewer(browser, 'Second tab');
  // Same member, same cookies: the server keeps one viewer per member and event
  // (docs/product/live-video.md, "Watching").
  const again = await viewer.context.newPage();
  await again.goto(`/event/${host.eventId}`);
  await expect(again.getByText('તમે આ કાર્યક્રમ બીજા ટેબમાં કે બીજા ફોનમાં જોઈ રહ્યા છો.')).toBeVisible({
    timeout: 20_000,
  });
  await expectPlaying(viewer.page);
  await host.context.close();
  await viewer.context.close();
});

test('the host confirms before ✕ or END ends the stream for everyone; from a fresh tab ✕ then goes to the events list', async ({
  browser,
}) => {
  test.slow();
  const host = await hostWithEvent(browser, 'Ask before ending');
  await host.page.setViewportSize({ width: 375, height: 812 });
  // A fresh tab: the event is its first page.
  await host.page.goto(`/event/${host.eventId}`);
  await host.page.getByRole('button', { name: 'Start' }).click();
  await expect(host.page.getByRole('button', { name: 'END' })).toBeVisible({ timeout: 20_000 });
  const dialog = host.page.getByRole('dialog', { name: 'લાઇવ પ્રસારણ બંધ કરવું છે?' });
  const close = host.page.getByRole('button', { name: 'બંધ કરો', exact: true });

  // ✕ asks; keeping the stream leaves everything as it was.
  await host.page.mouse.move(30, 30);
  await close.click();
  await expect(dialog).toBeVisible();
  // Drawn inside the stage, whose text is white: the dialog's own text must not be.
  await expect(dialog.getByText('જોઈ રહેલા બધા સભ્યો માટે લાઇવ બંધ થઈ જશે.')).not.toHaveCSS(
    'color',
    'rgb(255, 255, 255)',
  );
  await shoot(host.page, { path: join(shots, 'confirm-end-375.png') });
  await dialog.getByRole('button', { name: 'ચાલુ રાખો' }).click();
  await expect(dialog).toBeHidden();
  await expect(host.page).toHaveURL(new RegExp(`/event/${host.eventId}$`));
  expect(await isLive(host.page, host.eventId)).toBe(true);

  // END asks too.
  await host.page.mouse.move(40, 40);
  await host.page.getByRole('button', { name: 'END' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'ચાલુ રાખો' }).click();
  expect(await isLive(host.page, host.eventId)).toBe(true);
  await host.page.mouse.move(50, 50);
  await host.page.getByRole('button', { name: 'END' }).click();
  await dialog.getByRole('button', { name: 'લાઇવ બંધ કરો' }).click();
  await expect(host.page.getByRole('button', { name: 'Start' })).toBeVisible();
  await expect.poll(() => isLive(host.page, host.eventId)).toBe(false);

  // Live again, then ✕ and confirm: the stream ends and the host lands on the events list.
  await host.page.getByRole('button', { name: 'Start' }).click();
  await expect(host.page.getByRole('button', { name: 'END' })).toBeVisible({ timeout: 20_000 });
  await host.page.mouse.move(60, 60);
  await close.click();
  await dialog.getByRole('button', { name: 'લાઇવ બંધ કરો' }).click();
  await expect(host.page).toHaveURL(/\/events$/);
  await expect(host.page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  await expect.poll(() => isLive(host.page, host.eventId)).toBe(false);
  await host.context.close();
});

test('a visitor opening a live event learns what it is and is asked to log in, coming back to it', async ({
  browser,
  page,
}) => {
  const host = await hostWithEvent(browser, 'For members');
  await page.goto(`/event/${host.eventId}`);
  // The event's own title (its share card, as a link preview shows it), and no stage for a visitor.
  await expect(page).toHaveTitle(/^For members \| /);
  await page.locator('#main').getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(`/login?forward=%2Fevent%2F${host.eventId}`);
  await host.context.close();
});

test('events list and create form at phone and desktop widths', async ({ browser }) => {
  const host = await hostWithEvent(browser, 'Diwali Sneh Milan');
  const member = await person(browser, 'member');
  await member.page.goto('/events');
  await expect(member.page.getByText('Diwali Sneh Milan')).toBeVisible();
  await expect(member.page.getByRole('link', { name: 'Create event' })).toHaveCount(0);
  await host.page.goto('/events');
  await expect(host.page.getByRole('link', { name: 'Create event' })).toBeVisible();
  for (const width of [375, 1280]) {
    for (const [who, page] of [
      ['member', member.page],
      ['publisher', host.page],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await shoot(page, { path: join(shots, `events-${who}-${width}.png`), fullPage: width === 375 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `events list scrolls sideways at ${width}px`).toBeLessThanOrEqual(0);
    }
  }
  await host.page.getByRole('link', { name: 'Create event' }).click();
  await expect(host.page.getByLabel(/કાર્યક્રમનું નામ/)).toBeVisible();
  await shoot(host.page, { path: join(shots, 'create-1280.png'), fullPage: true });
  await host.context.close();
  await member.context.close();
});

test('a Publisher creates an event with the form; a member requests a stream once and the host sees the count', async ({
  browser,
}) => {
  const host = await person(browser, 'host');
  grant(host.member.username, 'Publisher');
  await host.page.goto('/events/create');
  await host.page.getByLabel(/કાર્યક્રમનું નામ/).fill('Samuh Lagna');
  await host.page.getByLabel(/તારીખ અને સમય/).fill('2026-12-20T18:30');
  await host.page.getByLabel('સ્થળ', { exact: true }).fill('Samaj Wadi');
  await host.page.getByRole('button', { name: 'કાર્યક્રમ બનાવો' }).click();
  // The new event opens on its own screen, where its host may go live.
  await expect(host.page).toHaveURL(/\/event\/[0-9a-f]+$/);
  await expect(host.page.getByRole('heading', { level: 1, name: 'Samuh Lagna' })).toBeVisible();
  await expect(host.page.getByText('20/12/2026 · 18:30 · Samaj Wadi')).toBeVisible();
  await expect(host.page.getByRole('button', { name: 'Start' })).toBeVisible();

  const member = await person(browser, 'member');
  await member.page.goto('/events');
  const card = member.page.locator('.mantine-Card-root', { hasText: 'Samuh Lagna' });
  await expect(card.getByText('No live stream')).toBeVisible();
  const asked = member.page.waitForResponse((r) => r.url().endsWith('/stream-requests'));
  await card.getByRole('button', { name: 'Request Streaming' }).click();
  expect((await asked).status()).toBe(200);
  await expect(card.getByRole('button', { name: 'વિનંતી મોકલી' })).toBeDisabled();
  // Members never see the count: it is for the host and staff.
  await expect(card.getByText(/લાઇવ માંગ્યું/)).toHaveCount(0);
  await member.page.reload();
  await expect(
    member.page
      .locator('.mantine-Card-root', { hasText: 'Samuh Lagna' })
      .getByRole('button', { name: 'વિનંતી મોકલી' }),
  ).toBeDisabled();

  await host.page.goto('/events');
  await expect(
    host.page.locator('.mantine-Card-root', { hasText: 'Samuh Lagna' }).getByText('1 સભ્યએ લાઇવ માંગ્યું'),
  ).toBeVisible();
  await host.context.close();
  await member.context.close();
});
