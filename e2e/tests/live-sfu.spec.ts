import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { grant, type Member, newMember, signUp } from '../support/members';
import { shoot } from '../support/screens';

// SFU mode and TURN (docs/product/live-video.md) in the browser, run by playwright.sfu.config.ts: the server
// in SFU mode (JANUS_URL, LIVE_MAX_VIEWERS unset) with a real Janus, and TURN with short-lived credentials
// (TURN_URLS, TURN_SECRET) with a real coturn. The host publishes once through the app's /sfu channel,
// viewers subscribe from Janus, and the viewer count comes from the server over /realtime.

test.describe.configure({ mode: 'serial' });

const here = dirname(fileURLToPath(import.meta.url));
const shots = join(here, '../test-results/live-sfu-screens');
const ENDED = 'લાઇવ પૂરું થયું';

/**
 * Every RTCPeerConnection the page makes, kept on `window.__peerConnections` (before any of the
 * app's scripts run), each marked once it negotiates (a library's feature probe makes one that never
 * does); with `relayOnly`, each is forced to use TURN relays only, as a phone behind a carrier NAT
 * that lets nothing else through.
 */
function recordPeerConnections(relayOnly: boolean) {
  const Native = window.RTCPeerConnection;
  const made: RTCPeerConnection[] = [];
  (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections = made;
  class Recorded extends Native {
    negotiated = false;
    constructor(config?: RTCConfiguration) {
      super(relayOnly ? { ...config, iceTransportPolicy: 'relay' } : config);
      made.push(this);
    }
    override setLocalDescription(description?: RTCLocalSessionDescriptionInit) {
      this.negotiated = true;
      return super.setLocalDescription(description);
    }
  }
  window.RTCPeerConnection = Recorded;
}

interface Person {
  context: BrowserContext;
  page: Page;
  member: Member;
}

async function person(browser: Browser, prefix: string, relayOnly = false): Promise<Person> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await context.addInitScript(recordPeerConnections, relayOnly);
  const page = await context.newPage();
  const member = await signUp(page.request, newMember(prefix));
  return { context, page, member };
}

async function hostWithEvent(browser: Browser, name: string): Promise<Person & { eventId: string }> {
  const host = await person(browser, 'host');
  grant(host.member.username, 'Publisher');
  const png = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#e8590c' } })
    .png()
    .toBuffer();
  const image = await host.page.request.post('/api/events/images', {
    multipart: { file: { name: 'thumb.png', mimeType: 'image/png', buffer: png } },
  });
  expect(image.status(), await image.text()).toBe(201);
  const res = await host.page.request.post('/api/events', {
    data: {
      name,
      description: 'Streamed to relatives abroad',
      time: new Date(Date.now() + 3600_000).toISOString(),
      location: 'Samaj Wadi, Surat',
      liveStream: true,
      thumbnail: ((await image.json()) as { id: string }).id,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { ...host, eventId: ((await res.json()) as { id: string }).id };
}

const video = (page: Page) => page.getByLabel('લાઇવ વીડિયો');
const count = (page: Page) => page.getByTestId('viewer-count');

/** The stream plays: frames with a size have arrived, and the video's time moves on. */
async function expectPlaying(page: Page) {
  await expect(video(page)).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => video(page).evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 30_000 })
    .toBeGreaterThan(0);
  const before = await video(page).evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect
    .poll(() => video(page).evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 })
    .toBeGreaterThan(before + 0.5);
}

/** The page's RTCPeerConnections: how many ever negotiated, and how many send media now. */
function connections(page: Page) {
  return page.evaluate(() => {
    const made = (
      window as unknown as { __peerConnections: Array<RTCPeerConnection & { negotiated: boolean }> }
    ).__peerConnections;
    const open = made.filter((pc) => pc.connectionState !== 'closed');
    return {
      negotiated: made.filter((pc) => pc.negotiated).length,
      sending: open.filter((pc) => pc.getSenders().some((s) => s.track !== null)).length,
    };
  });
}

