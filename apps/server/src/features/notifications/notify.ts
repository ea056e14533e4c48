// From a feature's domain event to a push (docs/conventions.md "Seams"): inside the publishing
// transaction only a job is written, so the request never waits for a push service and the send
// exists exactly when the change commits, surviving a restart. Workers then write the text in each
// subscription's language and deliver. No feature knows this file exists.
import { MESSAGING_TOPIC } from '@samaj/core';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { eventLiveNow } from '../../db/live.ts';
import { event, pushSubscription } from '../../db/schema/index.ts';
import type { NotificationMessage } from '../../platform/jobs/map.ts';
import type { VapidDetails } from '../../platform/vapid.ts';
import { deliver, type Outcome, pushAgent } from './deliver.ts';
import {
  claimOnce,
  forgetSubscription,
  type Target,
  targetById,
  targetsOfMember,
  targetsOfTopic,
} from './queries.ts';
import { type Rendered, render } from './texts.ts';

/** Subscriptions per fan-out step: one job each, so a crash repeats one step, not the whole topic. */
export const TOPIC_BATCH = 1000;
/** Pushes in flight at once from one worker. */
export const CONCURRENCY = 50;
/**
 * "Event is live" goes out at most once per event in this time, whatever the toggles: each Start
 * wakes every member's phone (docs/product/notifications.md, "What a notification says").
 */
export const EVENT_LIVE_ONCE_SECONDS = 6 * 60 * 60;
/** A send a push service turned away for now is tried again after this (then doubling, 5 times). */
const RETRY_DELAY_SECONDS = 30;

async function inPool<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const runner = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, runner));
}

async function hasDevices(tx: Executor, member: string): Promise<boolean> {
  const rows = await tx
    .select({ id: pushSubscription.id })
    .from(pushSubscription)
    .where(eq(pushSubscription.userId, member))
    .limit(1);
  return rows.length > 0;
}

/**
 * Whether the push still makes sense when it is sent (a live event that ended tells nobody), and
 * who it is not for (the host who pressed Start).
 */
async function stillTrue(
  db: Executor,
  message: NotificationMessage,
): Promise<{ skip: string | null } | null> {
  if (message.kind === 'event_reminder') {
    // "Starts within the hour" is true only until it starts (a push delayed past it says nothing).
    const [row] = await db
      .select({ id: event.id })
      .from(event)
      .where(and(eq(event.id, message.eventId), gt(event.time, sql`now()`)));
    return row ? { skip: null } : null;
  }
  if (message.kind !== 'event_live') return { skip: null };
  const [row] = await db
    .select({ live: eventLiveNow, host: event.host })
    .from(event)
    .where(eq(event.id, message.eventId));
  return row?.live ? { skip: row.host } : null;
}

