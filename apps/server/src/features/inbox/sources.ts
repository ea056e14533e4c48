// From domain events to items (docs/product/inbox.md, "What goes in"): the same events push turns into
// jobs (features/notifications/notify.ts) write the list here, in the transaction of the change,
// whether or not the member has a device for push. After the commit the member's own realtime
// channel hears that their list changed, so an open bell refetches its count.
import { INBOX_REALTIME_ID, realtimeChannels } from '@samaj/core';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { comment, post } from '../../db/schema/index.ts';
import type { DomainEventName, DomainEvents } from '../../platform/events/index.ts';
import { type Entry, record, recordForMembers } from './record.ts';

async function postCreator(db: Executor, postId: string): Promise<string | null> {
  const [row] = await db.select({ creator: post.creator }).from(post).where(eq(post.id, postId)).limit(1);
  return row?.creator ?? null;
}

type Source<K extends DomainEventName> = (
  payload: DomainEvents[K],
  db: Executor,
) => Promise<Entry[]> | Entry[];

/** Each event that tells members something, and the items it makes. */
const SOURCES: { [K in DomainEventName]?: Source<K> } = {
  'post.approved': ({ postId, creator }) => [
    { member: creator, kind: 'post_decided', subject: postId, approved: true },
  ],
  'post.rejected': ({ postId, creator }) => [
    { member: creator, kind: 'post_decided', subject: postId, approved: false },
  ],
  'post.commented': async ({ postId, creator }, db) => {
    const author = await postCreator(db, postId);
    return author ? [{ member: author, kind: 'post_commented', subject: postId, actor: creator }] : [];
  },
  'post.liked': async ({ postId, creator }, db) => {
    const author = await postCreator(db, postId);
    return author ? [{ member: author, kind: 'post_liked', subject: postId, actor: creator }] : [];
  },
  'surname_submission.applied': ({ surname, creator }) => [
    { member: creator, kind: 'surname_submission_applied', subject: surname },
  ],
  'publisher_request.decided': ({ requestId, creator, approved }) => [
    { member: creator, kind: 'publisher_request_decided', subject: requestId, approved },
  ],
  'matrimony.matched': ({ members: [a, b] }) => [
    { member: a, kind: 'matrimony_match', subject: b, actor: b },
    { member: b, kind: 'matrimony_match', subject: a, actor: a },
  ],
  'matrimony.request_received': ({ creator, owner }) => [
    { member: owner, kind: 'matrimony_request_received', subject: creator, actor: creator },
  ],
  'matrimony.request_accepted': ({ creator, owner }) => [
    { member: creator, kind: 'matrimony_request_accepted', subject: owner, actor: owner },
  ],
  'matrimony.request_declined': ({ creator, owner }) => [
    { member: creator, kind: 'matrimony_request_declined', subject: owner, actor: owner },
  ],
  'event.reminder_due': ({ eventId, members }) =>
    members.map((member) => ({ member, kind: 'event_reminder' as const, subject: eventId })),
};

/** Tells the member's open screens that their list changed (ids only; they refetch the count). */
export function announce(app: FastifyInstance, member: string): Promise<void> {
  return app.realtime.publish(realtimeChannels.member(member.toLowerCase()), { id: INBOX_REALTIME_ID });
}

export function registerSources(app: FastifyInstance): void {
  for (const name of Object.keys(SOURCES) as DomainEventName[]) {
    const source = SOURCES[name] as Source<DomainEventName>;
    app.events.onTransaction(name, async (payload, tx) => {
      for (const entry of await source(payload, tx)) await record(tx, entry);
    });
    app.events.onCommit(name, async (payload) => {
      const members = new Set((await source(payload, app.db)).map((entry) => entry.member));
      for (const member of members) await announce(app, member);
    });
  }
  // Everyone else who commented on the post hears of the reply in their thread: one statement,
  // however long the thread (the author has post_commented instead).
  app.events.onTransaction('post.commented', async ({ postId, creator }, tx) => {
    await recordForMembers(
      tx,
      { kind: 'post_thread_reply', subject: postId, actor: creator },
      sql`u.id in (select c.creator from ${comment} c where c.post = ${postId} and c.type = 'comment')
        and u.id <> (select p.creator from ${post} p where p.id = ${postId})`,
    );
  });
  app.events.onCommit('post.commented', async ({ postId, creator }) => {
    const rows = await app.db
      .selectDistinct({ member: comment.creator })
      .from(comment)
      .where(and(eq(comment.post, postId), eq(comment.type, 'comment'), ne(comment.creator, creator)));
    for (const { member } of rows) await announce(app, member);
  });
  // Every member is told an event went live: a job enqueued with the change writes the lists in one
  // statement (thousands of rows would hold the host's Start otherwise).
  app.events.onTransaction('event.live', async ({ eventId, live }, tx) => {
    if (live) await app.jobs.send('inbox.everyone', { kind: 'event_live', subject: eventId }, { tx });
  });
}
