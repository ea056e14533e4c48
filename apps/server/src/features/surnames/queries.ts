// Reads and writes of the surname directory. Every list is a keyset page served by an index:
// surnames by primary key, submissions by (status, created_at) or creator.
import type { Page } from '@samaj/core';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import { countWhere } from '../../db/count.ts';
import { pageOf, waitingQueue } from '../../db/keyset.ts';
import { memberRows } from '../../db/member-rows.ts';
import { surname, surnameSubmission } from '../../db/schema/index.ts';

export type SurnameRow = typeof surname.$inferSelect;
export type SubmissionRow = typeof surnameSubmission.$inferSelect;

/** The fields a member may propose and staff may apply. */
export const EDITABLE_FIELDS = ['gam', 'kuldevta', 'description'] as const;
export type EditableField = (typeof EDITABLE_FIELDS)[number];
export type EditableValues = Record<EditableField, string>;

/** One page of surnames by name, after `cursor` (the last name of the previous page). */
export async function listSurnames(
  db: Database,
  cursor: string | undefined,
  limit: number,
): Promise<Page<SurnameRow>> {
  const rows = await db
    .select()
    .from(surname)
    .where(cursor ? gt(surname.id, cursor) : undefined)
    .orderBy(asc(surname.id))
    .limit(limit + 1);
  return pageOf(rows, limit);
}

export async function findSurname(db: Executor, name: string): Promise<SurnameRow | undefined> {
  const [row] = await db.select().from(surname).where(eq(surname.id, name));
  return row;
}

export async function findSubmission(db: Executor, id: string): Promise<SubmissionRow | undefined> {
  const [row] = await db.select().from(surnameSubmission).where(eq(surnameSubmission.id, id));
  return row;
}

export async function createSubmission(
  db: Database,
  values: { surname: string; creator: string } & EditableValues,
): Promise<SubmissionRow> {
  const [row] = await db.insert(surnameSubmission).values(values).returning();
  return row;
}

export async function countPendingOf(db: Database, creator: string): Promise<number> {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(surnameSubmission)
    .where(and(eq(surnameSubmission.creator, creator), eq(surnameSubmission.status, 'pending')));
  return n;
}

/** A member's own submissions, newest first (optionally for one surname). */
export async function listSubmissionsOf(
  db: Database,
  creator: string,
  surnameName: string | undefined,
  limit: number,
): Promise<SubmissionRow[]> {
  return db
    .select()
    .from(surnameSubmission)
    .where(
      and(
        eq(surnameSubmission.creator, creator),
        surnameName ? eq(surnameSubmission.surname, surnameName) : undefined,
      ),
    )
    .orderBy(desc(surnameSubmission.createdAt), desc(surnameSubmission.id))
    .limit(limit);
}

export interface ReviewItem extends SubmissionRow {
  /** The surname as it stands now, to compare with the proposal side by side. */
  current: Pick<SurnameRow, 'name' | 'name_guj' | 'gotra' | EditableField | 'updatedAt'>;
}

/** Submissions in one status, oldest first, each with its surname's current values. */
export async function listForReview(
  db: Database,
  status: SubmissionRow['status'],
  cursor: string | undefined,
  limit: number,
): Promise<Page<ReviewItem>> {
  let after: SubmissionRow | undefined;
  if (cursor) {
    [after] = await db.select().from(surnameSubmission).where(eq(surnameSubmission.id, cursor));
  }
  const queue = waitingQueue(surnameSubmission, status, after);
  const rows = await db
    .select({ submission: surnameSubmission, current: surname })
    .from(surnameSubmission)
    .innerJoin(surname, eq(surname.id, surnameSubmission.surname))
    .where(queue.where)
    .orderBy(...queue.order)
    .limit(limit + 1);
  const documents = rows.map(({ submission, current }) => ({
    ...submission,
    current: {
      name: current.name,
      name_guj: current.name_guj,
      gotra: current.gotra,
      gam: current.gam,
      kuldevta: current.kuldevta,
      description: current.description,
      updatedAt: current.updatedAt,
    },
  }));
  return pageOf(documents, limit);
}

/** Submissions waiting for staff (the console's count). */
export const countWaiting = countWhere(surnameSubmission.status, 'pending');

/** The member's submissions: listed in their data export, deleted with their account (no files). */
export const memberSubmissions = memberRows(surnameSubmission, surnameSubmission.creator);

export class ReviewConflict extends Error {}

/**
 * Decides one pending submission. The status flip is guarded by `status = 'pending'` so two staff
 * members deciding at once cannot both win; the surname change and the decision's event
 * (`surname_submission.applied` / `.rejected`, audited) commit with it.
 */
export async function decideSubmission(
  app: FastifyInstance,
  input: {
    id: string;
    actor: string;
    decision: 'applied' | 'rejected';
    /** For apply: the values to publish (already merged with staff edits and sanitized). */
    values?: Partial<EditableValues>;
    note?: string | null;
  },
): Promise<{ submission: SubmissionRow; surname: SurnameRow } | null> {
  return app.events.transaction(async (tx) => {
    const [submission] = await tx
      .update(surnameSubmission)
      .set({
        status: input.decision,
        reviewedBy: input.actor,
        reviewedAt: new Date(),
        reviewNote: input.note ?? null,
      })
      .where(and(eq(surnameSubmission.id, input.id), eq(surnameSubmission.status, 'pending')))
      .returning();
    if (!submission) {
      const [exists] = await tx
        .select({ id: surnameSubmission.id })
        .from(surnameSubmission)
        .where(eq(surnameSubmission.id, input.id));
      if (exists) throw new ReviewConflict();
      return null;
    }
    const [before] = await tx.select().from(surname).where(eq(surname.id, submission.surname)).for('update');
    let after = before;
    const changes: Partial<EditableValues> = {};
    if (input.decision === 'applied') {
      for (const field of EDITABLE_FIELDS) {
        const value = input.values?.[field];
        if (value) changes[field] = value;
      }
      // Apply always marks the surname as updated, even when staff confirm the current values.
      [after] = await tx
        .update(surname)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(surname.id, submission.surname))
        .returning();
    }
    const event = input.decision === 'applied' ? 'surname_submission.applied' : 'surname_submission.rejected';
    await app.events.publish(tx, event, {
      submissionId: submission.id,
      surname: submission.surname,
      creator: submission.creator,
      audit: {
        actor: input.actor,
        action: input.decision === 'applied' ? 'surname_submission.apply' : 'surname_submission.reject',
        entity: 'surname',
        entityId: submission.surname,
        before: {
          submission: submission.id,
          status: 'pending',
          ...pick(before),
        },
        after: {
          submission: submission.id,
          status: input.decision,
          ...pick(after),
        },
        note: input.note ?? null,
      },
    });
    return { submission, surname: after };
  });
}

function pick(row: SurnameRow): EditableValues {
  return { gam: row.gam, kuldevta: row.kuldevta, description: row.description };
}
