import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';

describeEachDatabase('GET /api/health', (ctx) => {
  it('reports ok with the engine and its version', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe('ok');
    expect(body.database.engine).toBe(ctx.engine === 'postgres' ? 'postgres' : 'pglite');
    expect(body.database.version).toMatch(/^\d+(\.\d+)?/);
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(typeof body.uptime).toBe('number');
  });
});
