import { expect, it } from 'vitest';
import { call } from '../../../test/api.ts';
import { describeEachDatabase } from '../../../test/harness.ts';
import { createMember } from '../../../test/members.ts';
import { realtimeSettled } from '../../../test/wait.ts';

describeEachDatabase('health', (ctx) => {
  it('GET /api/health reports ok with the engine and its version', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe('ok');
    expect(body.database.engine).toBe(ctx.engine === 'postgres' ? 'postgres' : 'pglite');
    expect(body.database.version).toMatch(/^\d+(\.\d+)?/);
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(typeof body.uptime).toBe('number');
  });

  it('liveness answers without asking the database; readiness answers 503 when it fails', async () => {
    const original = ctx.app.database.version;
    ctx.app.database.version = () => Promise.reject(new Error('connection refused'));
    try {
      const live = await ctx.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toMatchObject({ status: 'ok' });
      expect(live.json()).not.toHaveProperty('database');

      for (const url of ['/api/health/ready', '/api/health']) {
        const ready = await ctx.app.inject({ method: 'GET', url });
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toEqual({
          message: 'The database is not answering.',
          code: 503,
          type: 'general_service_unavailable',
        });
      }
    } finally {
      ctx.app.database.version = original;
    }
    const ready = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
  });
});

describeEachDatabase('GET /metrics without METRICS_TOKEN', (ctx) => {
  it('is not served: the API 404, whatever the token', async () => {
    for (const headers of [{}, { authorization: 'Bearer 0123456789abcdef0123' }]) {
      const response = await ctx.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 404 });
      expect(response.body).not.toContain('http_request');
    }
  });
});

const TOKEN = 'metrics-token-0123456789abcdef';

describeEachDatabase(
  'GET /metrics with METRICS_TOKEN',
  (ctx) => {
    it('refuses a missing or wrong token', async () => {
      for (const headers of [
        {},
        { authorization: 'Bearer wrong-token-0123456789' },
        { authorization: TOKEN },
      ]) {
        const response = await ctx.app.inject({ method: 'GET', url: '/metrics', headers });
        expect(response.statusCode).toBe(401);
        expect(response.headers['www-authenticate']).toBe('Bearer');
        expect(response.json()).toMatchObject({ code: 401, type: 'user_unauthorized' });
      }
    });

    it('reports requests by route pattern, the process, the job queues and the session cache', async () => {
      const member = await createMember(ctx.app);
      await realtimeSettled(ctx.app);
      for (let i = 0; i < 3; i++) await call(ctx.app, 'GET', '/api/account', member);
      // Two different ids: one series for the route pattern, never one per raw URL.
      await ctx.app.inject({ method: 'GET', url: '/api/surnames/aaaaaaaaaaaaaaaaaaaa' });
      await ctx.app.inject({ method: 'GET', url: '/api/surnames/bbbbbbbbbbbbbbbbbbbb' });
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const text = response.body;
      expect(text).toMatch(
        /http_request_duration_seconds_count\{[^}]*route="\/api\/surnames\/:name"[^}]*\} 2/,
      );
      expect(text).not.toContain('aaaaaaaaaaaaaaaaaaaa');
      expect(text).toContain('process_resident_memory_bytes');
      expect(text).toContain('samaj_job_queue_depth');
      if (ctx.engine === 'postgres') expect(text).toMatch(/samaj_db_pool_connections\{state="total"\} \d+/);
      // The member's first request read the database, the next two found the session in memory.
      const figure = (name: string) =>
        Number(new RegExp(`samaj_session_cache\\{figure="${name}"\\} (\\d+)`).exec(text)?.[1]);
      expect(figure('entries')).toBeGreaterThanOrEqual(1);
      expect(figure('hits')).toBeGreaterThanOrEqual(2);
      expect(figure('misses')).toBeGreaterThanOrEqual(1);
      // The probes and the scrape itself are not counted.
      expect(text).not.toContain('route="/metrics"');
      expect(text).not.toContain('route="/api/health');
    });
  },
  { env: { METRICS_TOKEN: TOKEN } },
);
