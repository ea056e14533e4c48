// The domain-event seam: in-transaction subscribers share the change's fate; after-commit ones see
// only what was committed, once, and their failures never undo or fail the change.
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';
import { auditLog } from '../../db/schema/index.ts';
import type { DomainEvents } from './index.ts';

const approved = (postId: string): DomainEvents['post.approved'] => ({
  postId,
  creator: 'someone',
  audit: {
    actor: 'staff',
    action: 'post.approve',
    entity: 'post',
    entityId: postId,
    before: null,
    after: null,
  },
});

describeEachDatabase('domain events', (ctx) => {
  it('writes the audit entry in the transaction and tells commit subscribers after the commit', async () => {
    const seen: string[] = [];
    ctx.app.events.onCommit('post.approved', async (p) => {
      // By now the audit row is committed: a fresh read outside the transaction finds it.
      const rows = await ctx.app.db.select().from(auditLog).where(eq(auditLog.entityId, p.postId));
      seen.push(`${p.postId}:${rows.length}`);
    });
    await ctx.app.events.transaction(async (tx) => {
      await ctx.app.events.publish(tx, 'post.approved', approved('ev1'));
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual(['ev1:1']);
  });

  it('a rolled-back transaction leaves no audit entry and tells nobody', async () => {
    const seen: string[] = [];
    ctx.app.events.onCommit('post.approved', (p) => {
      seen.push(p.postId);
    });
    await expect(
      ctx.app.events.transaction(async (tx) => {
        await ctx.app.events.publish(tx, 'post.approved', approved('ev2'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const rows = await ctx.app.db.select().from(auditLog).where(eq(auditLog.entityId, 'ev2'));
    expect(rows).toHaveLength(0);
    expect(seen).not.toContain('ev2');
  });

  it('a failing commit subscriber is logged, not thrown, and the others still run', async () => {
    const seen: string[] = [];
    ctx.app.events.onCommit('post.rejected', () => {
      throw new Error('subscriber down');
    });
    ctx.app.events.onCommit('post.rejected', (p) => {
      seen.push(p.postId);
    });
    const result = await ctx.app.events.transaction(async (tx) => {
      await ctx.app.events.publish(tx, 'post.rejected', { ...approved('ev3'), reason: null });
      return 'done';
    });
    expect(result).toBe('done');
    expect(seen).toEqual(['ev3']);
  });

  it('refuses to publish from a transaction it cannot see commit', async () => {
    await expect(
      ctx.app.db.transaction((tx) => ctx.app.events.publish(tx, 'post.approved', approved('ev4'))),
    ).rejects.toThrow('must run inside app.events.transaction()');
    const rows = await ctx.app.db.select().from(auditLog).where(eq(auditLog.entityId, 'ev4'));
    expect(rows).toHaveLength(0);
  });
});
