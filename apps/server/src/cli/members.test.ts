// Operator commands publish their changes: the audit log records them as 'cli', as it records
// the console's decisions.
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness.ts';
import { createMember, type TestMember } from '../../test/members.ts';
import { auditLog } from '../db/schema/index.ts';
import { runMemberCommand } from './members.ts';

describeEachDatabase('operator commands on members', (ctx) => {
  let m: TestMember;

  beforeAll(async () => {
    m = await createMember(ctx.app);
  }, 60_000);

  const entries = () =>
    ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, m.user.id)))
      .orderBy(auditLog.id);

  it('grant, revoke, block and unblock each leave one audit entry by the operator', async () => {
    await runMemberCommand(ctx.app.db, 'grant', [m.user.id, 'Verified']);
    await runMemberCommand(ctx.app.db, 'grant', [m.user.id, 'Verified']); // no change, no entry
    await runMemberCommand(ctx.app.db, 'revoke', [m.user.id, 'verified']);
    await runMemberCommand(ctx.app.db, 'block', [m.user.id]);
    await runMemberCommand(ctx.app.db, 'unblock', [m.user.id]);
    await runMemberCommand(ctx.app.db, 'unblock', [m.user.id]); // no change, no entry
    const log = await entries();
    expect(log.map((e) => [e.actor, e.action, e.before, e.after])).toEqual([
      ['cli', 'label.grant', { labels: [] }, { labels: ['Verified'] }],
      ['cli', 'label.revoke', { labels: ['Verified'] }, { labels: [] }],
      ['cli', 'user.block', { banned: false }, { banned: true }],
      ['cli', 'user.unblock', { banned: true }, { banned: false }],
    ]);
  });

  it("inside the server the command publishes on the app's bus, so its subscribers hear of it", async () => {
    const heard: string[] = [];
    ctx.app.events.onCommit('user.blocked', (p) => {
      heard.push(`${p.userId}:${p.blocked}`);
    });
    await runMemberCommand(ctx.app.db, 'block', [m.user.id], ctx.app.events);
    await runMemberCommand(ctx.app.db, 'unblock', [m.user.id], ctx.app.events);
    expect(heard).toEqual([`${m.user.id}:true`, `${m.user.id}:false`]);
    expect((await entries()).slice(-2).map((e) => e.action)).toEqual(['user.block', 'user.unblock']);
  });
});
