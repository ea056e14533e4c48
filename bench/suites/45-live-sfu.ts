// docs/product/operations.md, "Performance targets": live video in SFU mode on this machine — a real Janus
// (Debian's, started here as the tests start it) and the server with JANUS_URL. The host is a Chromium tab
// with the fake camera publishing through the app's /sfu channel; 3 viewers are Chromium tabs (join → first
// frame, as members see it), the rest are headless subscribers in Node (@roamhq/wrtc, the server's test
// dependency) joining through the same /sfu channel with members' own sessions, to fit 2 cores. At 1, 10 and
// 50 viewers: the host's bytes sent against one viewer's bytes received over the same window (≈ 1: the host
// uploads one stream whatever the audience), and Janus's and the server's CPU.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import wrtc from '@roamhq/wrtc';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import WebSocket from 'ws';
import { startJanus } from '../../apps/server/src/features/events/sfu/janus-process.ts';
import { CHROMIUM, median, QUIET_ARGS, type Section, startServer, WEBRTC_ARGS } from '../lib.ts';

const SIZES = [1, 10, 50];
const CHROMIUM_VIEWERS = 3;
const WINDOW_S = 5;
const ARGS = [
  ...QUIET_ARGS,
  ...WEBRTC_ARGS,
  '--disable-background-timer-throttling',
  '--disable-renderer-backgrounding',
  '--disable-backgrounding-occluded-windows',
];

