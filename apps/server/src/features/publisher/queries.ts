// Publisher applications (SPEC §3 Publisher request: id = the member's id, so one each) and the
// staff decision on them. Approval grants the Publisher label in the same transaction.
import type {
  ApplicantView,
  Page,
  PublisherRequestInput,
  PublisherRequestStatus,
  PublisherRequestView,
} from '@samaj/core';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { afterOldestFirst } from '../../db/keyset.ts';
import { publisherRequest, user } from '../../db/schema/index.ts';
import { writeAudit } from '../../platform/audit.ts';

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

export async function findRequest(db: Database, id: string): Promise<Row | null> {
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
  const rows = await db
    .select({ request: publisherRequest, name: user.name, dp: user.dp, labels: user.labels })
    .from(publisherRequest)
    .leftJoin(user, eq(user.id, publisherRequest.creator))
    .where(
      and(
        eq(publisherRequest.status, status),
        afterOldestFirst(publisherRequest.createdAt, publisherRequest.id, after),
      ),
    )
    .orderBy(asc(publisherRequest.createdAt), asc(publisherRequest.id))
    .limit(PUBLISHER_PAGE_SIZE + 1);
  const documents = rows.slice(0, PUBLISHER_PAGE_SIZE).map((r) => ({
    ...requestView(r.request),
    user: { id: r.request.creator, name: r.name ?? '', dp: r.dp || 'newuser', labels: r.labels ?? [] },
  }));
  const nextCursor = rows.length > PUBLISHER_PAGE_SIZE ? documents[documents.length - 1].id : null;
  return { documents, nextCursor };
}

export class AlreadyDecided extends Error {}

/**
 * Approves or rejects a pending application, with its audit entry; approval also gives the
 * member the Publisher label (and records that grant). Null when there is no such application.
 */
export async function decideRequest(
  db: Database,
  input: { id: string; actor: string; decision: 'approved' | 'rejected'; note?: string | null },
): Promise<Row | null> {
  return db.transaction(async (tx) => {
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
    await writeAudit(tx, {
      actor: input.actor,
      action: input.decision === 'approved' ? 'publisher_request.approve' : 'publisher_request.reject',
      entity: 'publisher_request',
      entityId: input.id,
      before: { status: before.status },
      after: { status: after.status },
      note: input.note ?? null,
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
        await writeAudit(tx, {
          actor: input.actor,
          action: 'label.grant',
          entity: 'user',
          entityId: before.creator,
          before: { labels: member.labels },
          after: { labels },
          note: 'Publisher application approved',
        });
      }
    }
    return after;
  });
}
