// docs/product/operations.md, "Performance targets": live video on loopback with Chromium's fake camera. Join
// to first frame (from the viewer's `samaj:live-join` mark, set when its peer starts, to the video's first
// decoded frame) with 1 viewer and with 8 joining at once, and how many viewers one host serves with frames
// still flowing up to the configured cap (LIVE_MAX_VIEWERS, 12) — the next one must be told it is full. Host
// and viewers are tabs of one headless Chromium on the same 2-core machine as the server.
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { CHROMIUM, median, QUIET_ARGS, root, type Section, startServer, WEBRTC_ARGS } from '../lib.ts';

const CAP = 12;
const SINGLE_RUNS = 5;
const AT_ONCE = 8;
const FLOW_SECONDS = 3;

const ARGS = [
  ...QUIET_ARGS,
  ...WEBRTC_ARGS,
  // Background tabs would otherwise be throttled: every viewer is a tab of its own.
  '--disable-background-timer-throttling',
  '--disable-renderer-backgrounding',
  '--disable-backgrounding-occluded-windows',
];

let counter = 0;

/** A signed-in member's own browser context (its own session cookie). */
async function member(
  browser: Browser,
  url: string,
  prefix: string,
): Promise<{ context: BrowserContext; username: string }> {
  // No service worker: each member here is a brand-new browser profile, and each would download and
  // store the whole precache (~660 KB) while joining — on real phones that happens once, on the first
  // visit, on the phone's own CPU, not in the same two cores as the host and every other viewer.
  const context = await browser.newContext({ baseURL: url, serviceWorkers: 'block' });
  counter += 1;
  const username = `${prefix}_${Date.now().toString(36)}_${counter}`.slice(0, 32);
  const res = await context.request.post('/api/account/signup', {
    data: {
      username,
      name: `Bench ${prefix} ${counter}`,
      email: `${username}@example.com`,
      password: 'bench password 42',
      surname: 'Patel',
    },
    headers: { origin: url },
  });
  if (res.status() !== 201) throw new Error(`signup ${res.status()} ${await res.text()}`);
  // The first decoded frame, whatever happens on the page before it.
  await context.addInitScript(() => {
    const w = window as unknown as { __firstFrame: number | null };
    w.__firstFrame = null;
    document.addEventListener(
      'loadeddata',
      (event) => {
        const target = event.target as HTMLElement;
        if (target.tagName === 'VIDEO' && target.getAttribute('aria-label') && w.__firstFrame === null) {
          w.__firstFrame = performance.now();
        }
      },
      true,
    );
  });
  return { context, username };
}

/**
 * Opens the event before it is live: resolves once the page shows 'Not Started' and its realtime
 * socket follows the event, so the join that follows is timed without the page load.
 */
async function waitForLive(context: BrowserContext, eventId: string): Promise<Page> {
  const page = await context.newPage();
  const subscribed = new Promise<void>((resolve) => {
    page.on('websocket', (socket) => {
      if (!socket.url().includes('/realtime')) return;
      socket.on('framereceived', ({ payload }) => {
        if (typeof payload === 'string' && payload.includes('"subscribed"') && payload.includes(eventId))
          resolve();
      });
    });
  });
  await page.goto(`/event/${eventId}`);
  await page.getByText('Not Started').waitFor({ timeout: 60_000 });
  await subscribed;
  return page;
}

const PHASES = ['signalling', 'call', 'connected', 'stream'] as const;
type Phases = Record<(typeof PHASES)[number], number>;

/** Join → first frame in ms on a page that has joined (or is joining). */
async function firstFrameMs(page: Page): Promise<number> {
  return (await joinProfile(page)).ms;
}

/** Join → first frame, and when each step of the join (viewer.ts JOIN_PHASES) was reached. */
async function joinProfile(page: Page): Promise<{ ms: number; phases: Phases }> {
  await page.waitForFunction(
    () => (window as unknown as { __firstFrame: number | null }).__firstFrame !== null,
    null,
    { timeout: 60_000 },
  );
  return page.evaluate((phases) => {
    const start = performance.getEntriesByName('samaj:live-join')[0]?.startTime ?? 0;
    const first = (window as unknown as { __firstFrame: number }).__firstFrame;
    const at = Object.fromEntries(
      phases.map((p) => [
        p,
        (performance.getEntriesByName(`samaj:live-${p}`)[0]?.startTime ?? Number.NaN) - start,
      ]),
    );
    return { ms: first - start, phases: at as Phases };
  }, PHASES);
}