export function registerNotifications(app: FastifyInstance, vapid: VapidDetails): void {
  // Idle kept-alive sockets are unref'd by the agent: they never hold the process open.
  const agent = pushAgent(app.config.pushPrivateEndpoints);
  const tell = async (tx: Executor, member: string, message: NotificationMessage) => {
    if (await hasDevices(tx, member)) await app.jobs.send('push.notify', { member, message }, { tx });
  };

  app.events.onTransaction('post.approved', ({ postId, creator }, tx) =>
    tell(tx, creator, { kind: 'post_decided', postId, approved: true }),
  );
  app.events.onTransaction('post.rejected', ({ postId, creator }, tx) =>
    tell(tx, creator, { kind: 'post_decided', postId, approved: false }),
  );
  app.events.onTransaction('surname_submission.applied', ({ surname, creator }, tx) =>
    tell(tx, creator, { kind: 'surname_submission_applied', surname }),
  );
  app.events.onTransaction('publisher_request.decided', ({ creator, approved }, tx) =>
    tell(tx, creator, { kind: 'publisher_request_decided', approved }),
  );
  app.events.onTransaction('matrimony.matched', async ({ members: [a, b] }, tx) => {
    await tell(tx, a, { kind: 'matrimony_match', other: b });
    await tell(tx, b, { kind: 'matrimony_match', other: a });
  });
  app.events.onTransaction('matrimony.request_received', ({ creator, owner }, tx) =>
    tell(tx, owner, { kind: 'matrimony_request_received', other: creator }),
  );
  app.events.onTransaction('matrimony.request_accepted', ({ creator, owner }, tx) =>
    tell(tx, creator, { kind: 'matrimony_request_accepted', other: owner }),
  );
  app.events.onTransaction('matrimony.request_declined', ({ creator, owner }, tx) =>
    tell(tx, creator, { kind: 'matrimony_request_declined', other: owner }),
  );
  app.events.onTransaction('event.reminder_due', async ({ eventId, members }, tx) => {
    for (const member of members) await tell(tx, member, { kind: 'event_reminder', eventId });
  });
  app.events.onTransaction('event.live', async ({ eventId, live }, tx) => {
    if (!live) return;
    // Every Start is queued; the worker sends only the first that finds the event live (claimOnce).
    await app.jobs.send(
      'push.topic',
      { topic: MESSAGING_TOPIC, message: { kind: 'event_live', eventId }, afterId: null },
      { tx },
    );
  });

  /** What to do with each answer; only a push.send job's own failure is thrown (for pg-boss to retry). */
  const settle = async (target: Target, outcome: Outcome, message: NotificationMessage) => {
    switch (outcome.status) {
      case 'sent':
        return;
      case 'gone':
        await forgetSubscription(app.db, target.id);
        return;
      case 'failed':
        app.log.warn({ subscription: target.id, kind: message.kind, reason: outcome.reason }, 'push refused');
        return;
      case 'retry':
        await app.jobs.send(
          'push.send',
          { subscriptionId: target.id, message },
          { startAfter: outcome.retryAfterSeconds ?? RETRY_DELAY_SECONDS },
        );
    }
  };

  const sendAll = async (targets: Target[], rendered: Rendered, message: NotificationMessage) => {
    await inPool(targets, CONCURRENCY, async (target) => {
      await settle(
        target,
        await deliver(target, rendered[target.language] ?? rendered.gu, vapid, agent),
        message,
      );
    });
  };

  /** The texts, and the targets minus whoever it is not for; null when it no longer makes sense. */
  const prepared = async (message: NotificationMessage, targets: Target[]) => {
    const check = await stillTrue(app.db, message);
    const rendered = check && (await render(app.db, message));
    if (!rendered) return null;
    return { rendered, targets: targets.filter((target) => target.userId !== check.skip) };
  };

  const fast = { pollingIntervalSeconds: 0.5 };

  void app.jobs.work(
    'push.notify',
    async ({ member, message }) => {
      const targets = await targetsOfMember(app.db, member, message.kind);
      const ready = targets.length > 0 && (await prepared(message, targets));
      if (ready) await sendAll(ready.targets, ready.rendered, message);
    },
    fast,
  );

  void app.jobs.work(
    'push.topic',
    async ({ topic, message, afterId }, job) => {
      const targets = await targetsOfTopic(app.db, topic, message.kind, afterId, TOPIC_BATCH);
      if (targets.length === 0) return;
      const ready = await prepared(message, targets);
      if (!ready) return;
      // Claimed once the event is known to be live, so a Start undone before its push went out
      // does not use up the next six hours; later steps belong to the fan-out that claimed it.
      if (
        message.kind === 'event_live' &&
        afterId === null &&
        !(await claimOnce(app.db, `event_live:${message.eventId}`, job.id, EVENT_LIVE_ONCE_SECONDS))
      ) {
        return;
      }
      await sendAll(ready.targets, ready.rendered, message);
      // The next step is queued last: a step that fails before it is retried whole (the tag makes a
      // repeated push replace the first), and never leaves two successors.
      if (targets.length === TOPIC_BATCH) {
        await app.jobs.send('push.topic', { topic, message, afterId: (targets.at(-1) as Target).id });
      }
    },
    fast,
  );

  void app.jobs.work(
    'push.send',
    async ({ subscriptionId, message }) => {
      const [found] = await targetById(app.db, subscriptionId, message.kind);
      const ready = found && (await prepared(message, [found]));
      const target = ready ? ready.targets[0] : undefined;
      if (!ready || !target) return;
      const outcome = await deliver(
        target,
        ready.rendered[target.language] ?? ready.rendered.gu,
        vapid,
        agent,
      );
      if (outcome.status === 'retry') throw new Error(`push not delivered yet: ${outcome.reason}`);
      await settle(target, outcome, message);
    },
    { retryLimit: 5, retryDelay: RETRY_DELAY_SECONDS, retryBackoff: true },
  );
}