let counter = 0;
async function signUp(url: string, prefix: string): Promise<{ cookie: string; username: string }> {
  counter += 1;
  const username = `${prefix}_${Date.now().toString(36)}_${counter}`.slice(0, 32);
  const res = await fetch(`${url}/api/account/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({
      username,
      name: `Bench ${prefix} ${counter}`,
      email: `${username}@example.com`,
      password: 'bench password 42',
      surname: 'Patel',
    }),
  });
  if (res.status !== 201) throw new Error(`signup ${res.status} ${await res.text()}`);
  const cookie = (res.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
  return { cookie, username };
}

async function browserMember(context: BrowserContext, url: string, prefix: string): Promise<string> {
  const { cookie, username } = await signUp(url, prefix);
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const [name, ...rest] = pair.split('=');
      return { name: name as string, value: rest.join('='), url };
    }),
  );
  await context.addInitScript(() => {
    const w = window as unknown as { __firstFrame: number | null };
    w.__firstFrame = null;
    document.addEventListener(
      'loadeddata',
      (event) => {
        if ((event.target as HTMLElement).tagName === 'VIDEO' && w.__firstFrame === null)
          w.__firstFrame = performance.now();
      },
      true,
    );
  });
  return username;
}

/** A viewer in Node: joins through /sfu with its member's session, answers Janus, counts bytes. */
async function nodeViewer(url: string, eventId: string) {
  const { cookie } = await signUp(url, 'nv');
  const ws = new WebSocket(`${url.replace('http', 'ws')}/sfu?event=${eventId}&role=viewer`, {
    headers: { cookie, origin: url },
  });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  let tx = 0;
  const ask = (message: Record<string, unknown>) =>
    new Promise<Record<string, unknown>>((resolve) => {
      const transaction = `b${++tx}`;
      const onMessage = (data: WebSocket.RawData) => {
        const m = JSON.parse(String(data)) as Record<string, unknown>;
        if (m.transaction !== transaction || m.janus === 'ack') return;
        ws.off('message', onMessage);
        resolve(m);
      };
      ws.on('message', onMessage);
      ws.send(JSON.stringify({ ...message, transaction }));
    });
  const joined = await ask({ janus: 'message', body: { request: 'join', ptype: 'subscriber' } });
  const pc = new wrtc.RTCPeerConnection({ iceServers: [] });
  pc.onicecandidate = ({ candidate }) => {
    if (ws.readyState !== ws.OPEN) return;
    ws.send(
      JSON.stringify({
        janus: 'trickle',
        transaction: `c${++tx}`,
        candidate: candidate
          ? {
              candidate: candidate.candidate,
              sdpMid: candidate.sdpMid,
              sdpMLineIndex: candidate.sdpMLineIndex,
            }
          : { completed: true },
      }),
    );
  };
  await pc.setRemoteDescription(joined.jsep as RTCSessionDescriptionInit);
  await pc.setLocalDescription(await pc.createAnswer());
  await ask({
    janus: 'message',
    body: { request: 'start' },
    jsep: { type: 'answer', sdp: pc.localDescription?.sdp },
  });
  return {
    async bytes(): Promise<number> {
      let total = 0;
      for (const s of (await pc.getStats()).values())
        if (s.type === 'inbound-rtp') total += s.bytesReceived ?? 0;
      return total;
    },
    close() {
      pc.close();
      ws.close();
    },
  };
}

/** CPU seconds a process has used (user + system), from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The Janus this suite started (a child of this process). */
function janusPid(): number {
  const out = execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  const row = out.split('\n').find((l) => l.trim().endsWith('janus'));
  if (!row) throw new Error('janus process not found');
  return Number(row.trim().split(/\s+/)[0]);
}

/** Keeps every RTCPeerConnection of the page on `window.__pcs`, for its byte counts. */
function recordConnections() {
  const Native = window.RTCPeerConnection;
  const made: RTCPeerConnection[] = [];
  (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs = made;
  window.RTCPeerConnection = class extends Native {
    constructor(c?: RTCConfiguration) {
      super(c);
      made.push(this);
    }
  };
}

const pageBytes = (page: Page, kind: 'outbound-rtp' | 'inbound-rtp') =>
  page.evaluate(async (k) => {
    const made = (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs;
    let total = 0;
    for (const pc of made) {
      if (pc.connectionState === 'closed') continue;
      for (const s of (await pc.getStats()).values())
        if (s.type === k) total += s.bytesSent ?? s.bytesReceived ?? 0;
    }
    return total;
  }, kind);

export async function run(): Promise<Section> {
  const janus = await startJanus();
  const janusCpu = janusPid();
  const server = await startServer({
    JANUS_URL: janus.url,
    JANUS_API_SECRET: janus.apiSecret,
    AUTH_RATE_LIMIT: 'off',
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  const node: Array<Awaited<ReturnType<typeof nodeViewer>>> = [];
  try {
    const url = server.url;
    const hostContext = await browser.newContext({ baseURL: url, serviceWorkers: 'block' });
    const hostName = await browserMember(hostContext, url, 'host');
    await hostContext.addInitScript(recordConnections);
    execFileSync(process.execPath, ['apps/server/dist/cli.js', 'grant', hostName, 'Publisher'], {
      cwd: new URL('../..', import.meta.url).pathname,
      env: { ...process.env, DATA_DIR: server.dataDir },
    });
    const host = await hostContext.newPage();
    const created = await host.request.post('/api/events', {
      data: { name: 'Bench SFU', time: new Date(Date.now() + 3600_000).toISOString(), liveStream: true },
      headers: { origin: url },
    });
    if (created.status() !== 201) throw new Error(`event ${created.status()} ${await created.text()}`);
    const eventId = ((await created.json()) as { id: string }).id;
    await host.goto(`/event/${eventId}`);
    await host.getByRole('button', { name: 'Start' }).click();
    await host.getByRole('button', { name: 'END' }).waitFor({ timeout: 60_000 });

    // Chromium viewers join one after another (1 at the first size, the others at the next):
    // join → first frame as a member sees it.
    const joins: number[] = [];
    const viewers: Page[] = [];
    const chromiumViewer = async () => {
      const context = await browser.newContext({ baseURL: url, serviceWorkers: 'block' });
      await browserMember(context, url, 'cv');
      await context.addInitScript(recordConnections);
      const page = await context.newPage();
      await page.goto(`/event/${eventId}`);
      await page.waitForFunction(
        () => (window as unknown as { __firstFrame: number | null }).__firstFrame !== null,
        null,
        { timeout: 60_000 },
      );
      joins.push(
        await page.evaluate(
          () =>
            (window as unknown as { __firstFrame: number }).__firstFrame -
            (performance.getEntriesByName('samaj:live-join')[0]?.startTime ?? 0),
        ),
      );
      viewers.push(page);
    };

    const rows: string[] = [];
    for (const size of SIZES) {
      while (viewers.length < Math.min(size, CHROMIUM_VIEWERS)) await chromiumViewer();
      while (viewers.length + node.length < size) node.push(await nodeViewer(url, eventId));
      await new Promise((r) => setTimeout(r, 3000));
      const sent0 = await pageBytes(host, 'outbound-rtp');
      const got0 = await pageBytes(viewers[0] as Page, 'inbound-rtp');
      const nodes0 = await Promise.all(node.map((n) => n.bytes()));
      const janus0 = cpuSeconds(janusCpu);
      const server0 = cpuSeconds(server.child.pid as number);
      await new Promise((r) => setTimeout(r, WINDOW_S * 1000));
      const sent = (await pageBytes(host, 'outbound-rtp')) - sent0;
      const got = (await pageBytes(viewers[0] as Page, 'inbound-rtp')) - got0;
      const nodes = await Promise.all(node.map((n) => n.bytes()));
      const flowing = nodes.filter((b, i) => b - (nodes0[i] ?? 0) > 10_000).length;
      const janusPct = ((cpuSeconds(janusCpu) - janus0) / WINDOW_S) * 100;
      const serverPct = ((cpuSeconds(server.child.pid as number) - server0) / WINDOW_S) * 100;
      rows.push(
        `| ${size} | ${viewers.length} + ${node.length} | ${((sent * 8) / WINDOW_S / 1000).toFixed(0)} kbit/s | ${((got * 8) / WINDOW_S / 1000).toFixed(0)} kbit/s | ${(sent / got).toFixed(2)} | ${viewers.length + flowing} of ${size} | ${janusPct.toFixed(1)} % (${(janusPct / size).toFixed(2)} %/viewer) | ${serverPct.toFixed(1)} % |`,
      );
    }
    const markdown = [
      `Loopback on one 2-core machine: Janus 1.1 (Debian's, started by the suite as the tests start it), the server with JANUS_URL, one headless Chromium for the host (fake camera 640×480, publishing through /sfu) and ${CHROMIUM_VIEWERS} Chromium viewers; the other viewers are Node subscribers (@roamhq/wrtc) joining through the same /sfu channel with sessions of their own, receiving without decoding. Each row measures ${WINDOW_S} s after the audience reached its size. LIVE_MAX_VIEWERS unset (500).`,
      '',
      '| viewers | Chromium + Node | host sends | one viewer receives | ratio (target ≈ 1) | viewers receiving | Janus CPU (of one core) | server CPU |',
      '|---|---|---|---|---|---|---|---|',
      ...rows,
      '',
      `Join → first frame, Chromium viewers (from the \`samaj:live-join\` mark to the video's \`loadeddata\`): median ${(median(joins) / 1000).toFixed(2)} s (all: ${joins.map((j) => `${(j / 1000).toFixed(2)} s`).join(', ')}).`,
    ].join('\n');
    return { title: 'Live video in SFU mode (Janus): host upload and viewers 1 → 10 → 50', markdown };
  } finally {
    for (const n of node) n.close();
    await browser.close();
    await server.stop();
    await janus.stop();
  }
}
