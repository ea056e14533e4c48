// What members plan around (docs/product/events.md, "Event details"), in a member's browser (named to run
// after events.spec.ts, whose first story needs a server with no event yet): the start in the community's
// time zone (Asia/Kolkata here, whatever the phone's zone), the place with a link to it on the community map,
// "I'll attend" changing the count (and staying after a reload: the server renders it), the .ics that "Add to
// calendar" downloads, a past event saying 'Ended', and the form's place fields. Screens at 375 and 1280 px
// go to test-results/event-details/.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { pageProblems as allProblems } from '../support/app-script';
import { grant, newMember, signUp } from '../support/members';
import { shoot } from '../support/screens';

const shots = join(dirname(fileURLToPath(import.meta.url)), '../test-results/event-details');
const PHONE = { width: 375, height: 812 };
const WIDE = { width: 1280, height: 800 };
const PLACE = { latitude: 23.2419, longitude: 69.6669 };
const DAY = 86_400_000;

/**
 * What the page throws or logs (hydration mismatches included), less the service worker's failed
 * registration that Playwright's blocking causes (support/app-script.ts).
 */
function pageProblems(page: Page) {
  const problems = allProblems(page);
  return { list: () => problems.filter((p) => !p.startsWith('Service worker registration failed')) };
}

/** A page of its own, in a zone other than the community's: the times shown must not follow it. */
async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: PHONE,
    timezoneId: 'America/Toronto',
    acceptDownloads: true,
  });
  return context.newPage();
}

async function publisher(browser: Browser): Promise<Page> {
  const page = await phone(browser);
  const member = await signUp(page.request, newMember('planpub'));
  grant(member.username, 'Publisher');
  return page;
}

