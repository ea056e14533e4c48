import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { grant, logIn, type Member, newMember, signUp } from '../support/members';
import { shoot } from '../support/screens';

// docs/product/events.md, "Events list". The suite's server has no event before this file runs (specs that
// make events sort after it: live, planning, replay): the member sees the Gujarati empty state; the cards
// themselves are covered by the web component test.

test('a member sees the Events page say in Gujarati that there are no events yet', async ({ page }) => {
  await signUp(page.request);
  // The list comes with the page (rendered on the server), not asked for again.
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/events')) asked.push(request.url());
  });
  await page.goto('/events');
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  await expect(page.getByText('હજી કોઈ કાર્યક્રમ નથી')).toBeVisible();
  await expect(page.getByText('સમાજનો નવો કાર્યક્રમ ઉમેરાશે ત્યારે તે અહીં દેખાશે.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create New Account' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'વધુ કાર્યક્રમો જુઓ' })).toHaveCount(0);
  expect(asked).toEqual([]);
});

test('a visitor gets the login card instead of events', async ({ page }) => {
  await page.goto('/events');
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login' }).last()).toHaveAttribute(
    'href',
    '/login?forward=%2Fevents',
  );
  await expect(page.getByRole('link', { name: 'Create New Account' })).toHaveAttribute(
    'href',
    '/signup?forward=%2Fevents',
  );
  await expect(page.getByText('હજી કોઈ કાર્યક્રમ નથી')).toHaveCount(0);
});

test('an event that does not exist says so instead of loading forever', async ({ page }) => {
  await signUp(page.request, newMember('eventgone'));
  await page.goto('/event/nosuchevent');
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText('Not Started');
});

// What a member and a Publisher meet on a phone. Times are shown in the
// member's own zone (India here): 13:00 UTC is 18:30.
const shots = join(dirname(fileURLToPath(import.meta.url)), '../test-results/event-screens');
const PHONE = { width: 375, height: 812 };
const IST = { timezoneId: 'Asia/Kolkata' };
const EVENT_TIME = '2026-12-20T13:00:00.000Z';
const ENDED = 'લાઇવ પૂરું થયું';

async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: PHONE,
    ...IST,
  });
  return context.newPage();
}

