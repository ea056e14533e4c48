import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expectError } from '../../test/api.ts';
import { describeEachDatabase } from '../../test/harness.ts';
import { AppError } from './errors.ts';

/** How many times the test-only write ran: a refused request must never reach its handler. */
let writes = 0;

// Test-only routes to reach each kind of failure through the real error handler.
const testRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/test/write', async (_request, reply) => {
    writes += 1;
    return reply.code(201).send({ written: writes });
  });
  app.post(
    '/api/test/echo',
    { schema: { body: z.object({ surname: z.string().min(1), note: z.string().optional() }) } },
    async (request) => request.body,
  );
  app.get('/api/test/search', { schema: { querystring: z.object({ q: z.string() }) } }, async (request) => ({
    q: request.query.q,
  }));
  app.get('/api/test/app-error', async () => {
    throw new AppError('document_already_exists', 'Already there.');
  });
  app.get('/api/test/crash', async () => {
    throw new Error('secret database detail at /srv/samaj');
  });
};

describeEachDatabase(
  'HTTP platform',
  (ctx) => {
    describe('errors are always { message, code, type }', () => {
      it('malformed JSON → 400', async () => {
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/api/test/echo',
          headers: { 'content-type': 'application/json' },
          payload: '{"surname": ',
        });
        expectError(response, 400, 'general_argument_invalid', {
          message: 'The request body is not valid JSON.',
        });
      });

      it('unknown /api path → JSON 404', async () => {
        const response = await ctx.app.inject({ method: 'GET', url: '/api/no/such/route' });
        expect(response.statusCode).toBe(404);
        expect(response.headers['content-type']).toContain('application/json');
        expect(response.json()).toMatchObject({ code: 404, type: 'general_route_not_found' });
      });

      it('oversize body → 413', async () => {
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/api/test/echo',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ surname: 'x'.repeat(2 * 1024 * 1024) }),
        });
        expect(response.statusCode).toBe(413);
        expect(response.json()).toMatchObject({ code: 413, type: 'general_payload_too_large' });
      });

      it('absent required body field → Missing required parameter', async () => {
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/api/test/echo',
          payload: { note: 'hi' },
        });
        expectError(response, 400, 'general_argument_invalid', {
          message: 'Missing required parameter: "surname"',
          field: 'surname',
        });
      });

      it('no body at all → Missing required parameter', async () => {
        const response = await ctx.app.inject({ method: 'POST', url: '/api/test/echo' });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe('Missing required parameter: "surname"');
        expect(response.json().field).toBe('surname');
      });

      it('absent required query field → Missing required parameter', async () => {
        const response = await ctx.app.inject({ method: 'GET', url: '/api/test/search' });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe('Missing required parameter: "q"');
      });

      it('a present but invalid field is not reported as missing', async () => {
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/api/test/echo',
          payload: { surname: 42 },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().type).toBe('general_argument_invalid');
        expect(response.json().field).toBe('surname');
        expect(response.json().message).not.toContain('Missing required parameter');
      });

      it("an AppError answers with its type and the status core's catalogue gives that type", async () => {
        const response = await ctx.app.inject({ method: 'GET', url: '/api/test/app-error' });
        expectError(response, 409, 'document_already_exists', { message: 'Already there.' });
      });

      it('an unexpected error → generic 500 without details', async () => {
        const response = await ctx.app.inject({ method: 'GET', url: '/api/test/crash' });
        expect(response.statusCode).toBe(500);
        expect(response.json()).toEqual({ message: 'Server Error', code: 500, type: 'general_unknown' });
        expect(response.body).not.toContain('secret');
        expect(response.body).not.toContain('/srv');
      });
    });

    describe('Content-Security-Policy', () => {
      it('allows images from the tile server and nothing foreign for scripts', async () => {
        const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
        const csp = String(response.headers['content-security-policy']);
        expect(csp).toMatch(/img-src [^;]*https:\/\/tiles\.example\.org/);
        expect(csp).toMatch(/script-src 'self'(;|$)/);
        expect(csp).toMatch(/connect-src [^;]*ws:\/\/localhost:80/);
        expect(csp).not.toContain('upgrade-insecure-requests');
      });
    });

    describe('Origin check on mutating API requests', () => {
      it('refuses a foreign Origin', async () => {
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/api/test/echo',
          headers: { origin: 'https://evil.example.com' },
          payload: { surname: 'Patel' },
        });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ code: 403, type: 'general_origin_forbidden' });
      });

      it('accepts PUBLIC_URL, the request host, and requests without Origin', async () => {
        for (const headers of [
          { origin: 'https://samaj.example.org' },
          { origin: 'http://192.168.1.5:8080', host: '192.168.1.5:8080' },
          {},
        ]) {
          const response = await ctx.app.inject({
            method: 'POST',
            url: '/api/test/echo',
            headers,
            payload: { surname: 'Patel' },
          });
          expect(response.statusCode, JSON.stringify(headers)).toBe(200);
          expect(response.json()).toEqual({ surname: 'Patel' });
        }
      });

      it('refuses a foreign Origin on an escaped API path before any handler runs (/%61pi)', async () => {
        const before = writes;
        for (const url of [
          '/%61pi/test/write',
          '/%2561pi/test/write',
          '/%41PI/test/write',
          '//api/test/write',
        ]) {
          const response = await ctx.app.inject({
            method: 'POST',
            url,
            headers: { origin: 'https://evil.example.com' },
          });
          expect(response.statusCode, url).toBe(403);
          expect(response.json()).toMatchObject({ code: 403, type: 'general_origin_forbidden' });
        }
        expect(writes).toBe(before);
      });

      it('refuses a foreign Origin on any mutating method and any path', async () => {
        for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
          for (const url of ['/api/test/write', '/somewhere/else', '/']) {
            const response = await ctx.app.inject({
              method,
              url,
              headers: { origin: 'http://localhost:5174' },
            });
            expect(response.statusCode, `${method} ${url}`).toBe(403);
          }
        }
      });

      it('answers an escaped API prefix with the JSON 404, whoever sends it', async () => {
        const before = writes;
        for (const headers of [{ origin: 'https://samaj.example.org' }, {}]) {
          for (const url of ['/%61pi/test/write', '/%2561pi/test/write', '/%61%70%69/test/write?x=1']) {
            const response = await ctx.app.inject({ method: 'POST', url, headers });
            expect(response.statusCode, url).toBe(404);
            expect(response.json()).toMatchObject({ code: 404, type: 'general_route_not_found' });
          }
        }
        const read = await ctx.app.inject({ method: 'GET', url: '/%61pi/health' });
        expect(read.statusCode).toBe(404);
        expect(read.json().type).toBe('general_route_not_found');
        expect(writes).toBe(before);
      });

      it('still writes for the same origin and for requests without Origin', async () => {
        for (const headers of [{ origin: 'https://samaj.example.org' }, {}]) {
          const before = writes;
          const response = await ctx.app.inject({ method: 'POST', url: '/api/test/write', headers });
          expect(response.statusCode).toBe(201);
          expect(writes).toBe(before + 1);
        }
      });

      it('leaves reads alone', async () => {
        const response = await ctx.app.inject({
          method: 'GET',
          url: '/api/health',
          headers: { origin: 'https://evil.example.com' },
        });
        expect(response.statusCode).toBe(200);
      });
    });
  },
  {
    env: { PUBLIC_URL: 'https://samaj.example.org', TILE_URL: 'https://tiles.example.org/{z}/{x}/{y}.png' },
    plugins: [testRoutes],
  },
);
