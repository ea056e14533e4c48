import { desc, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { call } from '../../../test/api.ts';
import { describeEachDatabase } from '../../../test/harness.ts';
import { createAdmin, createMember, grantLabel, type TestMember } from '../../../test/members.ts';
import { auditLog, user } from '../../db/schema/index.ts';

const FORM = {
  occupation: 'Teacher at the village school',
  whatsapp: '+91 98765 43210',
  reason: 'I report on events.',
};

describeEachDatabase('publisher program', (ctx) => {
  let admin: TestMember;

  beforeAll(async () => {
    admin = await createAdmin(ctx.app);
  }, 60_000);

  const apply = (who: TestMember, body: unknown = FORM) =>
    call(ctx.app, 'POST', '/api/publisher-request', who, body);
  const labelsOf = async (id: string) =>
    (await ctx.app.db.select({ labels: user.labels }).from(user).where(eq(user.id, id)))[0].labels;

  it('a member applies once and reads back their application', async () => {
    const member = await createMember(ctx.app);
    // No application is an expected state, not an error: 200 with JSON null (a 404 was logged as an
    // error in every member's browser console).
    const none = await call(ctx.app, 'GET', '/api/publisher-request', member);
    expect(none.statusCode).toBe(200);
    expect(none.headers['content-type']).toMatch(/^application\/json/);
    expect(none.body).toBe('null');

    const res = await apply(member);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      id: member.user.id,
      creator: member.user.id,
      ...FORM,
      status: 'pending',
    });

    const mine = await call(ctx.app, 'GET', '/api/publisher-request', member);
    expect(mine.json()).toMatchObject({ id: member.user.id, status: 'pending', reason: FORM.reason });

    const again = await apply(member, { ...FORM, reason: 'Second try' });
    expect(again.statusCode).toBe(409);
    expect(again.json().type).toBe('document_already_exists');
    expect((await call(ctx.app, 'GET', '/api/publisher-request', member)).json().reason).toBe(FORM.reason);
  });

  it('enforces the form: every field required, reason at most 300, a phone number', async () => {
    const member = await createMember(ctx.app);
    const longReason = await apply(member, { ...FORM, reason: 'x'.repeat(301) });
    expect(longReason.statusCode).toBe(400);
    expect(longReason.json().type).toBe('general_argument_invalid');
    const missing = await apply(member, { occupation: 'Teacher', whatsapp: '9876543210' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Missing required parameter: "reason"');
    expect((await apply(member, { ...FORM, whatsapp: 'call me' })).statusCode).toBe(400);
    expect((await apply(member, { ...FORM, occupation: '   ' })).statusCode).toBe(400);
    // Nothing was stored by the refusals; exactly 300 is fine.
    expect((await call(ctx.app, 'GET', '/api/publisher-request', member)).json()).toBeNull();
    expect((await apply(member, { ...FORM, reason: 'y'.repeat(300) })).statusCode).toBe(201);
  });

  it('approval grants the Publisher label, is audited, and makes the next post public at once', async () => {
    const member = await createMember(ctx.app);
    const other = await createMember(ctx.app);
    await apply(member);

    const list = await call(ctx.app, 'GET', '/api/admin/publisher-requests?status=pending', admin);
    expect(list.statusCode).toBe(200);
    const entry = list.json().documents.find((d: { id: string }) => d.id === member.user.id);
    expect(entry).toMatchObject({
      ...FORM,
      status: 'pending',
      user: { id: member.user.id, name: member.user.name },
    });

    const res = await call(ctx.app, 'POST', `/api/admin/publisher-requests/${member.user.id}/approve`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('approved');
    expect(await labelsOf(member.user.id)).toContain('Publisher');
    expect((await call(ctx.app, 'GET', '/api/account', member)).json().labels).toContain('Publisher');
    expect((await call(ctx.app, 'GET', '/api/publisher-request', member)).json().status).toBe('approved');

    const audits = await ctx.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actor, admin.user.id))
      .orderBy(desc(auditLog.id));
    expect(
      audits.find((a) => a.action === 'publisher_request.approve' && a.entityId === member.user.id),
    ).toMatchObject({
      entity: 'publisher_request',
      before: { status: 'pending' },
      after: { status: 'approved' },
    });
    expect(audits.find((a) => a.action === 'label.grant' && a.entityId === member.user.id)).toMatchObject({
      entity: 'user',
      before: { labels: [] },
      after: { labels: ['Publisher'] },
    });

    // Gone from the pending list; a second decision is refused.
    const pending = await call(ctx.app, 'GET', '/api/admin/publisher-requests', admin);
    expect(pending.json().documents.map((d: { id: string }) => d.id)).not.toContain(member.user.id);
    const twice = await call(
      ctx.app,
      'POST',
      `/api/admin/publisher-requests/${member.user.id}/reject`,
      admin,
    );
    expect(twice.statusCode).toBe(409);

    const post = await call(ctx.app, 'POST', '/api/posts', member, { description: 'Publisher news' });
    expect(post.json().status).toBe('approved');
    expect((await call(ctx.app, 'GET', `/api/posts/${post.json().id}`, other)).statusCode).toBe(200);
    // A publisher does not apply again.
    expect((await apply(member)).statusCode).toBe(409);
  });

  it('rejection grants nothing, is audited, and the member may apply again', async () => {
    const member = await createMember(ctx.app);
    await apply(member);
    const res = await call(ctx.app, 'POST', `/api/admin/publisher-requests/${member.user.id}/reject`, admin, {
      note: 'Please tell us more',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('rejected');
    expect(await labelsOf(member.user.id)).not.toContain('Publisher');
    const [audit] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, member.user.id))
      .orderBy(desc(auditLog.id));
    expect(audit).toMatchObject({
      action: 'publisher_request.reject',
      before: { status: 'pending' },
      after: { status: 'rejected' },
      note: 'Please tell us more',
    });
    const rejected = await call(ctx.app, 'GET', '/api/admin/publisher-requests?status=rejected', admin);
    expect(rejected.json().documents.map((d: { id: string }) => d.id)).toContain(member.user.id);

    const again = await apply(member, { ...FORM, reason: 'More about me' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ status: 'pending', reason: 'More about me', reviewedAt: null });
  });

  it('a member who is already a Publisher cannot apply; unknown applications are 404', async () => {
    const member = await createMember(ctx.app);
    await grantLabel(ctx.app, member.user.id, 'Publisher');
    expect((await apply(member)).statusCode).toBe(409);
    const unknown = await call(ctx.app, 'POST', '/api/admin/publisher-requests/nobody_at_all/approve', admin);
    expect(unknown.statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', '/api/admin/publisher-requests?status=maybe', admin)).statusCode).toBe(
      400,
    );
  });

  it('approval publishes publisher_request.decided and label.changed; the console counts through the registry', async () => {
    const seen: string[] = [];
    ctx.app.events.onCommit('publisher_request.decided', (p) => {
      seen.push(`decided:${p.requestId}:${p.approved}`);
    });
    ctx.app.events.onCommit('label.changed', (p) => {
      seen.push(`labels:${p.userId}:${p.labels.join(',')}`);
    });
    const member = await createMember(ctx.app);
    const waiting = async () =>
      (await call(ctx.app, 'GET', '/api/admin/summary', admin)).json().publisherRequests;
    const before = await waiting();
    expect((await apply(member)).statusCode).toBe(201);
    expect(await waiting()).toBe(before + 1);
    const res = await call(ctx.app, 'POST', `/api/admin/publisher-requests/${member.user.id}/approve`, admin);
    expect(res.statusCode).toBe(200);
    expect(seen).toEqual([`decided:${member.user.id}:true`, `labels:${member.user.id}:Publisher`]);
    expect(await waiting()).toBe(before);
  });

  it("the member's application is in their data export and goes with their account", async () => {
    const member = await createMember(ctx.app);
    await apply(member);
    const part = ctx.app.registry.memberData.find((p) => p.name === 'publisherRequest');
    expect(await part?.export?.(ctx.app.db, member.user.id)).toMatchObject({ id: member.user.id, ...FORM });
    await ctx.app.db.transaction(async (tx) => {
      await part?.erase?.(tx, member.user.id);
    });
    expect(await part?.export?.(ctx.app.db, member.user.id)).toBeNull();
  });

  it('a visitor learns 401 before the application form is checked', async () => {
    const res = await call(ctx.app, 'POST', '/api/publisher-request', null, { occupation: 5 });
    expect(res.statusCode).toBe(401);
  });
});
