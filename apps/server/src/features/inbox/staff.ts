// Staff see new work in their bell (docs/product/inbox.md, "Staff"): one item per console queue, with
// the count that waits when they read it — never one per post or submission. The queues are the
// waiting counts features already register (platform/registry.ts), swept like event reminders: when
// a queue's count grows past the last one seen, every Admin's item for it becomes unread again.
// The last count lives in the database (inbox_queue), read under a row lock, so of several
// processes sweeping at once one tells and the others find nothing new.
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inboxQueue } from '../../db/schema/index.ts';
import { recordForMembers } from './record.ts';
import { announce } from './sources.ts';

/** How often each process looks at the queues. */
export const QUEUE_SWEEP_MS = 30_000;

/** Looks at every queue once; returns the queues whose growth was told. */
export async function sweepQueues(app: FastifyInstance): Promise<string[]> {
  const told: string[] = [];
  for (const entry of app.registry.waitingCounts) {
    const admins = await app.db.transaction(async (tx) => {
      await tx.insert(inboxQueue).values({ name: entry.name, count: 0 }).onConflictDoNothing();
      const [row] = await tx
        .select({ count: inboxQueue.count })
        .from(inboxQueue)
        .where(eq(inboxQueue.name, entry.name))
        .for('update');
      const now = await entry.count(tx);
      if (row && row.count === now) return null;
      await tx
        .update(inboxQueue)
        .set({ count: now, updatedAt: new Date() })
        .where(eq(inboxQueue.name, entry.name));
      if (!row || now <= row.count) return null;
      return recordForMembers(tx, { kind: 'staff_queue', subject: entry.name }, sql`'Admin' = any(u.labels)`);
    });
    if (!admins) continue;
    told.push(entry.name);
    for (const admin of admins) await announce(app, admin);
  }
  return told;
}

/** Sweeps while the app runs (from ready to close); a failed sweep is logged and the next one tries again. */
export function registerQueueSweep(app: FastifyInstance, everyMs = QUEUE_SWEEP_MS): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  let closing = false;
  const sweep = () => {
    if (running || closing) return;
    running = sweepQueues(app)
      .catch((err) => app.log.error({ err }, 'inbox: queue sweep failed'))
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(sweep, everyMs);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    closing = true;
    clearInterval(timer);
    await running;
  });
}