/** Opens the event and resolves with join → first frame in ms. */
async function joinEvent(context: BrowserContext, eventId: string): Promise<{ page: Page; ms: number }> {
  const page = await context.newPage();
  await page.goto(`/event/${eventId}`);
  return { page, ms: await firstFrameMs(page) };
}

/** Frames the page's video decoded over FLOW_SECONDS. */
async function framesFlowing(page: Page): Promise<number> {
  const frames = () =>
    page.evaluate(() => {
      const video = document.querySelector('video[aria-label]') as HTMLVideoElement | null;
      return video ? video.getVideoPlaybackQuality().totalVideoFrames : 0;
    });
  const before = await frames();
  await new Promise((r) => setTimeout(r, FLOW_SECONDS * 1000));
  return (await frames()) - before;
}

/**
 * The floor under the same load: two RTCPeerConnections in one tab, the fake camera's tracks from
 * one to the other, offer to first decoded frame. No signalling server, no second connection.
 */
async function bareWebRtc(context: BrowserContext): Promise<number> {
  const page = await context.newPage();
  await page.goto('/');
  const ms = await page.evaluate(async () => {
    const stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
    const t0 = performance.now();
    const a = new RTCPeerConnection({ iceServers: [] });
    const b = new RTCPeerConnection({ iceServers: [] });
    a.onicecandidate = (e) => e.candidate && void b.addIceCandidate(e.candidate);
    b.onicecandidate = (e) => e.candidate && void a.addIceCandidate(e.candidate);
    for (const track of stream.getTracks()) a.addTrack(track, stream);
    const video = document.createElement('video');
    video.muted = true;
    video.autoplay = true;
    document.body.append(video);
    const first = new Promise<number>((resolve) =>
      video.addEventListener('loadeddata', () => resolve(performance.now()), { once: true }),
    );
    b.ontrack = (e) => {
      if (video.srcObject !== e.streams[0]) video.srcObject = e.streams[0] ?? null;
    };
    const offer = await a.createOffer();
    await a.setLocalDescription(offer);
    await b.setRemoteDescription(offer);
    const answer = await b.createAnswer();
    await b.setLocalDescription(answer);
    await a.setRemoteDescription(answer);
    const at = await first;
    for (const track of stream.getTracks()) track.stop();
    a.close();
    b.close();
    return at - t0;
  });
  await page.close();
  return ms;
}

