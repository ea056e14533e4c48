// Uploads cut off mid-body (a phone losing its network, a proxy giving up): whatever offset the body
// stops at, every upload route answers 400 in the error shape, never 500, and the server carries on.
// Sent over a real socket in chunks, so the route is already reading the file when the body ends
// (app.inject hands the whole body over at once, and busboy then fails before the route runs).
import net from 'node:net';
import { beforeAll, expect, it } from 'vitest';
import { expectError, upload } from '../../test/api.ts';
import { multipart, png } from '../../test/fixtures/images.ts';
import { describeEachDatabase } from '../../test/harness.ts';
import { createAdmin } from '../../test/members.ts';
import { listening } from '../../test/sockets.ts';

const ROUTES = [
  '/api/account/picture',
  '/api/matrimony/photo',
  '/api/events/images',
  '/api/admin/slides/image',
];

/** POSTs the first `cut` bytes of `body` as one chunk, then, a moment later, ends the chunked body. */
function cutOffPost(
  port: number,
  url: string,
  headers: Record<string, string>,
  body: Buffer,
  cut: number,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (data) => {
      answer += data.toString();
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', rest = ''] = answer.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body: rest });
    });
    const all = { ...headers, host: '127.0.0.1', 'transfer-encoding': 'chunked', connection: 'close' };
    const lines = Object.entries(all).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`POST ${url} HTTP/1.1\r\n${lines.join('')}\r\n`);
    const part = body.subarray(0, cut);
    socket.write(Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from('\r\n')]));
    setTimeout(() => socket.write('0\r\n\r\n'), 150);
  });
}

describeEachDatabase('a multipart upload cut off', (ctx) => {
  let file: Buffer;
  beforeAll(async () => {
    file = await png(64, 64);
  });

  it.each(ROUTES)('answers 400 at every offset on %s, and the next upload works', async (url) => {
    // A member of their own per route: uploads are rate-limited per member.
    const admin = await createAdmin(ctx.app);
    const port = Number(new URL(await listening(ctx.app)).port);
    const { payload, headers } = multipart([{ filename: 'photo.png', contentType: 'image/png', data: file }]);
    const headerEnd = payload.indexOf('\r\n\r\n') + 4;
    // In the part's headers, just after them, in the file's bytes, just before the closing boundary.
    const cuts = [20, headerEnd - 5, headerEnd + 10, Math.floor(payload.length / 2), payload.length - 60];
    for (const cut of cuts) {
      const answer = await cutOffPost(port, url, { ...headers, cookie: admin.cookie }, payload, cut);
      expect(answer.status, `${url} cut at ${cut}: ${answer.body}`).toBe(400);
      expect(JSON.parse(answer.body)).toEqual({
        message: 'The request body is not valid multipart/form-data.',
        code: 400,
        type: 'general_argument_invalid',
      });
      // Cut the same way with a Content-Length (the body arrives whole, but short).
      const short = await ctx.app.inject({
        method: 'POST',
        url,
        payload: payload.subarray(0, cut),
        headers: { ...headers, cookie: admin.cookie },
      });
      expectError(short, 400, 'general_argument_invalid');
    }
    const whole = await upload(ctx.app, url, admin, [
      { filename: 'photo.png', contentType: 'image/png', data: file },
    ]);
    expect(whole.statusCode, whole.body).toBeLessThan(300);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
