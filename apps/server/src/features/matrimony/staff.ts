// The staff side (docs/product/matrimony.md, "Verification"): profiles by status, oldest first, with the
// phone number to call; approve (→ active), ban with a reason, unban; the queue of members' reports. Every
// decision is a domain event carrying `audit`, written to the audit log in the deciding transaction.
import {
  MATRIMONY_STAFF_PAGE_SIZE,
  type MatrimonyStatus,
  type Page,
  type StaffProfile,
  type StaffReport,
} from '@samaj/core';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { authorColumns, authorSummary } from '../../db/author.ts';
import type { Executor } from '../../db/client.ts';
import { afterOldestFirst, pageOf } from '../../db/keyset.ts';
import { matrimonyProfile, matrimonyReport, surname, user } from '../../db/schema/index.ts';
import { lockedProfile } from './profile.ts';
import { staffProfileView } from './view.ts';
import { gamColumn, gotraColumn } from './visibility.ts';

export class AlreadyDecided extends Error {}

const openReportsColumn = sql<number>`(select count(*) from ${matrimonyReport} where ${matrimonyReport.profile} = ${matrimonyProfile.id} and ${matrimonyReport.status} = 'open')`;

/** Staff views of the given profiles, in the given order. */
async function staffViews(db: Executor, ids: string[]): Promise<Map<string, StaffProfile>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      row: matrimonyProfile,
      gotra: gotraColumn,
      gam: gamColumn,
      openReports: openReportsColumn,
      ...authorColumns,
    })
    .from(matrimonyProfile)
    .leftJoin(user, eq(user.id, matrimonyProfile.id))
    .leftJoin(surname, eq(surname.id, user.surname))
    .where(inArray(matrimonyProfile.id, ids));
  return new Map(
    rows.map(({ row, gotra, gam, openReports, ...author }) => [
      row.id,
      staffProfileView(row, {
        gotra,
        gam,
        user: authorSummary(row.id, author),
        openReports: Number(openReports),
      }),
    ]),
  );
}

export async function staffProfile(db: Executor, id: string): Promise<StaffProfile | null> {
  return (await staffViews(db, [id])).get(id) ?? null;
}

/** Profiles in one status, oldest first (the verification queue is `requested`). */
export async function listProfiles(
  db: Executor,
  status: MatrimonyStatus,
  cursor?: string,
): Promise<Page<StaffProfile>> {
  const [after] = cursor
    ? await db
        .select({ createdAt: matrimonyProfile.createdAt, id: matrimonyProfile.id })
        .from(matrimonyProfile)
        .where(eq(matrimonyProfile.id, cursor))
    : [];
  const rows = await db
    .select({ id: matrimonyProfile.id })
    .from(matrimonyProfile)
    .where(
      and(
        eq(matrimonyProfile.status, status),
        afterOldestFirst(matrimonyProfile.createdAt, matrimonyProfile.id, after),
      ),
    )
    .orderBy(asc(matrimonyProfile.createdAt), asc(matrimonyProfile.id))
    .limit(MATRIMONY_STAFF_PAGE_SIZE + 1);
  const views = await staffViews(
    db,
    rows.map((r) => r.id),
  );
  return pageOf(
    rows.flatMap((r) => views.get(r.id) ?? []),
    MATRIMONY_STAFF_PAGE_SIZE,
  );
}

export type StaffDecision = 'approve' | 'ban' | 'unban';

/**
 * Applies a staff decision. approve: requested → active. ban: any but banned → banned, with the
 * reason the member sees; the profile's open reports are marked actioned. unban: banned → active
 * when staff had verified it before, else back to requested. Null when there is no such profile.
 */
