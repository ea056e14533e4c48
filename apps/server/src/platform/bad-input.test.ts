// Malformed input on the real routes: NUL characters, broken multipart, bad URLs. Each answers 400
// in the error shape (naming the field where there is one), never 500, and nothing is stored.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { expectError } from '../../test/api.ts';
import { describeEachDatabase } from '../../test/harness.ts';
import { members } from '../../test/members.ts';

const BOUNDARY = 'samajtestboundary';

function multipart(fields: Record<string, string>): string {
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return `${parts.join('')}--${BOUNDARY}--\r\n`;
}

describeEachDatabase('malformed input answers 400, never 500', (ctx) => {
  const cast = members(ctx, { member: 'member', admin: 'admin' });
  const { member } = cast;

  async function expectNulRefused(options: InjectOptions, field: string) {
    expectError(await ctx.app.inject(options), 400, 'general_argument_invalid', {
      message: `Invalid \`${field}\` param: it contains a NUL character.`,
      field,
    });
  }

  describe('a NUL character anywhere in the input', () => {
    it('in a path id (posts, comments, surnames, profiles, files)', async () => {
      const cookie = member.cookie;
      await expectNulRefused({ method: 'GET', url: '/api/posts/ab%00cd', headers: { cookie } }, 'id');
      await expectNulRefused({ method: 'DELETE', url: '/api/posts/ab%00cd', headers: { cookie } }, 'id');
      await expectNulRefused({ method: 'POST', url: '/api/posts/ab%00cd/like', headers: { cookie } }, 'id');
      await expectNulRefused({ method: 'DELETE', url: '/api/comments/ab%00cd', headers: { cookie } }, 'id');
      await expectNulRefused({ method: 'GET', url: '/api/surnames/Pa%00tel', headers: { cookie } }, 'name');
      await expectNulRefused({ method: 'GET', url: '/api/files/ab%00cd/preview' }, 'id');
    });

    it("in a page's address: named as the address, not as the router's parameter", async () => {
      for (const url of ['/posts%00', '/surname/Pa%00tel']) {
        const response = await ctx.app.inject({ method: 'GET', url, headers: { cookie: member.cookie } });
        expectError(response, 400, 'general_argument_invalid', {
          message: 'This address contains a NUL character.',
        });
        expect(response.json(), url).not.toHaveProperty('field');
      }
    });

    it.each([
      ['/api/posts?cursor=ab%00cd', 'member', 'cursor'],
      ['/api/posts?userId=ab%00cd', 'member', 'userId'],
      ['/api/surname-submissions/mine?surname=Pa%00tel', 'member', 'surname'],
      ['/api/admin/audit?actor=ab%00cd', 'admin', 'actor'],
    ] as const)('in a query value: GET %s', async (url, who, field) => {
      await expectNulRefused({ method: 'GET', url, headers: { cookie: cast[who].cookie } }, field);
    });

    it.each([
      ['/api/posts', 'member', { description: 'hello\u0000world' }, 'description'],
      ['/api/posts/abc/comments', 'member', { comment: 'x\u0000' }, 'comment'],
      ['/api/posts/abc/reports', 'member', { reason: 'x\u0000' }, 'reason'],
      [
        '/api/publisher-request',
        'member',
        { occupation: 'Teacher\u0000', whatsapp: '9876543210', reason: 'To share news' },
        'occupation',
      ],
      ['/api/admin/surname-submissions/abc/reject', 'admin', { note: 'no\u0000' }, 'note'],
      ['/api/admin/posts/abc/decision', 'admin', { status: 'rejected', reason: 'spam\u0000' }, 'reason'],
    ] as const)('in a JSON text field: POST %s', async (url, who, payload, field) => {
      await expectNulRefused({ method: 'POST', url, headers: { cookie: cast[who].cookie }, payload }, field);
    });

    it('in the signup form (surname) and in a nested value', async () => {
      await expectNulRefused(
        {
          method: 'POST',
          url: '/api/account/signup',
          payload: {
            surname: 'Pa\u0000tel',
            username: 'nul_byte_user',
            name: 'Nul Byte',
            email: 'nul@example.org',
            password: 'a-long-password-1',
          },
        },
        'surname',
      );
      await expectNulRefused(
        {
          method: 'POST',
          url: '/api/posts',
          headers: { cookie: member.cookie },
          payload: { description: 'ok', extra: { list: ['fine', 'bad\u0000'] } },
        },
        'extra.list.1',
      );
    });

    it('in a multipart field', async () => {
      await expectNulRefused(
        {
          method: 'POST',
          url: '/api/posts',
          headers: { cookie: member.cookie, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
          payload: multipart({ description: 'hello\u0000world' }),
        },
        'description',
      );
    });

    it('stores nothing', async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/posts?userId=${member.user.id}`,
        headers: { cookie: member.cookie },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().documents).toEqual([]);
    });

    it('a visitor still learns 401 first on member routes', async () => {
      for (const url of ['/api/posts/ab%00cd', '/api/posts?cursor=ab%00cd']) {
        const response = await ctx.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(401);
      }
      const post = await ctx.app.inject({
        method: 'POST',
        url: '/api/posts',
        payload: { description: 'a\u0000' },
      });
      expect(post.statusCode).toBe(401);
    });
  });

  describe('broken multipart', () => {
    it('without a boundary → 400', async () => {
      for (const url of ['/api/posts', '/api/account/picture']) {
        const response = await ctx.app.inject({
          method: 'POST',
          url,
          headers: { cookie: member.cookie, 'content-type': 'multipart/form-data' },
          payload: 'description=hello',
        });
        expect(response.statusCode, url).toBe(400);
        expect(response.json()).toMatchObject({ code: 400, type: 'general_argument_invalid' });
      }
    });

    it('cut short → 400, on posts and on the picture upload', async () => {
      for (const url of ['/api/posts', '/api/account/picture']) {
        const response = await ctx.app.inject({
          method: 'POST',
          url,
          headers: { cookie: member.cookie, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
          payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="description"\r\n\r\nhello wor`,
        });
        expect(response.statusCode, url).toBe(400);
        expect(response.json()).toMatchObject({ code: 400, type: 'general_argument_invalid' });
      }
    });
  });

  describe('errors raised before routing', () => {
    it('a URL whose escapes do not decode → 400 in the error shape', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/posts/%E0%A4' });
      expectError(response, 400, 'general_argument_invalid', { message: 'The request URL is not valid.' });
    });

    it('an over-long path parameter → 400 in the error shape', async () => {
      const response = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/posts/${'a'.repeat(500)}`,
        headers: { cookie: member.cookie },
      });
      expectError(response, 400, 'general_argument_invalid', { message: 'A path parameter is too long.' });
      // A GET may fall to the web app's catch-all route: still the API's JSON answer.
      const read = await ctx.app.inject({
        method: 'GET',
        url: `/api/posts/${'a'.repeat(500)}`,
        headers: { cookie: member.cookie },
      });
      expect(read.headers['content-type']).toContain('application/json');
      expect(read.json()).toMatchObject({ type: expect.stringMatching(/^general_/) });
    });

    it('headers too large → 431 in the error shape', async () => {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = ctx.app.server.address() as AddressInfo;
      const answer = await new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
        const request = http.request(
          { host: '127.0.0.1', port, path: '/api/health', headers: { 'x-big': 'a'.repeat(20_000) } },
          (response) => {
            let body = '';
            response.on('data', (chunk) => {
              body += chunk;
            });
            response.on('end', () =>
              resolve({
                status: response.statusCode ?? 0,
                type: String(response.headers['content-type']),
                body,
              }),
            );
          },
        );
        request.on('error', reject);
        request.end();
      });
      expect(answer.status).toBe(431);
      expect(answer.type).toContain('application/json');
      expect(JSON.parse(answer.body)).toEqual({
        message: 'The request headers are too large.',
        code: 431,
        type: 'general_bad_request',
      });
    });
  });

  describe('unknown API paths are always the JSON 404', () => {
    it('for every method and for escaped spellings of /api', async () => {
      for (const [method, url] of [
        ['GET', '/api/no/such/thing'],
        ['POST', '/api/no/such/thing'],
        ['PUT', '/api/no/such/thing'],
        ['DELETE', '/api/no/such/thing'],
        ['GET', '/%61pi/no/such/thing'],
        ['GET', '/api%2Fno%2Fsuch'],
        ['GET', '//api/no/such/thing'],
      ] as const) {
        const response = await ctx.app.inject({ method, url });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json(), `${method} ${url}`).toMatchObject({
          code: 404,
          type: 'general_route_not_found',
        });
      }
    });
  });
});
