import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, upload } from '../../../test/api.ts';
import * as images from '../../../test/fixtures/images.ts';
import { describeEachDatabase } from '../../../test/harness.ts';
import { createMember, members, type TestMember } from '../../../test/members.ts';
import { auditLog, post, postReport, surnameSubmission } from '../../db/schema/index.ts';

type Method = 'GET' | 'POST';
type Who = 'visitor' | 'member' | 'admin';

describeEachDatabase('staff console', (ctx) => {
  const { author, reader, admin } = members(ctx, { author: 'member', reader: 'member', admin: 'admin' });

  async function newPost(description = 'Community news'): Promise<string> {
    const res = await call(ctx.app, 'POST', '/api/posts', author, { description });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  }

  const seenBy = async (who: TestMember, id: string) =>
    (await call(ctx.app, 'GET', `/api/posts/${id}`, who)).statusCode;

  async function lastAudit(entityId: string) {
    const [row] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, entityId))
      .orderBy(desc(auditLog.id))
      .limit(1);
    return row;
  }

  describe('authorization', () => {
    let postId: string;
    beforeAll(async () => {
      postId = await newPost('Matrix post');
      await ctx.app.db.update(post).set({ status: 'approved' }).where(eq(post.id, postId));
    });

    // Every staff route: a visitor gets 401, a member 403 user_forbidden, an admin gets through.
    const routes: { method: Method; url: (postId: string) => string; payload?: unknown; ok: number }[] = [
      { method: 'GET', url: () => '/api/admin/summary', ok: 200 },
      { method: 'GET', url: () => '/api/admin/posts?status=requested', ok: 200 },
      {
        method: 'POST',
        url: (postId) => `/api/admin/posts/${postId}/decision`,
        payload: { status: 'approved' },
        ok: 200,
      },
      { method: 'GET', url: () => '/api/admin/reports', ok: 200 },
      // No open report on the post: the admin passes the check and learns there is nothing to do.
      { method: 'POST', url: (postId) => `/api/admin/reports/${postId}/dismiss`, ok: 404 },
      { method: 'POST', url: (postId) => `/api/admin/reports/${postId}/unlist`, ok: 404 },
      { method: 'GET', url: () => '/api/admin/publisher-requests?status=pending', ok: 200 },
      { method: 'POST', url: () => '/api/admin/publisher-requests/nobody_here/approve', ok: 404 },
      { method: 'POST', url: () => '/api/admin/publisher-requests/nobody_here/reject', ok: 404 },
      { method: 'GET', url: () => '/api/admin/audit?entity=post', ok: 200 },
    ];
    for (const route of routes) {
      it(`${route.method} ${route.url(':id')}`, async () => {
        const who: Record<Who, TestMember | null> = { visitor: null, member: reader, admin };
        const visitor = await call(ctx.app, route.method, route.url(postId), who.visitor, route.payload);
        expect(visitor.statusCode).toBe(401);
        expect(visitor.json()).toMatchObject({ code: 401, type: 'user_unauthorized' });
        const member = await call(ctx.app, route.method, route.url(postId), who.member, route.payload);
        expect(member.statusCode).toBe(403);
        expect(member.json()).toMatchObject({ code: 403, type: 'user_forbidden' });
        // Invalid input from a member is still a 403: authorization is decided first.
        if (route.method === 'POST') {
          const bad = await call(ctx.app, route.method, route.url(postId), who.member, {
            status: 'nonsense',
          });
          expect(bad.statusCode).toBe(403);
        }
        const allowed = await call(ctx.app, route.method, route.url(postId), who.admin, route.payload);
        expect(allowed.statusCode, allowed.body).toBe(route.ok);
      });
    }

    it('the publisher member routes: visitor 401, member and admin allowed', async () => {
      expect((await call(ctx.app, 'GET', '/api/publisher-request', null)).statusCode).toBe(401);
      const form = { occupation: 'Teacher', whatsapp: '+91 98765 43210', reason: 'I write' };
      expect((await call(ctx.app, 'POST', '/api/publisher-request', null, form)).statusCode).toBe(401);
      expect((await call(ctx.app, 'POST', '/api/publisher-request', null, {})).statusCode).toBe(401);
      const member = await createMember(ctx.app);
      // No request yet is an expected state: 200 with null, not a 404: nothing is wrong.
      const none = await call(ctx.app, 'GET', '/api/publisher-request', member);
      expect([none.statusCode, none.json()]).toEqual([200, null]);
      expect((await call(ctx.app, 'POST', '/api/publisher-request', member, form)).statusCode).toBe(201);
      const mine = await call(ctx.app, 'GET', '/api/publisher-request', member);
      expect([mine.statusCode, mine.json()?.occupation]).toEqual([200, 'Teacher']);
      const adminNone = await call(ctx.app, 'GET', '/api/publisher-request', admin);
      expect([adminNone.statusCode, adminNone.json()]).toEqual([200, null]);
    });
  });

  it('the post queue lists requested posts oldest first with author and image, and pages', async () => {
    const first = await newPost('first in line');
    const second = await newPost('second in line');
    const res = await call(ctx.app, 'GET', '/api/admin/posts', admin);
    expect(res.statusCode).toBe(200);
    const ids: string[] = res.json().documents.map((p: { id: string }) => p.id);
    expect(ids.indexOf(first)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
    const entry = res.json().documents.find((p: { id: string }) => p.id === first);
    expect(entry).toMatchObject({
      description: 'first in line',
      status: 'requested',
      file: null,
      fileWidth: null,
      user: { id: author.user.id, name: author.user.name, dp: 'newuser' },
    });
    // A picture comes with its stored size, so the console keeps its place and the buttons stay put.
    const photo = { filename: 'p.png', contentType: 'image/png', data: await images.png(300, 200) };
    const pictured = await upload(ctx.app, '/api/posts', author, [photo], { description: 'with a photo' });
    expect(pictured.statusCode, pictured.body).toBe(201);
    const queue = (await call(ctx.app, 'GET', '/api/admin/posts', admin)).json();
    expect(queue.documents.find((p: { id: string }) => p.id === pictured.json().id)).toMatchObject({
      file: pictured.json().file,
      fileWidth: 300,
      fileHeight: 200,
    });
    // Keyset: the page after `first` starts after it.
    const next = await call(ctx.app, 'GET', `/api/admin/posts?cursor=${first}`, admin);
    expect(next.json().documents.map((p: { id: string }) => p.id)).not.toContain(first);
    expect(next.json().documents.map((p: { id: string }) => p.id)).toContain(second);
    const bad = await call(ctx.app, 'GET', '/api/admin/posts?status=deleted', admin);
    expect(bad.statusCode).toBe(400);
  });

  it('approve, reject and unlist change what other members see, and each is audited', async () => {
    const id = await newPost('Needs a decision');
    expect(await seenBy(reader, id)).toBe(404);

    const approve = await call(ctx.app, 'POST', `/api/admin/posts/${id}/decision`, admin, {
      status: 'approved',
    });
    expect(approve.statusCode, approve.body).toBe(200);
    expect(await seenBy(reader, id)).toBe(200);
    let audit = await lastAudit(id);
    expect(audit).toMatchObject({
      actor: admin.user.id,
      action: 'post.approve',
      entity: 'post',
      before: { status: 'requested', rejectionReason: null },
      after: { status: 'approved', rejectionReason: null },
    });

    const unlist = await call(ctx.app, 'POST', `/api/admin/posts/${id}/decision`, admin, {
      status: 'unlisted',
    });
    expect(unlist.statusCode).toBe(200);
    expect(await seenBy(reader, id)).toBe(404);
    expect(await seenBy(author, id)).toBe(200);
    audit = await lastAudit(id);
    expect(audit).toMatchObject({
      action: 'post.unlist',
      before: { status: 'approved' },
      after: { status: 'unlisted' },
    });

    const reject = await call(ctx.app, 'POST', `/api/admin/posts/${id}/decision`, admin, {
      status: 'rejected',
      reason: '  Not about the community  ',
    });
    expect(reject.statusCode).toBe(200);
    expect(await seenBy(reader, id)).toBe(404);
    // The author learns the outcome and the reason on their post.
    const mine = await call(ctx.app, 'GET', `/api/posts/${id}`, author);
    expect(mine.json()).toMatchObject({ status: 'rejected', rejectionReason: 'Not about the community' });
    audit = await lastAudit(id);
    expect(audit).toMatchObject({
      action: 'post.reject',
      before: { status: 'unlisted', rejectionReason: null },
      after: { status: 'rejected', rejectionReason: 'Not about the community' },
      note: 'Not about the community',
    });

    // Approving again clears the old reason.
    await call(ctx.app, 'POST', `/api/admin/posts/${id}/decision`, admin, { status: 'approved' });
    const [row] = await ctx.app.db.select().from(post).where(eq(post.id, id));
    expect(row).toMatchObject({ status: 'approved', rejectionReason: null });
  });

  it('refuses a decision that is not one, and an unknown post', async () => {
    const id = await newPost('Bad decisions');
    for (const body of [
      {},
      { status: 'requested' },
      { status: 'deleted' },
      { status: 'rejected', reason: 'x'.repeat(501) },
    ]) {
      const res = await call(ctx.app, 'POST', `/api/admin/posts/${id}/decision`, admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().type).toBe('general_argument_invalid');
    }
    const [row] = await ctx.app.db.select().from(post).where(eq(post.id, id));
    expect(row.status).toBe('requested');
    const unknown = await call(ctx.app, 'POST', '/api/admin/posts/ffffffffffffffffffff/decision', admin, {
      status: 'approved',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().type).toBe('document_not_found');
  });

  describe('reports queue', () => {
    async function reportedPost(reasons: string[]): Promise<{ id: string; reporters: TestMember[] }> {
      const id = await newPost('Reported post');
      await call(ctx.app, 'POST', `/api/admin/posts/${id}/decision`, admin, { status: 'approved' });
      const reporters: TestMember[] = [];
      for (const reason of reasons) {
        const reporter = await createMember(ctx.app);
        const res = await call(ctx.app, 'POST', `/api/posts/${id}/reports`, reporter, { reason });
        expect(res.statusCode, res.body).toBe(201);
        reporters.push(reporter);
      }
      return { id, reporters };
    }

    it('shows each reported post once with every reason and the reporter count', async () => {
      const { id, reporters } = await reportedPost(['Spam', 'Offensive']);
      const res = await call(ctx.app, 'GET', '/api/admin/reports', admin);
      expect(res.statusCode).toBe(200);
      const entries = res.json().documents.filter((d: { id: string }) => d.id === id);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        reporterCount: 2,
        post: { id, description: 'Reported post', status: 'approved', user: { id: author.user.id } },
      });
      expect(entries[0].reports.map((r: { reason: string }) => r.reason).sort()).toEqual([
        'Offensive',
        'Spam',
      ]);
      expect(entries[0].reports.map((r: { reporter: string }) => r.reporter).sort()).toEqual(
        reporters.map((r) => r.user.id).sort(),
      );
      expect(Date.parse(entries[0].lastReportedAt)).toBeGreaterThan(Date.now() - 60_000);
      const summary = await call(ctx.app, 'GET', '/api/admin/summary', admin);
      expect(summary.json().reports).toBeGreaterThanOrEqual(1);
    });

    it('dismiss closes the reports and keeps the post public; audited', async () => {
      const { id } = await reportedPost(['Wrong']);
      const before = (await call(ctx.app, 'GET', '/api/admin/summary', admin)).json().reports;
      const res = await call(ctx.app, 'POST', `/api/admin/reports/${id}/dismiss`, admin);
      expect(res.statusCode, res.body).toBe(200);
      expect(await seenBy(reader, id)).toBe(200);
      const queue = await call(ctx.app, 'GET', '/api/admin/reports', admin);
      expect(queue.json().documents.map((d: { id: string }) => d.id)).not.toContain(id);
      expect((await call(ctx.app, 'GET', '/api/admin/summary', admin)).json().reports).toBe(before - 1);
      const reports = await ctx.app.db.select().from(postReport).where(eq(postReport.post, id));
      expect(reports[0]).toMatchObject({ resolvedBy: admin.user.id, resolution: 'dismissed' });
      expect(reports[0].resolvedAt).toBeInstanceOf(Date);
      expect(await lastAudit(id)).toMatchObject({
        action: 'post.dismiss_reports',
        before: { status: 'approved', openReports: 1 },
        after: { status: 'approved', openReports: 0 },
      });
      // Nothing open any more.
      expect((await call(ctx.app, 'POST', `/api/admin/reports/${id}/dismiss`, admin)).statusCode).toBe(404);
    });

    it('unlist takes the post out of the feed and closes its reports; audited', async () => {
      const { id } = await reportedPost(['Spam', 'Spam again']);
      const res = await call(ctx.app, 'POST', `/api/admin/reports/${id}/unlist`, admin);
      expect(res.statusCode).toBe(200);
      expect(await seenBy(reader, id)).toBe(404);
      expect((await call(ctx.app, 'GET', `/api/posts/${id}`, author)).json().status).toBe('unlisted');
      const reports = await ctx.app.db.select().from(postReport).where(eq(postReport.post, id));
      expect(reports.every((r) => r.resolution === 'unlisted' && r.resolvedBy === admin.user.id)).toBe(true);
      expect(await lastAudit(id)).toMatchObject({
        action: 'post.unlist',
        before: { status: 'approved', openReports: 2 },
        after: { status: 'unlisted', openReports: 0 },
      });
    });

    it('a post unlisted from the post queue leaves the reports queue too', async () => {
      const { id } = await reportedPost(['Old news']);
      await call(ctx.app, 'POST', `/api/admin/posts/${id}/decision`, admin, { status: 'unlisted' });
      const queue = await call(ctx.app, 'GET', '/api/admin/reports', admin);
      expect(queue.json().documents.map((d: { id: string }) => d.id)).not.toContain(id);
      expect(await lastAudit(id)).toMatchObject({ before: { openReports: 1 }, after: { openReports: 0 } });
    });
  });

  it('the summary counts what waits', async () => {
    const before = (await call(ctx.app, 'GET', '/api/admin/summary', admin)).json();
    expect(before).toEqual({
      posts: expect.any(Number),
      reports: expect.any(Number),
      publisherRequests: expect.any(Number),
      surnameSubmissions: expect.any(Number),
      matrimonyProfiles: expect.any(Number),
      matrimonyReports: expect.any(Number),
    });
    await newPost('one more');
    const applicant = await createMember(ctx.app);
    await call(ctx.app, 'POST', '/api/publisher-request', applicant, {
      occupation: 'Reporter',
      whatsapp: '9876543210',
      reason: 'News',
    });
    await ctx.app.db
      .insert(surnameSubmission)
      .values({ surname: author.user.surname ?? 'Testsurname', creator: author.user.id });
    const after = (await call(ctx.app, 'GET', '/api/admin/summary', admin)).json();
    expect(after).toEqual({
      posts: before.posts + 1,
      reports: before.reports,
      publisherRequests: before.publisherRequests + 1,
      surnameSubmissions: before.surnameSubmissions + 1,
      matrimonyProfiles: before.matrimonyProfiles,
      matrimonyReports: before.matrimonyReports,
    });
  });

  it('the audit log lists decisions newest first, filters, and pages', async () => {
    const a = await newPost('audit a');
    const b = await newPost('audit b');
    await call(ctx.app, 'POST', `/api/admin/posts/${a}/decision`, admin, { status: 'approved' });
    await call(ctx.app, 'POST', `/api/admin/posts/${b}/decision`, admin, {
      status: 'rejected',
      reason: 'Off topic',
    });
    const res = await call(ctx.app, 'GET', `/api/admin/audit?actor=${admin.user.id}&entity=post`, admin);
    expect(res.statusCode).toBe(200);
    const [newest, previous] = res.json().documents;
    expect(newest).toMatchObject({
      actor: admin.user.id,
      actorName: admin.user.name,
      action: 'post.reject',
      entity: 'post',
      entityId: b,
      before: { status: 'requested' },
      after: { status: 'rejected', rejectionReason: 'Off topic' },
      note: 'Off topic',
    });
    expect(previous).toMatchObject({ action: 'post.approve', entityId: a });
    expect(Date.parse(newest.createdAt)).toBeGreaterThan(Date.now() - 60_000);

    const approvals = (await call(ctx.app, 'GET', '/api/admin/audit?action=post.approve', admin)).json()
      .documents;
    expect(approvals.length).toBeGreaterThan(0);
    expect(approvals.every((e: { action: string }) => e.action === 'post.approve')).toBe(true);
    const nobody = await call(ctx.app, 'GET', '/api/admin/audit?actor=somebody_else', admin);
    expect(nobody.json()).toEqual({ documents: [], nextCursor: null });

    // Keyset: the page after `newest` begins with `previous`.
    const next = await call(ctx.app, 'GET', `/api/admin/audit?entity=post&cursor=${newest.id}`, admin);
    expect(next.json().documents[0].id).toBe(previous.id);
  });
});
