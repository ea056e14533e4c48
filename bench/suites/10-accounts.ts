// docs/product/operations.md, "Performance targets": login throughput, signup p50 (the password hashing cost)
// and the time to serve a 300 px preview, cold (first request: decode, resize, encode) and cached. Baseline
// from the same run and server: GET /api/health, the cheapest route, so the figures show what auth and images
// add. AUTH_RATE_LIMIT=off: the limits would otherwise refuse the bench's logins after 20 (by design).
import { median, percentile, photoJpeg, type Section, startServer } from '../lib.ts';

const CONCURRENCY = 8;
const LOGIN_SECONDS = 5;
const SIGNUPS = 20;
const PASSWORD = 'bench password 42';

/** Requests completed per second by CONCURRENCY loops calling `call` for `seconds`. */
async function throughput(seconds: number, call: () => Promise<void>): Promise<{ rps: number; p50: number }> {
  const until = performance.now() + seconds * 1000;
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        await call();
        times.push(performance.now() - t0);
      }
    }),
  );
  return { rps: times.length / seconds, p50: median(times) };
}

function ms(value: number): string {
  return `${value.toFixed(1)} ms`;
}

export async function run(): Promise<Section> {
  const server = await startServer({ AUTH_RATE_LIMIT: 'off' });
  const { url } = server;
  const headers = { 'content-type': 'application/json', origin: url };
  try {
    // Baseline: the health route under the same load.
    const health = await throughput(LOGIN_SECONDS, async () => {
      const res = await fetch(`${url}/api/health`);
      if (res.status !== 200) throw new Error(`health ${res.status}`);
      await res.arrayBuffer();
    });

    // Signup, one at a time: its latency is the password hash plus a few inserts.
    const signupTimes: number[] = [];
    let cookie = '';
    for (let i = 0; i < SIGNUPS; i++) {
      const username = `bench_${Date.now().toString(36)}_${i}`;
      const t0 = performance.now();
      const res = await fetch(`${url}/api/account/signup`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          surname: 'Patel',
          username,
          name: `Bench ${i}`,
          email: `${username}@example.com`,
          password: PASSWORD,
        }),
      });
      signupTimes.push(performance.now() - t0);
      if (res.status !== 201) throw new Error(`signup ${res.status}: ${await res.text()}`);
      if (i === 0)
        cookie = res.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; ');
      await res.arrayBuffer();
    }

    // Login throughput: one member, right password, CONCURRENCY clients.
    const email = `${(await (await fetch(`${url}/api/account`, { headers: { cookie } })).json()).email}`;
    const login = await throughput(LOGIN_SECONDS, async () => {
      const res = await fetch(`${url}/api/account/login`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      if (res.status !== 200) throw new Error(`login ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
    });

    // A 1600×1200 photo-like picture, uploaded as the first member's profile picture.
    const photo = await photoJpeg(1600, 1200);
    const previewTimes = { cold: [] as number[], cached: [] as number[] };
    const accept = 'image/avif,image/webp,*/*';
    for (let i = 0; i < 5; i++) {
      const form = new FormData();
      form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
      const up = await fetch(`${url}/api/account/picture`, {
        method: 'POST',
        headers: { cookie, origin: url },
        body: form,
      });
      if (up.status !== 200) throw new Error(`upload ${up.status}: ${await up.text()}`);
      const { dp } = (await up.json()) as { dp: string };
      const preview = `${url}/api/files/${dp}/preview?width=300`;
      for (let j = 0; j < 6; j++) {
        const t0 = performance.now();
        const res = await fetch(preview, { headers: { accept } });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`preview ${res.status}`);
        (j === 0 ? previewTimes.cold : previewTimes.cached).push(performance.now() - t0);
      }
    }
    const healthOnce: number[] = [];
    for (let i = 0; i < 30; i++) {
      const t0 = performance.now();
      await (await fetch(`${url}/api/health`)).arrayBuffer();
      healthOnce.push(performance.now() - t0);
    }

    const markdown = [
      `Data: a fresh DATA_DIR (PGlite), ${SIGNUPS} members signed up by the bench, AUTH_RATE_LIMIT=off. ${CONCURRENCY} concurrent clients for ${LOGIN_SECONDS} s for throughput; latencies are wall-clock from a client on the same machine.`,
      '',
      '| measure | value | baseline (same run): GET /api/health | |',
      '|---|---|---|---|',
      `| login throughput (right password) | ${login.rps.toFixed(1)} /s, p50 ${ms(login.p50)} | ${health.rps.toFixed(0)} /s, p50 ${ms(health.p50)} | ×${(health.rps / login.rps).toFixed(0)} slower |`,
      `| signup latency, one at a time (${SIGNUPS}) | p50 ${ms(median(signupTimes))}, p90 ${ms(percentile(signupTimes, 90))} | p50 ${ms(median(healthOnce))} | password hashing (scrypt) dominates |`,
      `| 300 px preview of a 1600×1200 JPEG, cold (5 files) | p50 ${ms(median(previewTimes.cold))} | p50 ${ms(median(healthOnce))} | resize + encode on first request |`,
      `| same preview, cached (25 requests) | p50 ${ms(median(previewTimes.cached))} | p50 ${ms(median(healthOnce))} | served from the preview cache |`,
    ].join('\n');
    return { title: 'Accounts: login, signup and picture previews', markdown };
  } finally {
    await server.stop();
  }
}