export async function decide(
  app: FastifyInstance,
  input: { id: string; actor: string; decision: StaffDecision; reason?: string },
): Promise<StaffProfile | null> {
  const done = await app.events.transaction(async (tx) => {
    const before = await lockedProfile(tx, input.id);
    if (!before) return false;
    const allowed =
      input.decision === 'approve'
        ? before.status === 'requested'
        : input.decision === 'ban'
          ? before.status !== 'banned'
          : before.status === 'banned';
    if (!allowed) throw new AlreadyDecided();
    const status: MatrimonyStatus =
      input.decision === 'approve'
        ? 'active'
        : input.decision === 'ban'
          ? 'banned'
          : before.verifiedAt
            ? 'active'
            : 'requested';
    const now = new Date();
    await tx
      .update(matrimonyProfile)
      .set({
        status,
        banReason: input.decision === 'ban' ? (input.reason ?? null) : null,
        verifiedAt: input.decision === 'approve' ? (before.verifiedAt ?? now) : before.verifiedAt,
      })
      .where(eq(matrimonyProfile.id, input.id));
    if (input.decision === 'ban') {
      await tx
        .update(matrimonyReport)
        .set({ status: 'actioned', decidedBy: input.actor, decidedAt: now })
        .where(and(eq(matrimonyReport.profile, input.id), eq(matrimonyReport.status, 'open')));
    }
    await app.events.publish(tx, 'matrimony_profile.decided', {
      profileId: input.id,
      status,
      audit: {
        actor: input.actor,
        action: `matrimony_profile.${input.decision}`,
        entity: 'matrimony_profile',
        entityId: input.id,
        before: { status: before.status },
        after: { status },
        note: input.reason ?? null,
      },
    });
    return true;
  });
  return done ? staffProfile(app.db, input.id) : null;
}

async function reportViews(
  db: Executor,
  where: ReturnType<typeof and>,
  after?: { createdAt: Date; id: string },
) {
  const rows = await db
    .select({ report: matrimonyReport, ...authorColumns })
    .from(matrimonyReport)
    .leftJoin(user, eq(user.id, matrimonyReport.reporter))
    .where(and(where, afterOldestFirst(matrimonyReport.createdAt, matrimonyReport.id, after)))
    .orderBy(asc(matrimonyReport.createdAt), asc(matrimonyReport.id))
    .limit(MATRIMONY_STAFF_PAGE_SIZE + 1);
  const profiles = await staffViews(db, [...new Set(rows.map((r) => r.report.profile))]);
  return rows.map(
    ({ report, ...author }): StaffReport => ({
      id: report.id,
      reason: report.reason,
      status: report.status,
      createdAt: report.createdAt.toISOString(),
      reporter: authorSummary(report.reporter, author),
      profile: profiles.get(report.profile) ?? null,
    }),
  );
}

/** Open reports, oldest first. */
export async function listReports(db: Executor, cursor?: string): Promise<Page<StaffReport>> {
  const [after] = cursor
    ? await db
        .select({ createdAt: matrimonyReport.createdAt, id: matrimonyReport.id })
        .from(matrimonyReport)
        .where(eq(matrimonyReport.id, cursor))
    : [];
  return pageOf(await reportViews(db, eq(matrimonyReport.status, 'open'), after), MATRIMONY_STAFF_PAGE_SIZE);
}

/** Dismisses an open report (`matrimony_report.dismissed`, audited). Null when there is none. */
export async function dismissReport(
  app: FastifyInstance,
  id: string,
  actor: string,
): Promise<StaffReport | null> {
  const done = await app.events.transaction(async (tx) => {
    const [before] = await tx.select().from(matrimonyReport).where(eq(matrimonyReport.id, id)).for('update');
    if (!before) return false;
    if (before.status !== 'open') throw new AlreadyDecided();
    await tx
      .update(matrimonyReport)
      .set({ status: 'dismissed', decidedBy: actor, decidedAt: new Date() })
      .where(eq(matrimonyReport.id, id));
    await app.events.publish(tx, 'matrimony_report.dismissed', {
      reportId: id,
      profileId: before.profile,
      audit: {
        actor,
        action: 'matrimony_report.dismiss',
        entity: 'matrimony_report',
        entityId: id,
        before: { status: 'open' },
        after: { status: 'dismissed' },
      },
    });
    return true;
  });
  if (!done) return null;
  const [view] = await reportViews(app.db, eq(matrimonyReport.id, id));
  return view ?? null;
}

export const countRequested = (db: Executor) =>
  db.$count(matrimonyProfile, eq(matrimonyProfile.status, 'requested'));

export const countOpenReports = (db: Executor) =>
  db.$count(matrimonyReport, eq(matrimonyReport.status, 'open'));
