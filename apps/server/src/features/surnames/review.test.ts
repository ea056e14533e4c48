// The staff review reads every page; members' and staff's routes refuse a visitor before they
// look at the input; decisions reach the domain-event bus; the console and the account's export
// and deletion find this feature's part through the registry.
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { caller, expectVisitorRefused } from '../../../test/api.ts';
import { describeEachDatabase } from '../../../test/harness.ts';
import { createAdmin, createMember, type TestMember } from '../../../test/members.ts';
import { surname, surnameSubmission } from '../../db/schema/index.ts';

describeEachDatabase('surname review', (ctx) => {
  let member: TestMember;
  let admin: TestMember;

  beforeAll(async () => {
    await ctx.app.db.insert(surname).values([
      { id: 'Reviewa', name: 'Reviewa', name_guj: 'ર' },
      { id: 'Reviewb', name: 'Reviewb', name_guj: 'વ' },
    ]);
    member = await createMember(ctx.app, { surname: 'Reviewa' });
    admin = await createAdmin(ctx.app, { surname: 'Reviewa' });
  }, 60_000);

  const call = caller(ctx);

  it('a visitor gets 401 on every member and staff route, even with a bad body or query', async () => {
    const bad = { gam: 'x'.repeat(500), description: 42, note: 'y'.repeat(900) };
    await expectVisitorRefused(ctx.app, [
      ['POST', '/api/surnames/Reviewa/submissions', bad],
      ['POST', '/api/surnames/Nosuchname/submissions', bad],
      ['GET', `/api/surname-submissions/mine?surname=${'x'.repeat(300)}`],
      ['GET', '/api/admin/surname-submissions?status=nonsense&limit=9999'],
      ['POST', '/api/admin/surname-submissions/someid/apply', bad],
      ['POST', '/api/admin/surname-submissions/someid/reject', bad],
    ]);
    // A member on a staff route: 403 before the bad query is looked at.
    const member403 = await call('GET', '/api/admin/surname-submissions?status=nonsense', member);
    expect(member403.statusCode).toBe(403);
  });

  it('the review list pages through every waiting submission, oldest first, without repeats', async () => {
    const base = Date.parse('2026-01-01T00:00:00Z');
    const ids = Array.from({ length: 7 }, (_, i) => `review${String(i).padStart(14, '0')}`);
    await ctx.app.db.insert(surnameSubmission).values(
      ids.map((id, i) => ({
        id,
        surname: i % 2 ? 'Reviewa' : 'Reviewb',
        creator: member.user.id,
        gam: `Gam ${i}`,
        // Two share a timestamp: the id breaks the tie.
        createdAt: new Date(base + Math.min(i, 5) * 1000),
      })),
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/admin/surname-submissions?status=pending&limit=3${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await call('GET', url, admin);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as { documents: { id: string }[]; nextCursor: string | null };
      seen.push(...page.documents.map((d) => d.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(ids);
  });

  it('the console counts waiting submissions through the registry', async () => {
    const summary = await call('GET', '/api/admin/summary', admin);
    expect(summary.statusCode).toBe(200);
    expect(summary.json().surnameSubmissions).toBe(7);
  });

  it('a decision is published on the event bus with the audit entry it writes', async () => {
    const seen: unknown[] = [];
    ctx.app.events.onCommit('surname_submission.applied', (payload) => {
      seen.push(payload);
    });
    const id = 'review00000000000000';
    const res = await call('POST', `/api/admin/surname-submissions/${id}/apply`, admin, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(seen).toEqual([
      expect.objectContaining({
        submissionId: id,
        surname: 'Reviewb',
        creator: member.user.id,
        audit: expect.objectContaining({ action: 'surname_submission.apply', actor: admin.user.id }),
      }),
    ]);
  });

  it("the member's submissions are in their data export and go with their account", async () => {
    const part = ctx.app.registry.memberData.find((p) => p.name === 'surnameSubmissions');
    expect(part).toBeDefined();
    const exported = (await part?.export?.(ctx.app.db, member.user.id)) as { id: string }[];
    expect(exported).toHaveLength(7);
    await ctx.app.db.transaction(async (tx) => {
      expect(await part?.erase?.(tx, member.user.id)).toEqual([]);
    });
    const left = await ctx.app.db
      .select()
      .from(surnameSubmission)
      .where(eq(surnameSubmission.creator, member.user.id));
    expect(left).toHaveLength(0);
  });
});