async function createEvent(page: Page, over: Record<string, unknown> = {}): Promise<string> {
  const res = await page.request.post('/api/events', {
    data: {
      name: 'Navratri garba',
      description: 'Nine nights of garba. Bring your own dandiya.',
      time: '2026-12-20T13:00:00.000Z',
      location: 'Samaj Wadi, Bhuj',
      coordinates: PLACE,
      liveStream: true,
      ...over,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function screens(page: Page, name: string) {
  for (const size of [PHONE, WIDE]) {
    await page.setViewportSize(size);
    await page.mouse.move(20, 20);
    await shoot(page, { path: join(shots, `${name}-${size.width}.png`) });
  }
  await page.setViewportSize(PHONE);
}

test('a member sees when and where, opens the place on the map, says they will attend, and downloads the .ics', async ({
  browser,
}) => {
  const host = await publisher(browser);
  const id = await createEvent(host);
  const page = await phone(browser);
  await signUp(page.request, newMember('planner'));
  const problems = pageProblems(page);
  // The map's tiles (TILE_URL's test host, which no resolver knows) answer blank, as in shell.spec.
  const tiles: string[] = [];
  await page.route('http://tiles.samaj.test/**', async (route) => {
    tiles.push(new URL(route.request().url()).pathname);
    await route.fulfill({ status: 204 });
  });

  await page.goto(`/event/${id}`);
  const details = page.getByRole('region', { name: 'કાર્યક્રમની વિગતો' });
  // 13:00 UTC is 18:30 in the community's zone (India), not 08:00 as this Toronto phone's clock reads it.
  await expect(details.locator('time')).toHaveText('20/12/2026 · 18:30');
  await expect(details.locator('time')).toHaveAttribute('datetime', '2026-12-20T13:00:00.000Z');
  await expect(page.getByText('20/12/2026 · 18:30 · Samaj Wadi, Bhuj')).toBeVisible();
  await expect(details.getByText('Samaj Wadi, Bhuj')).toBeVisible();
  await expect(details.getByText('Nine nights of garba. Bring your own dandiya.')).toBeVisible();
  await expect(details.getByText('સમાપ્ત')).toHaveCount(0);

  // "I'll attend": pressed, the count goes up; the answer is the server's (a reload renders it).
  const count = details.getByTestId('attendee-count');
  const attend = details.getByRole('button', { name: 'હું આવીશ' });
  // Gujarati counts 0 like 1 (CLDR's 'one').
  await expect(count).toHaveText('0 સભ્યએ આવવાનું કહ્યું છે');
  await expect(attend).toHaveAttribute('aria-pressed', 'false');
  await attend.click();
  await expect(attend).toHaveAttribute('aria-pressed', 'true');
  await expect(count).toHaveText('1 સભ્યએ આવવાનું કહ્યું છે');
  await screens(page, 'attending');
  await page.reload();
  await expect(attend).toHaveAttribute('aria-pressed', 'true');
  await expect(count).toHaveText('1 સભ્યએ આવવાનું કહ્યું છે');
  // Another member's answer counts too; withdrawing takes only one's own.
  const other = await phone(browser);
  await signUp(other.request, newMember('planner2'));
  expect(
    (await other.request.put(`/api/events/${id}/attendance`, { data: { attending: true } })).status(),
  ).toBe(200);
  await page.reload();
  await expect(count).toHaveText('2 સભ્યોએ આવવાનું કહ્યું છે');
  // The list's card says it too.
  await page.goto('/events');
  await expect(page.locator('.mantine-Card-root', { hasText: 'Navratri garba' }).first()).toContainText(
    '2 સભ્યોએ આવવાનું કહ્યું છે',
  );
  await page.goto(`/event/${id}`);
  await attend.click();
  await expect(attend).toHaveAttribute('aria-pressed', 'false');
  await expect(count).toHaveText('1 સભ્યએ આવવાનું કહ્યું છે');

  // "Add to calendar": the .ics with the start in UTC, the place, and the event's link.
  const downloading = page.waitForEvent('download');
  await details.getByRole('link', { name: 'કૅલેન્ડરમાં ઉમેરો' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`event-${id}.ics`);
  const ics = readFileSync((await download.path()) as string, 'utf8').replace(/\r\n[ \t]/g, '');
  const lines = ics.split('\r\n');
  expect(lines).toContain('BEGIN:VEVENT');
  expect(lines).toContain('DTSTART:20261220T130000Z');
  expect(lines).toContain('SUMMARY:Navratri garba');
  expect(lines).toContain('LOCATION:Samaj Wadi\\, Bhuj');
  expect(lines).toContain(`GEO:${PLACE.latitude};${PLACE.longitude}`);
  expect(lines.find((l) => l.startsWith('URL:'))).toMatch(new RegExp(`^URL:https?://[^/]+/event/${id}$`));

  // The place on the community map: the link names it, the map opens on it with its name.
  const onMap = details.getByRole('link', { name: 'સમાજના નકશા પર જુઓ' });
  await expect(onMap).toHaveAttribute(
    'href',
    `/community-map?lat=${PLACE.latitude}&lng=${PLACE.longitude}&place=Samaj+Wadi%2C+Bhuj`,
  );
  await onMap.click();
  await expect(page).toHaveURL(/\/community-map\?lat=23\.2419&lng=69\.6669/);
  await expect(page.getByTestId('map-place')).toHaveText('નકશા પર: Samaj Wadi, Bhuj');
  await expect(page.locator('.leaflet-tooltip')).toHaveText('Samaj Wadi, Bhuj');
  // Opened close on the place (zoom 16), not on Gujarat at zoom 6: the tile under Bhuj is asked for.
  const tile = (z: number) =>
    `/${z}/${Math.floor(((PLACE.longitude + 180) / 360) * 2 ** z)}/${Math.floor(
      ((1 -
        Math.log(
          Math.tan((PLACE.latitude * Math.PI) / 180) + 1 / Math.cos((PLACE.latitude * Math.PI) / 180),
        ) /
          Math.PI) /
        2) *
        2 ** z,
    )}.png`;
  await expect.poll(() => tiles).toContain(tile(16));
  expect(tiles.some((t) => t.startsWith('/6/'))).toBe(false);
  await screens(page, 'map-place');

  // A visitor with the invitation link: the count (no names) and the login card that brings them back.
  const visitor = await phone(browser);
  await visitor.goto(`/event/${id}`);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Navratri garba' })).toBeVisible();
  await expect(visitor.getByTestId('attendee-count')).toHaveText('1 સભ્યએ આવવાનું કહ્યું છે');
  await expect(visitor.getByRole('link', { name: 'Login' }).last()).toHaveAttribute(
    'href',
    `/login?forward=%2Fevent%2F${id}`,
  );
  await expect(visitor.getByRole('button', { name: 'હું આવીશ' })).toHaveCount(0);
  await screens(visitor, 'visitor');

  expect(problems.list()).toEqual([]);
  for (const p of [page, other, host, visitor]) await p.context().close();
});

test('a past event says Ended on its screen and in the list, and asks no one to attend', async ({
  browser,
}) => {
  const host = await publisher(browser);
  const time = new Date(Date.now() - 3 * DAY).toISOString();
  const id = await createEvent(host, {
    name: 'Diwali sneh milan',
    time,
    coordinates: null,
    location: 'Town hall',
  });
  const page = await phone(browser);
  await signUp(page.request, newMember('pastgoer'));
  const problems = pageProblems(page);

  await page.goto(`/event/${id}`);
  const details = page.getByRole('region', { name: 'કાર્યક્રમની વિગતો' });
  await expect(details.getByTestId('event-ended')).toHaveText('સમાપ્ત');
  await expect(page.getByText('Not Started')).toHaveCount(0);
  await expect(details.getByRole('button', { name: 'હું આવીશ' })).toHaveCount(0);
  await expect(details.getByRole('link', { name: 'કૅલેન્ડરમાં ઉમેરો' })).toHaveCount(0);
  // No coordinates: the place is named, with no map link.
  await expect(details.getByText('Town hall')).toBeVisible();
  await expect(details.getByRole('link', { name: 'સમાજના નકશા પર જુઓ' })).toHaveCount(0);
  await screens(page, 'ended');

  await page.goto('/events');
  const card = page.locator('.mantine-Card-root', { hasText: 'Diwali sneh milan' });
  await expect(card.getByText('સમાપ્ત')).toBeVisible();
  await screens(page, 'list');
  expect(problems.list()).toEqual([]);
  for (const p of [page, host]) await p.context().close();
});

test('a Publisher gives the place by pasting it from a map app, and the event opens with its start in the community zone', async ({
  browser,
}) => {
  const page = await publisher(browser);
  const problems = pageProblems(page);
  await page.goto('/events/create');
  await page.getByLabel(/કાર્યક્રમનું નામ/).fill('Samuh lagna');
  await expect(page.getByText('સમાજના સમય વિસ્તાર મુજબ (Asia/Kolkata)')).toBeVisible();
  await page.getByLabel(/તારીખ અને સમય/).fill('2026-12-24T18:30');
  await page.getByLabel('સ્થળ', { exact: true }).fill('Samaj Wadi, Bhuj');
  await page.getByLabel('અક્ષાંશ').fill(`${PLACE.latitude}, ${PLACE.longitude}`);
  await expect(page.getByLabel('રેખાંશ')).toHaveValue(String(PLACE.longitude));
  await expect(page.getByRole('link', { name: 'આ સ્થળ સમાજના નકશા પર જુઓ' })).toBeVisible();
  await screens(page, 'form-place');
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/events') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'કાર્યક્રમ બનાવો' }).click();
  const body = (await (await saved).json()) as { id: string; time: string; coordinates: unknown };
  // 18:30 in India, typed on a phone set to Toronto.
  expect(body.time).toBe('2026-12-24T13:00:00.000Z');
  expect(body.coordinates).toEqual(PLACE);
  // The Publisher hosts it: their own event's screen, with its details.
  await expect(page).toHaveURL(new RegExp(`/event/${body.id}$`));
  await expect(page.getByRole('region', { name: 'કાર્યક્રમની વિગતો' }).locator('time')).toHaveText(
    '24/12/2026 · 18:30',
  );
  expect(problems.list()).toEqual([]);
  await page.context().close();
});
