// One compact log line per request (docs/product/operations.md, "Logs"): method, url, status, milliseconds
// and the request id at `info`, instead of Fastify's two long lines; no query secret or token reaches the
// log.
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeTestDatabase, engines, openTestDatabase, testConfig } from '../../test/harness.ts';
import { listening } from '../../test/sockets.ts';
import { buildApp } from '../app.ts';

for (const engine of engines()) {
  describe(`request log [${engine}]`, () => {
    const lines: Array<Record<string, unknown>> = [];
    const raw: string[] = [];
    let app: Awaited<ReturnType<typeof buildApp>>;
    let database: Awaited<ReturnType<typeof openTestDatabase>>;
    let origin: string;
    const get = (url: string, method = 'GET') => fetch(origin + url, { method, headers: { origin } });

    beforeAll(async () => {
      database = await openTestDatabase(engine);
      const stream = new Writable({
        write(chunk, _enc, done) {
          for (const line of String(chunk).split('\n').filter(Boolean)) {
            raw.push(line);
            lines.push(JSON.parse(line));
          }
          done();
        },
      });
      app = await buildApp({ config: testConfig(), database, logger: pino({ level: 'info' }, stream) });
      origin = await listening(app);
    }, 90_000);
    afterAll(async () => {
      await app?.close();
      await closeTestDatabase(database);
    });

    it('writes one short line per request with method, url, status, ms and request id', async () => {
      lines.length = 0;
      raw.length = 0;
      const res = await get('/api/health');
      const requests = lines.filter((l) => l.msg === 'request');
      expect(requests).toHaveLength(1);
      expect(requests[0]).toMatchObject({
        level: 30,
        method: 'GET',
        url: '/api/health',
        status: res.status,
        reqId: expect.any(String),
        ms: expect.any(Number),
      });
      // Fastify's own "incoming request" / "request completed" pair is off.
      expect(lines.some((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toBe(false);
      expect(raw.filter((l) => l.includes('"request"')).every((l) => Buffer.byteLength(l) < 300)).toBe(true);
    });

    it('hides query values and secret route parameters', async () => {
      lines.length = 0;
      // A page (its data asked in-process, logged at debug only), a route with a token, a query.
      await get('/reset-password?token=s3cr3tvalue&cursor=abc');
      await get('/api/push/subscriptions/pushTok3n', 'DELETE');
      await get('/api/posts?cursor=01HZ&q=private%20words');
      // Sorted: a page's line may be written after the next request's (seen once on Node 24).
      const urls = lines.filter((l) => l.msg === 'request').map((l) => l.url as string);
      expect(urls.sort()).toEqual(
        [
          '/reset-password?token=…&cursor=abc',
          '/api/push/subscriptions/:token',
          '/api/posts?cursor=01HZ&q=…',
        ].sort(),
      );
      const all = JSON.stringify(lines);
      for (const secret of ['s3cr3tvalue', 'pushTok3n', 'private']) expect(all).not.toContain(secret);
    });
  });
}
