// Publisher applications (id = the member's id, so one each: docs/product/publisher.md, "Application states")
// and the staff decision on them. Approval grants the Publisher label in the same transaction.
import type {
  ApplicantView,
  Page,
  PublisherRequestInput,
  PublisherRequestStatus,
  PublisherRequestView,
} from '@samaj/core';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { authorColumns, authorSummary } from '../../db/author.ts';
import type { Database, Executor } from '../../db/client.ts';
import { countWhere } from '../../db/count.ts';
import { pageOf, waitingQueue } from '../../db/keyset.ts';
import { memberRows } from '../../db/member-rows.ts';
import { publisherRequest, user } from '../../db/schema/index.ts';

/** Not in spec: page size of the staff list of applications. */
export const PUBLISHER_PAGE_SIZE = 20;

type Row = typeof publisherRequest.$inferSelect;

export function requestView(row: Row): PublisherRequestView {
  return {
    id: row.id,
    creator: row.creator,
    occupation: row.occupation,
    whatsapp: row.whatsapp,
    reason: row.reason,
    status: row.status,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function findRequest(db: Executor, id: string): Promise<Row | null> {
  const [row] = await db.select().from(publisherRequest).where(eq(publisherRequest.id, id)).limit(1);
  return row ?? null;
}

/**
 * Files the member's application. A rejected member may apply again: the new application replaces
 * the old one and waits for review (the id is the member's, so there is never more than one).
 * Null when a pending or approved application is already there.
 */
export async function submitRequest(
  db: Database,
  creator: string,
  input: PublisherRequestInput,
): Promise<Row | null> {
  const values = {
    ...input,
    status: 'pending' as const,
    reviewedBy: null,
    reviewedAt: null,
    createdAt: new Date(),
  };
  const [row] = await db
    .insert(publisherRequest)
    .values({ id: creator, creator, ...values })
    .onConflictDoUpdate({
      target: publisherRequest.id,
      set: values,
      setWhere: eq(publisherRequest.status, 'rejected'),
    })
    .returning();
  return row ?? null;
}

/** Applications in one status, oldest first; keyset on (created_at, id) over the status index. */
export async function listRequests(
  db: Database,
  status: PublisherRequestStatus,
  cursor?: string,
): Promise<Page<ApplicantView>> {
  const after = cursor ? await findRequest(db, cursor) : null;
  const queue = waitingQueue(publisherRequest, status, after);
  const rows = await db
    .select({ request: publisherRequest, ...authorColumns })
    .from(publisherRequest)
    .leftJoin(user, eq(user.id, publisherRequest.creator))
    .where(queue.where)
    .orderBy(...queue.order)
    .limit(PUBLISHER_PAGE_SIZE + 1);
  return pageOf(
    rows.map(({ request, ...author }) => ({
      ...requestView(request),
      user: authorSummary(request.creator, author),
    })),
    PUBLISHER_PAGE_SIZE,
  );
}

/** Applications waiting for staff (the console's count). */
export const countPending = countWhere(publisherRequest.status, 'pending');

/** The member's application, as their data export shows it (null when they never applied). */
export async function exportRequest(db: Executor, memberId: string): Promise<Row | null> {
  const [row] = await db.select().from(publisherRequest).where(eq(publisherRequest.creator, memberId));
  return row ?? null;
}

/** Account deletion: the member's application goes with them (no files). */
export const eraseRequest = memberRows(publisherRequest, publisherRequest.creator).erase;

export class AlreadyDecided extends Error {}

/**
 * Approves or rejects a pending application (`publisher_request.decided`, audited); approval also
 * gives the member the Publisher label (`label.changed`, audited too). Null when there is no such
 * application.
 */
export async function decideRequest(
  app: FastifyInstance,
  input: { id: string; actor: string; decision: 'approved' | 'rejected'; note?: string | null },
): Promise<Row | null> {
  return app.events.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(publisherRequest)
      .where(eq(publisherRequest.id, input.id))
      .for('update');
    if (!before) return null;
    if (before.status !== 'pending') throw new AlreadyDecided();
    const [after] = await tx
      .update(publisherRequest)
      .set({ status: input.decision, reviewedBy: input.actor, reviewedAt: new Date() })
      .where(eq(publisherRequest.id, input.id))
      .returning();
    await app.events.publish(tx, 'publisher_request.decided', {
      requestId: input.id,
      creator: before.creator,
      approved: input.decision === 'approved',
      audit: {
        actor: input.actor,
        action: input.decision === 'approved' ? 'publisher_request.approve' : 'publisher_request.reject',
        entity: 'publisher_request',
        entityId: input.id,
        before: { status: before.status },
        after: { status: after.status },
        note: input.note ?? null,
      },
    });
    if (input.decision === 'approved') {
      const [member] = await tx
        .select({ labels: user.labels })
        .from(user)
        .where(eq(user.id, before.creator))
        .for('update');
      if (member && !member.labels.includes('Publisher')) {
        const labels = [...member.labels, 'Publisher'];
        await tx
          .update(user)
          .set({ labels: sql`array_append(${user.labels}, 'Publisher')` })
          .where(eq(user.id, before.creator));
        await app.events.publish(tx, 'label.changed', {
          userId: before.creator,
          labels,
          audit: {
            actor: input.actor,
            action: 'label.grant',
            entity: 'user',
            entityId: before.creator,
            before: { labels: member.labels },
            after: { labels },
            note: 'Publisher application approved',
          },
        });
      }
    }
    return after;
  });
}
