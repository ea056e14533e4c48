// A member's upload cut off by their own side (the tab closed, the phone lost its network mid-body):
// the request stream fails with ECONNRESET ("aborted"), which is the client going, not the database.
// It is logged once at info as a client abort, never at error as "database unavailable" (an operator
// paging on that would be woken by any member), and the server carries on.
import net from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, png } from '../../test/fixtures/images.ts';
import { closeTestDatabase, engines, openTestDatabase, testConfig } from '../../test/harness.ts';
import { createMember, type TestMember } from '../../test/members.ts';
import { listening } from '../../test/sockets.ts';
import { waitFor } from '../../test/wait.ts';
import { buildApp } from '../app.ts';

/** Sends the head and the first `cut` bytes of a body announced whole, then drops the connection. */
function abortedPost(port: number, url: string, headers: Record<string, string>, body: Buffer, cut: number) {
  return new Promise<void>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', reject);
    const all = { ...headers, host: '127.0.0.1', 'content-length': String(body.length) };
    const lines = Object.entries(all).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`POST ${url} HTTP/1.1\r\n${lines.join('')}\r\n`);
    socket.write(body.subarray(0, cut));
    // Long enough for the route to be reading the file when the connection goes.
    setTimeout(() => {
      socket.destroy();
      resolve();
    }, 150);
  });
}

for (const engine of engines()) {
  describe(`an upload the client cuts off [${engine}]`, () => {
    const lines: Array<Record<string, unknown>> = [];
    let app: Awaited<ReturnType<typeof buildApp>>;
    let database: Awaited<ReturnType<typeof openTestDatabase>>;
    let member: TestMember;
    let port: number;

    beforeAll(async () => {
      database = await openTestDatabase(engine);
      const stream = new Writable({
        write(chunk, _enc, done) {
          for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
          done();
        },
      });
      app = await buildApp({ config: testConfig(), database, logger: pino({ level: 'info' }, stream) });
      port = Number(new URL(await listening(app)).port);
      member = await createMember(app);
    }, 90_000);
    afterAll(async () => {
      await app?.close();
      await closeTestDatabase(database);
    });

    it('is logged at info as a client abort, not at error as the database being unavailable', async () => {
      const file = await png(256, 256);
      const { payload, headers } = multipart([
        { filename: 'photo.png', contentType: 'image/png', data: file },
      ]);
      const headerEnd = payload.indexOf('\r\n\r\n') + 4;
      // Before the file part, and in the middle of the file's bytes.
      for (const cut of [20, headerEnd + Math.floor(file.length / 2)]) {
        lines.length = 0;
        await abortedPost(port, '/api/account/picture', { ...headers, cookie: member.cookie }, payload, cut);
        const aborted = await waitFor(
          () => lines.find((line) => line.msg === 'client aborted the request'),
          `the abort's log line (cut at ${cut})`,
          10_000,
        ).catch((error) => {
          throw new Error(`${error.message}; logged: ${JSON.stringify(lines)}`);
        });
        expect(aborted).toMatchObject({ level: 30, method: 'POST', url: '/api/account/picture' });
        // Nothing at warn or above, and nothing said about the database.
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(lines.filter((line) => Number(line.level) >= 40)).toEqual([]);
        expect(JSON.stringify(lines)).not.toContain('database unavailable');
      }
      // The server carries on: the same member's whole upload works.
      const whole = await app.inject({
        method: 'POST',
        url: '/api/account/picture',
        payload,
        headers: { ...headers, cookie: member.cookie },
      });
      expect(whole.statusCode, whole.body).toBeLessThan(300);
    });
  });
}
