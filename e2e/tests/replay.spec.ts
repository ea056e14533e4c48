import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { grant, type Member, newMember, signUp } from '../support/members';
import { shoot } from '../support/screens';

// "Watch again" (docs/product/live-video.md, "Watch again") in the browser, run by playwright.sfu.config.ts
// (SFU mode with a real Janus): a host streams Chromium's fake camera and microphone with "Record for replay"
// on, ENDs; the server's job makes the replay; a member plays it in the event's "Watch again" player and
// seeks, the browser fetching byte ranges (206) of the WebM.

test.describe.configure({ mode: 'serial' });

const here = dirname(fileURLToPath(import.meta.url));
const shots = join(here, '../test-results/replay-screens');
const WATCH_AGAIN = 'ફરી જુઓ';

async function person(browser: Browser, prefix: string): Promise<{ page: Page; member: Member }> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  const member = await signUp(page.request, newMember(prefix));
  return { page, member };
}

test.beforeEach(async ({ request }) => {
  const config = (await (await request.get('/api/public-config')).json()) as { liveMode?: string };
  test.skip(config.liveMode !== 'sfu', 'replays are recorded in SFU mode (playwright.sfu.config.ts)');
});

test('record, END, and "Watch again" plays the replay and seeks in it', async ({ browser }) => {
  test.slow();
  const host = await person(browser, 'rechost');
  grant(host.member.username, 'Publisher');

  // The form offers the recording, and says what it gives in this (SFU) mode.
  await host.page.goto('/events/create');
  const record = host.page.getByRole('checkbox', { name: 'ફરી જોવા માટે રેકોર્ડ કરો' });
  await expect(record).toBeVisible();
  await host.page.setViewportSize({ width: 375, height: 812 });
  await shoot(host.page, { path: join(shots, 'form-375.png'), fullPage: true });
  await expect(
    host.page.getByText('લાઇવ પ્રસારણ પૂરું થયા પછી સભ્યો તેને કાર્યક્રમના પેજ પર ફરી જોઈ શકશે.'),
  ).toBeVisible();

  const created = await host.page.request.post('/api/events', {
    data: {
      name: 'Annual meeting (recorded)',
      time: new Date(Date.now() + 3600_000).toISOString(),
      location: 'Samaj Wadi, Surat',
      liveStream: true,
      recordReplay: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const eventId = ((await created.json()) as { id: string }).id;
  // Editing shows the choice as saved.
  await host.page.goto(`/events/create?id=${eventId}`);
  await expect(record).toBeChecked();

  // The host streams for a few seconds and ENDs.
  await host.page.goto(`/event/${eventId}`);
  await host.page.getByRole('button', { name: 'Start' }).click();
  await expect(host.page.getByRole('button', { name: 'END' })).toBeVisible({ timeout: 30_000 });
  await host.page.waitForTimeout(7000);
  await host.page.mouse.move(40, 40);
  await host.page.getByRole('button', { name: 'END' }).click();
  await host.page.getByRole('dialog').getByRole('button', { name: 'લાઇવ બંધ કરો' }).click();

  // A member arriving later: the ended event offers the replay once the server has made it (the
  // screen hears of it over /realtime, or finds it on arrival).
  const member = await person(browser, 'recviewer');
  const page = member.page;
  const ranges: number[] = [];
  page.on('response', (res) => {
    if (res.url().endsWith(`/api/events/${eventId}/replay`)) ranges.push(res.status());
  });
  await page.goto(`/event/${eventId}`);
  const watch = page.getByRole('button', { name: WATCH_AGAIN });
  await expect(watch).toBeVisible({ timeout: 90_000 });
  await page.setViewportSize({ width: 375, height: 812 });
  await shoot(page, { path: join(shots, 'ended-375.png') });
  await watch.click();
  const player = page.getByRole('dialog', { name: 'Annual meeting (recorded) નું રેકોર્ડિંગ' });
  await expect(player).toBeVisible();
  const video = player.locator('video');

  // It plays: a picture with a size, sound, and time moving on.
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 20_000 })
    .toBeGreaterThan(0);
  const duration = await video.evaluate((v: HTMLVideoElement) => v.duration);
  expect(duration).toBeGreaterThan(4);
  expect(Number.isFinite(duration)).toBe(true);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(0.5);
  const audio = await video.evaluate(
    (v: HTMLVideoElement) => (v as unknown as { audioTracks?: { length: number } }).audioTracks?.length ?? -1,
  );
  // Chromium exposes audioTracks only behind a flag; where it does, the replay has one.
  if (audio >= 0) expect(audio).toBeGreaterThan(0);

  // Seeking: the browser asks for the bytes it needs (206) and plays on from there.
  const target = Math.max(1, duration - 2);
  await video.evaluate(
    (v: HTMLVideoElement, to: number) =>
      new Promise<void>((resolve) => {
        v.addEventListener('seeked', () => resolve(), { once: true });
        v.currentTime = to;
      }),
    target,
  );
  expect(await video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(target - 0.5);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime > 0 && !v.error), { timeout: 10_000 })
    .toBe(true);
  expect(ranges).toContain(206);
  // No staff button for a member.
  await expect(player.getByRole('button', { name: 'રેકોર્ડિંગ કાઢી નાખો' })).toHaveCount(0);

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await shoot(page, { path: join(shots, `replay-${width}.png`) });
  }

  // Closing returns to the event's screen; the visitor gets nothing of the video.
  await player.getByRole('button', { name: 'રેકોર્ડિંગ બંધ કરો' }).click();
  await expect(player).toHaveCount(0);
  const visitor = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const refused = await visitor.request.get(`/api/events/${eventId}/replay`);
  expect(refused.status()).toBe(401);
  expect(refused.headers()['content-type']).toContain('application/json');
  await visitor.close();

  // The Publisher who created the event deletes the replay from the player.
  await host.page.goto(`/event/${eventId}`);
  await host.page.getByRole('button', { name: WATCH_AGAIN }).click();
  host.page.once('dialog', (dialog) => void dialog.accept());
  await host.page.getByRole('button', { name: 'રેકોર્ડિંગ કાઢી નાખો' }).click();
  await expect(host.page.getByRole('button', { name: WATCH_AGAIN })).toHaveCount(0);
  expect((await host.page.request.get(`/api/events/${eventId}/replay`)).status()).toBe(404);
});
