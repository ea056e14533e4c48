// usage: node --import tsx bench/tmp-prof.ts URLPATH [cookie] ; env PORT, RUNS
import { chromium } from 'playwright-core';

const port = process.env.PORT ?? '8091';
const path = process.argv[2] ?? '/posts';
const cookie = process.argv[3];
const runs = Number(process.env.RUNS ?? 3);
const scriptCount = { n: 0, kb: 0 };
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (let r = 0; r < runs; r++) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    serviceWorkers: 'block',
  });
  if (cookie) {
    const [name, ...v] = cookie.split('=');
    await context.addCookies([{ name, value: v.join('='), domain: '127.0.0.1', path: '/' }]);
  }
  const page = await context.newPage();
  let ns = 0;
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') ns++;
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(() => {
    (window as any).__tasks = [];
    new PerformanceObserver((l) => {
      for (const e of l.getEntries())
        (window as any).__tasks.push([Math.round(e.startTime), Math.round(e.duration)]);
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(`http://127.0.0.1:${port}${path}`);
  await page.waitForTimeout(8000);
  const { tasks, fcp, lcp } = await page.evaluate(async () => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
    const lcp = await new Promise<number>((res) =>
      new PerformanceObserver((l) => {
        const e = l.getEntries();
        res(e[e.length - 1].startTime);
      }).observe({ type: 'largest-contentful-paint', buffered: true }),
    );
    return { tasks: (window as any).__tasks as [number, number][], fcp, lcp };
  });
  const txt = await page.evaluate(() => document.body.innerText.slice(0, 200).replace(/\s+/g, ' '));
  if (r === 0) console.log(txt);
  const blocking = tasks.reduce((s, [, d]) => s + Math.max(0, d - 50), 0);
  console.log(
    `run ${r}: scripts ${ns} fcp ${Math.round(fcp ?? 0)} lcp ${Math.round(lcp)} longest ${Math.max(0, ...tasks.map((t) => t[1]))} blocking ${blocking} tasks ${tasks.map(([s, d]) => `${s}:${d}`).join(' ')}`,
  );
  await context.close();
}
await browser.close();
