// Staff decisions reach the domain-event bus (what the posts feature, notifications and the audit
// log subscribe to), and every staff route answers a visitor 401 whatever it is sent.
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { caller, expectVisitorRefused } from '../../../test/api.ts';
import { describeEachDatabase } from '../../../test/harness.ts';
import { members } from '../../../test/members.ts';
import { post } from '../../db/schema/index.ts';
import type { DomainEventName } from '../../platform/events/index.ts';

describeEachDatabase('staff decisions as domain events', (ctx) => {
  const { author, reader, admin } = members(ctx, { author: 'member', reader: 'member', admin: 'admin' });
  const seen: { name: DomainEventName; payload: Record<string, unknown> }[] = [];

  beforeAll(async () => {
    for (const name of [
      'post.approved',
      'post.rejected',
      'post.unlisted',
      'post.reports_dismissed',
    ] as const) {
      ctx.app.events.onCommit(name, (payload) => {
        seen.push({ name, payload: payload as unknown as Record<string, unknown> });
      });
    }
  }, 60_000);

  const call = caller(ctx);

  async function newPost(): Promise<string> {
    const res = await call('POST', '/api/posts', author, { description: 'News' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  }

  it('approve, reject and unlist publish post.approved, post.rejected and post.unlisted', async () => {
    const ids = [await newPost(), await newPost(), await newPost()];
    const decisions = ['approved', 'rejected', 'unlisted'] as const;
    for (const [i, status] of decisions.entries()) {
      const res = await call('POST', `/api/admin/posts/${ids[i]}/decision`, admin, { status, reason: 'Why' });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(seen.map((e) => [e.name, e.payload.postId, e.payload.creator])).toEqual([
      ['post.approved', ids[0], author.user.id],
      ['post.rejected', ids[1], author.user.id],
      ['post.unlisted', ids[2], author.user.id],
    ]);
    expect(seen[1].payload.reason).toBe('Why');
    expect(seen[1].payload.audit).toMatchObject({ action: 'post.reject', entity: 'post', entityId: ids[1] });
  });

  it('closing reports publishes post.reports_dismissed or post.unlisted', async () => {
    seen.length = 0;
    const ids = [await newPost(), await newPost()];
    for (const id of ids) {
      await ctx.app.db.update(post).set({ status: 'approved' }).where(eq(post.id, id));
      const report = await call('POST', `/api/posts/${id}/reports`, reader, { reason: 'Spam' });
      expect(report.statusCode, report.body).toBeLessThan(300);
    }
    expect((await call('POST', `/api/admin/reports/${ids[0]}/dismiss`, admin)).statusCode).toBe(200);
    expect((await call('POST', `/api/admin/reports/${ids[1]}/unlist`, admin)).statusCode).toBe(200);
    expect(
      seen.map((e) => [e.name, e.payload.postId, (e.payload.audit as { action: string }).action]),
    ).toEqual([
      ['post.reports_dismissed', ids[0], 'post.dismiss_reports'],
      ['post.unlisted', ids[1], 'post.unlist'],
    ]);
  });

  it('a refused decision publishes nothing', async () => {
    seen.length = 0;
    const res = await call('POST', '/api/admin/posts/nosuchpost/decision', admin, { status: 'approved' });
    expect(res.statusCode).toBe(404);
    expect(seen).toEqual([]);
  });

  it('every staff route answers a visitor 401 even with a bad body or query', async () => {
    const bad = { status: 'bogus', note: 5 };
    await expectVisitorRefused(ctx.app, [
      ['GET', '/api/admin/summary?x=1'],
      ['GET', '/api/admin/posts?status=nonsense&cursor='],
      ['POST', '/api/admin/posts/x/decision', bad],
      ['GET', '/api/admin/reports?cursor='],
      ['POST', '/api/admin/reports/x/dismiss', bad],
      ['POST', '/api/admin/reports/x/unlist', bad],
      ['GET', `/api/admin/audit?actor=${'a'.repeat(500)}`],
      ['GET', '/api/admin/publisher-requests?status=nonsense'],
      ['POST', '/api/admin/publisher-requests/x/reject', bad],
      ['GET', '/api/publisher-request'],
      ['POST', '/api/publisher-request', bad],
    ]);
  });

  it('the OpenAPI document gives every route of the console a success and its error answers', async () => {
    // What a visitor may read under those paths: how many said they'll attend (a count, no names).
    const PUBLIC = new Set(['/api/events/{id}/attendees']);
    const doc = (await call('GET', '/api/docs/json', null)).json() as {
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    };
    const ours = Object.entries(doc.paths).filter(([path]) =>
      /^\/api\/(admin|publisher-request|surnames|surname-submissions|slides|events|public-config)/.test(path),
    );
    expect(ours.length).toBeGreaterThan(15);
    for (const [path, operations] of ours) {
      for (const [method, operation] of Object.entries(operations)) {
        const statuses = Object.keys(operation.responses ?? {});
        expect(
          statuses.some((s) => s.startsWith('2')),
          `${method} ${path}`,
        ).toBe(true);
        if (/^\/api\/(admin|events|publisher-request|surname-submissions)/.test(path) && !PUBLIC.has(path))
          expect(statuses, `${method} ${path}`).toContain('401');
      }
    }
  });
});