/** A Publisher (signed in on `page`) creates an event through the API; its host is themselves unless named. */
async function createEvent(page: Page, over: Record<string, unknown> = {}): Promise<string> {
  const res = await page.request.post('/api/events', {
    data: {
      name: 'Sharad Purnima Raas',
      description: 'Raas garba under the full moon, with prasad after the aarti.',
      time: EVENT_TIME,
      location: 'Samaj Wadi, Surat',
      liveStream: true,
      ...over,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function publisher(browser: Browser): Promise<{ page: Page; member: Member }> {
  const page = await phone(browser);
  const member = await signUp(page.request, newMember('pub'));
  grant(member.username, 'Publisher');
  return { page, member };
}

test('a member arriving at an event from a link (a fresh tab) closes it to the events list, not a blank page', async ({
  browser,
}) => {
  const host = await publisher(browser);
  const id = await createEvent(host.page, { name: 'Fresh tab event' });
  const page = await phone(browser);
  await signUp(page.request, newMember('arrive'));
  // As from WhatsApp or a notification: the event is the tab's first page.
  await page.goto(`/event/${id}`);
  await expect(page.getByText('Not Started')).toBeVisible();
  await page.getByRole('button', { name: 'બંધ કરો', exact: true }).click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  await expect(page.getByText('Fresh tab event')).toBeVisible();

  // Coming from the list, ✕ goes back to where the member was.
  await page.getByText('Fresh tab event').click();
  await expect(page).toHaveURL(new RegExp(`/event/${id}$`));
  await page.getByRole('button', { name: 'બંધ કરો', exact: true }).click();
  await expect(page).toHaveURL(/\/events$/);
  await page.goBack();
  await expect(page).not.toHaveURL(new RegExp(`/event/${id}$`));
  await page.context().close();
  await host.page.context().close();
});

test('the list and the event show the start time, description and location; after a stream ends a late viewer reads that it ended', async ({
  browser,
}) => {
  const host = await publisher(browser);
  const id = await createEvent(host.page, { name: 'Raas after the stream' });
  // The host streamed and ended (the flag as the live screen sets it).
  for (const live of [true, false]) {
    const res = await host.page.request.put(`/api/events/${id}/live`, { data: { live } });
    expect(res.status(), await res.text()).toBe(200);
  }
  const page = await phone(browser);
  await signUp(page.request, newMember('late'));
  await page.goto('/events');
  const card = page.locator('.mantine-Card-root', { hasText: 'Raas after the stream' });
  await expect(card.getByText('20/12/2026 · 18:30')).toBeVisible();
  await expect(card.getByText('Raas garba under the full moon, with prasad after the aarti.')).toBeVisible();
  await expect(card.getByText('Samaj Wadi, Surat')).toBeVisible();
  await expect(card.getByText('લાઇવ પ્રસારણ પૂરું થયું')).toBeVisible();
  await expect(card.getByText('Live stream not started')).toHaveCount(0);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await shoot(page, { path: join(shots, `list-${width}.png`), fullPage: width === 375 });
  }
  await page.setViewportSize(PHONE);

  await card.getByText('Raas after the stream').click();
  await expect(page.getByText(ENDED)).toBeVisible();
  await expect(page.getByText('Not Started')).toHaveCount(0);
  await expect(page.getByText('20/12/2026 · 18:30 · Samaj Wadi, Surat')).toBeVisible();
  await expect(page.getByText('Raas garba under the full moon, with prasad after the aarti.')).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await page.mouse.move(20, 20);
    await shoot(page, { path: join(shots, `ended-${width}.png`) });
  }
  await page.context().close();
  await host.page.context().close();
});

test('a Publisher picks the host from members as they type; an unknown host is named at the field; hosting someone else lands on the list', async ({
  browser,
}) => {
  const pub = await publisher(browser);
  const chosen = newMember('kokila');
  chosen.name = `Kokila ${chosen.username.slice(-6)} Shah`;
  await signUp(pub.page.request, chosen);
  // signUp through pub.page.request signed the context in as the new member: sign the Publisher back in.
  await logIn(pub.page.request, pub.member);
  const page = pub.page;
  await page.goto('/events/create');
  await page.getByLabel(/કાર્યક્રમનું નામ/).fill('Samuh Vivah 2026');
  await page.getByLabel(/તારીખ અને સમય/).fill('2026-12-20T18:30');
  await page.getByLabel(/વિગત/).fill('Community wedding, all welcome.');
  await page.getByLabel('સ્થળ', { exact: true }).fill('Samaj Wadi');

  // A username nobody has: the host field itself says so, from the API's answer.
  const host = page.getByRole('combobox', { name: /યજમાન/ }).or(page.getByLabel(/યજમાન/)).first();
  await host.fill('nobody_with_this_name');
  const refused = page.waitForResponse(
    (r) => r.url().endsWith('/api/events') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'કાર્યક્રમ બનાવો' }).click();
  const answer = await refused;
  expect(answer.status()).toBe(400);
  expect(((await answer.json()) as { field: string }).field).toBe('host');
  await expect(host).toHaveAttribute('aria-invalid', 'true');
  const describedBy = (await host.getAttribute('aria-describedby')) ?? '';
  const errorId = describedBy.split(' ').find((id) => id.includes('error'));
  expect(errorId, 'the host field names its error').toBeTruthy();
  await expect(page.locator(`[id="${errorId}"]`)).toHaveText('આ username વાળા કોઈ સભ્ય નથી.');

  // Picking by a part of the name: the list offers the member, choosing fills in the username.
  await host.fill('');
  await host.pressSequentially(chosen.name.split(' ')[1], { delay: 30 });
  const option = page.getByRole('option', { name: new RegExp(chosen.name) });
  await expect(option).toBeVisible();
  await expect(option).toContainText(chosen.username);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await shoot(page, { path: join(shots, `create-picker-${width}.png`) });
  }
  await page.setViewportSize(PHONE);
  await option.click();
  await expect(host).toHaveValue(chosen.username);
  // A closed list is not kept drawn, not even hidden (app/theme.ts): a form's lists that nobody has
  // opened are nothing for a slow phone to lay out and measure while the page loads.
  await expect(page.locator('[role="listbox"]')).toHaveCount(0);

  // Hosted by someone else: the Publisher lands on the list, not on a viewer's waiting screen.
  await page.getByRole('button', { name: 'કાર્યક્રમ બનાવો' }).click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(page.getByText('Samuh Vivah 2026')).toBeVisible();
  await expect(page.getByText('Not Started', { exact: true })).toHaveCount(0);
  await page.context().close();
});