/** The candidate types of the viewer's connected pair, read from the browser's own statistics. */
function selectedPair(page: Page) {
  return page.evaluate(async () => {
    const made = (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections;
    const pc = made.filter((p) => p.connectionState === 'connected').at(-1);
    if (!pc) return null;
    const stats = [...(await pc.getStats()).values()] as Array<Record<string, unknown>>;
    const transport = stats.find((s) => s.type === 'transport');
    const pair = stats.find((s) => s.id === transport?.selectedCandidatePairId);
    const local = stats.find((s) => s.id === pair?.localCandidateId);
    const remote = stats.find((s) => s.id === pair?.remoteCandidateId);
    return { local: local?.candidateType, remote: remote?.candidateType, relayUrl: local?.url };
  });
}

async function isLive(page: Page, eventId: string): Promise<boolean> {
  const res = await page.request.get(`/api/events/${eventId}`);
  return ((await res.json()) as { live: boolean }).live;
}

async function start(host: Person & { eventId: string }) {
  await host.page.goto(`/event/${host.eventId}`);
  await host.page.getByRole('button', { name: 'Start' }).click();
  await expect(host.page.getByRole('button', { name: 'END' })).toBeVisible({ timeout: 30_000 });
}

async function end(host: Person) {
  await host.page.mouse.move(40, 40);
  await host.page.getByRole('button', { name: 'END' }).click();
  await host.page.getByRole('dialog').getByRole('button', { name: 'લાઇવ બંધ કરો' }).click();
  await expect(host.page.getByRole('button', { name: 'Start' })).toBeVisible();
}

test('SFU mode: the host publishes once; three viewers play from Janus and see the count 3; END ends it for all', async ({
  browser,
}) => {
  test.slow();
  const config = await (await browser.newContext()).request.get(
    `${test.info().project.use.baseURL}/api/public-config`,
  );
  // LIVE_MAX_VIEWERS unset: SFU mode's 500.
  expect(await config.json()).toMatchObject({ liveMode: 'sfu', liveMaxViewers: 500 });

  const host = await hostWithEvent(browser, 'Annual meeting (SFU)');
  // One member waits on the screen before the host starts: they join the moment it goes live (the
  // host sets live a moment before publishing; the viewer asks Janus again until the feed is there).
  const early = await person(browser, 'viewer');
  await early.page.goto(`/event/${host.eventId}`);
  await expect(early.page.getByText('Not Started')).toBeVisible();
  await start(host);
  expect(await isLive(host.page, host.eventId)).toBe(true);

  const viewers: Person[] = [early];
  for (let i = 1; i < 3; i += 1) {
    const viewer = await person(browser, 'viewer');
    await viewer.page.goto(`/event/${host.eventId}`);
    viewers.push(viewer);
  }
  for (const viewer of viewers) await expectPlaying(viewer.page);
  // The server's count reaches everyone over /realtime.
  for (const viewer of viewers) await expect(count(viewer.page)).toHaveText('3');
  await expect(count(host.page)).toHaveText('3');
  // Viewers receive from Janus and send nothing.
  for (const viewer of viewers) expect(await connections(viewer.page)).toMatchObject({ sending: 0 });
  // The host uploads once, whatever the audience: one RTCPeerConnection, to Janus.
  expect(await connections(host.page)).toEqual({ negotiated: 1, sending: 1 });

  for (const width of [375, 1280]) {
    const size = { width, height: width === 375 ? 812 : 800 };
    await viewers[0].page.setViewportSize(size);
    await viewers[0].page.mouse.move(10, 10);
    await shoot(viewers[0].page, { path: join(shots, `viewer-${width}.png`) });
    await host.page.setViewportSize(size);
    await host.page.mouse.move(10, 10);
    await shoot(host.page, { path: join(shots, `host-${width}.png`) });
  }

  // One viewer leaves: the others hear 2.
  await viewers[2].context.close();
  await expect(count(viewers[0].page)).toHaveText('2');
  await expect(count(host.page)).toHaveText('2');

  // END: the host unpublishes and the server closes the room; viewers see the ended state.
  await end(host);
  for (const viewer of viewers.slice(0, 2)) {
    await expect(viewer.page.getByText(ENDED)).toBeVisible({ timeout: 20_000 });
    await expect(video(viewer.page)).toHaveCount(0);
  }
  expect(await isLive(host.page, host.eventId)).toBe(false);
  expect(await connections(host.page)).toMatchObject({ sending: 0 });
  for (const p of [host, ...viewers.slice(0, 2)]) await p.context.close();
});

test('TURN: a viewer who can only use relays plays through coturn, with a credential of their own', async ({
  browser,
}) => {
  test.slow();
  const host = await hostWithEvent(browser, 'Navratri (relayed)');
  await start(host);
  const viewer = await person(browser, 'relayed', true);
  // The member's ICE servers: a TURN user of their own, named `<expiry>:<member id>`.
  const ice = (await (await viewer.page.request.get('/api/live/ice-servers')).json()) as {
    iceServers: Array<{ urls: string[]; username?: string }>;
    expiresAt: string;
  };
  const turn = ice.iceServers.find((s) => s.username);
  expect(turn?.urls).toEqual([process.env.E2E_SFU_TURN_URL]);
  expect(Date.parse(ice.expiresAt) - Date.now()).toBeGreaterThan(5.9 * 3600_000);

  await viewer.page.goto(`/event/${host.eventId}`);
  await expectPlaying(viewer.page);
  await expect(count(viewer.page)).toHaveText('1');
  // The media really came through the relay.
  const pair = await selectedPair(viewer.page);
  expect(pair).toMatchObject({ local: 'relay' });

  await end(host);
  await expect(viewer.page.getByText(ENDED)).toBeVisible({ timeout: 20_000 });
  for (const p of [host, viewer]) await p.context.close();
});
