import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeTestApp, createTestApp, type TestContext, tempDir } from '../../test/harness.ts';

describe('web app serving', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    const dist = tempDir('samaj-dist-');
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      // Over @fastify/compress's 1 KB threshold, as every real page is.
      `<!doctype html><html><head><title>Samaj</title>${'<meta name="x" content="y">'.repeat(60)}</head><body><div id="samaj-shell"></div></body></html>`,
    );
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    fs.mkdirSync(path.join(dist, '.vite'));
    fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{"secret-build-map":true}');
    fs.writeFileSync(path.join(dist, '.hidden'), 'hidden');
    fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    fs.writeFileSync(
      path.join(dist, 'manifest.webmanifest'),
      JSON.stringify({ name: 'Built name', short_name: 'સમાજ', display: 'standalone', start_url: '/' }),
    );
    ctx = await createTestApp('pglite', { webDistDir: dist });
  });
  afterAll(() => closeTestApp(ctx));

  it('caches hashed assets for a year', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates index.html, and keeps it out of shared caches (it says who is signed in)', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="samaj-shell"></div>');
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers.vary).toContain('cookie');
  });

  it('serves the service worker revalidated on every check, allowed to control the whole site', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['service-worker-allowed']).toBe('/');
  });

  it("names the installed app after the operator's community (COMMUNITY_NAME)", async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/manifest+json');
    expect(response.headers['cache-control']).toBe('no-cache');
    const manifest = response.json();
    expect(manifest.name).toBe(ctx.app.config.communityName);
    expect(manifest.name).not.toBe('Built name');
    expect(manifest).toMatchObject({ short_name: 'સમાજ', display: 'standalone', start_url: '/' });
  });

  it('answers unknown page paths with the app shell (status 200)', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/surname/Patel?utm_source=x' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<div id="samaj-shell"></div>');
    expect(response.headers['cache-control']).toBe('private, no-cache');
  });

  it('compresses pages, as any other answer, for a browser that accepts it', async () => {
    for (const url of ['/', '/surname/Patel']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(response.rawPayload).toString()).toContain('<div id="samaj-shell"></div>');
    }
  });

  it('does not answer a missing asset with HTML', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/assets/gone-999.js' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<div id="samaj-shell"></div>');
  });

  it('keeps dot-folders and dotfiles of the build private (/.vite/manifest.json)', async () => {
    for (const url of [
      '/.vite/manifest.json',
      '/%2Evite/manifest.json',
      '/assets/../.vite/manifest.json',
      '/.hidden',
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('secret-build-map');
      expect(response.body, url).not.toContain('hidden');
    }
  });

  it('sends a Permissions-Policy: camera and microphone for this origin only', async () => {
    for (const url of ['/', '/api/health', '/api/nothing-here']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      const policy = String(response.headers['permissions-policy']);
      expect(policy, url).toContain('camera=(self)');
      expect(policy, url).toContain('microphone=(self)');
      expect(policy, url).toContain('payment=()');
      expect(policy, url).toContain('usb=()');
      expect(policy, url).not.toContain('geolocation');
    }
  });

  it('keeps unknown API paths JSON, also escaped and for other methods', async () => {
    for (const [method, url] of [
      ['GET', '/%61pi/nothing-here'],
      ['POST', '/api/nothing-here'],
      ['GET', '//api/nothing-here'],
    ] as const) {
      const response = await ctx.app.inject({ method, url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().type, url).toBe('general_route_not_found');
    }
  });

  it('keeps unknown API paths JSON', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json().type).toBe('general_route_not_found');
  });
});

describe('web app not built', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp('pglite', { webDistDir: path.join(tempDir(), 'missing-dist') });
  });
  afterAll(() => closeTestApp(ctx));

  it('says so on / and tells how to build it', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('not built');
    expect(response.body).toContain('npm run build');
  });
});