function s(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

export async function run(): Promise<Section> {
  const server = await startServer({ AUTH_RATE_LIMIT: 'off', LIVE_MAX_VIEWERS: String(CAP) });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  try {
    const { url } = server;
    const host = await member(browser, url, 'host');
    execFileSync(
      process.execPath,
      [join(root, 'apps/server/dist/cli.js'), 'grant', host.username, 'Publisher'],
      {
        env: { ...process.env, DATA_DIR: server.dataDir },
        stdio: 'ignore',
      },
    );
    const created = await host.context.request.post('/api/events', {
      data: { name: 'Bench live', time: new Date().toISOString(), liveStream: true },
      headers: { origin: url },
    });
    if (created.status() !== 201) throw new Error(`create event ${created.status()} ${await created.text()}`);
    const eventId = ((await created.json()) as { id: string }).id;
    const hostPage = await host.context.newPage();
    await hostPage.goto(`/event/${eventId}`);

    // AT_ONCE members waiting on the event's screen when the host starts (viewers learn
    // it in real time and join together). Their pages are loaded first: on real phones each page
    // loads on its own CPU, here eight tabs would share two cores with the host's encoders.
    const waiting = await Promise.all(Array.from({ length: AT_ONCE }, () => member(browser, url, 'wait')));
    const waitingPages: Page[] = [];
    for (const w of waiting) waitingPages.push(await waitForLive(w.context, eventId));
    await hostPage.getByRole('button', { name: 'Start' }).click();
    const profiles = await Promise.all(waitingPages.map(joinProfile));
    const atStart = profiles.map((p) => p.ms);
    await Promise.all(waiting.map((w) => w.context.close()));
    await hostPage.getByTestId('viewer-count').filter({ hasText: /^0$/ }).waitFor({ timeout: 60_000 });
    const cameraSize = await hostPage.evaluate(() => {
      const video = document.querySelector('video[aria-label]') as HTMLVideoElement;
      return `${video.videoWidth}×${video.videoHeight}`;
    });

    // Baseline, same run: bare WebRTC in one tab.
    const bare: number[] = [];
    for (let i = 0; i < SINGLE_RUNS; i++) bare.push(await bareWebRtc(host.context));

    // One viewer at a time, SINGLE_RUNS times.
    const single: number[] = [];
    const viewers: BrowserContext[] = [];
    for (let i = 0; i < SINGLE_RUNS; i++) {
      const viewer = await member(browser, url, 'viewer');
      const { page, ms } = await joinEvent(viewer.context, eventId);
      single.push(ms);
      await page.close();
      await viewer.context.close();
    }

    // AT_ONCE viewers joining together (signed up first, so only the join is timed together).
    const crowd = await Promise.all(Array.from({ length: AT_ONCE }, () => member(browser, url, 'crowd')));
    viewers.push(...crowd.map((c) => c.context));
    const joined = await Promise.all(crowd.map((c) => joinEvent(c.context, eventId)));
    const together = joined.map((j) => j.ms);
    const pages = joined.map((j) => j.page);

    // Fill up to the cap, then check that frames still flow to every viewer.
    for (let i = AT_ONCE; i < CAP; i++) {
      const viewer = await member(browser, url, 'more');
      viewers.push(viewer.context);
      pages.push((await joinEvent(viewer.context, eventId)).page);
    }
    const flowing = await Promise.all(pages.map(framesFlowing));
    const served = flowing.filter((frames) => frames > 0).length;
    const minFps = Math.min(...flowing) / FLOW_SECONDS;
    const hostCount = await hostPage.getByTestId('viewer-count').textContent();

    // One more than the cap: told the stream is full.
    const extra = await member(browser, url, 'extra');
    const extraPage = await extra.context.newPage();
    await extraPage.goto(`/event/${eventId}`);
    const full = await extraPage
      .getByText('લાઇવ ભરાઈ ગયું છે')
      .waitFor({ timeout: 60_000 })
      .then(() => true)
      .catch(() => false);

    // The machine is shared: say how busy it was, since every figure here is CPU-bound.
    const load = loadavg()[0].toFixed(1);
    const single50 = median(single);
    const crowd50 = median(together);
    const atStart50 = median(atStart);
    const phase = (name: (typeof PHASES)[number]) => median(profiles.map((p) => p.phases[name])).toFixed(0);
    const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
    const markdown = [
      `Loopback, \`iceServers: []\`, one headless Chromium (${ARGS.includes('--use-fake-device-for-media-stream') ? 'fake camera' : 'camera'} ${cameraSize}) for the host and every viewer (a tab each), server and browser on the same 2-core machine (1-minute load average at the end of the run: ${load}). Join → first frame: from the viewer's \`samaj:live-join\` mark (its peer starts) to the video's \`loadeddata\`. LIVE_MAX_VIEWERS=${CAP}.`,
      '',
      '| measure | value | target | |',
      '|---|---|---|---|',
      `| baseline: bare WebRTC in one tab, offer → first frame (median of ${SINGLE_RUNS}) | ${s(median(bare))} (all: ${bare.map(s).join(', ')}) | — | |`,
      `| join → first frame, 1 viewer (median of ${SINGLE_RUNS}) | ${s(single50)} (all: ${single.map(s).join(', ')}) | ≤ 0.5 s | ${verdict(single50 <= 500)} |`,
      `| join → first frame, ${AT_ONCE} waiting on the screen join at once when the host starts (median) | ${s(atStart50)} (slowest ${s(Math.max(...atStart))}) | ≤ 1.0 s | ${verdict(atStart50 <= 1000)} |`,
      `| where those joins went (median ms from the join): signalling open ${phase('signalling')}, host's call received ${phase('call')}, media connected (ICE) ${phase('connected')}, stream ${phase('stream')}, first frame ${atStart50.toFixed(0)} | | | |`,
      `| join → first frame, ${AT_ONCE} opening the page at once, page loads sharing the 2 cores (median) | ${s(crowd50)} (slowest ${s(Math.max(...together))}) | — (information) | |`,
      `| viewers served with frames flowing (over ${FLOW_SECONDS} s each) | ${served} of ${CAP} (slowest ${minFps.toFixed(1)} frames/s; host shows ${hostCount}) | the cap, ${CAP} | ${verdict(served === CAP)} |`,
      `| viewer ${CAP + 1} told the stream is full | ${full ? 'yes' : 'no'} | yes | ${verdict(full)} |`,
    ].join('\n');
    return { title: 'Live video: join to first frame and viewers served', markdown };
  } finally {
    await browser.close();
    await server.stop();
  }
}
