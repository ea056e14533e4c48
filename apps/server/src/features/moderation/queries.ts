// What the staff console reads and decides. Every list is a keyset page on an index:
// the post queue on post_status_id_idx (status, id), the reports queue on the report table's
// (post, reporter) unique index, the audit log on its primary key (ids are time-ordered).
import type { AuditView, Page, PostDecision, QueuedPost, ReportEntry, ReportedPost } from '@samaj/core';
import {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  lt,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type AuthorFields, authorColumns, authorSummary } from '../../db/author.ts';
import type { Database, Executor } from '../../db/client.ts';
import { countWhere } from '../../db/count.ts';
import { pageOf } from '../../db/keyset.ts';
import { auditLog, file, type PostStatus, post, postReport, user } from '../../db/schema/index.ts';

/** Not in spec: how many items a page of a staff queue holds. */
export const STAFF_PAGE_SIZE = 20;
/** Not in spec: how many audit entries a page holds. */
export const AUDIT_PAGE_SIZE = 50;

/** Posts waiting for review (the console's count). */
export const countWaitingPosts = countWhere(post.status, 'requested');

/** Posts with at least one open report (the console's count). */
export async function countReportedPosts(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(postReport.post) })
    .from(postReport)
    .where(isNull(postReport.resolvedAt));
  return Number(row.n);
}

const postColumns = {
  id: post.id,
  creator: post.creator,
  description: post.description,
  file: post.file,
  fileWidth: file.width,
  fileHeight: file.height,
  status: post.status,
  rejectionReason: post.rejectionReason,
  createdAt: post.createdAt,
  ...authorColumns,
};

/** A queued post as read from the database (dates as Date, the author possibly gone). */
type PostRow = Omit<QueuedPost, 'createdAt' | 'user'> & AuthorFields & { creator: string; createdAt: Date };

function toQueuedPost(row: PostRow): QueuedPost {
  return {
    id: row.id,
    description: row.description,
    file: row.file,
    fileWidth: row.fileWidth,
    fileHeight: row.fileHeight,
    status: row.status,
    rejectionReason: row.rejectionReason,
    createdAt: row.createdAt.toISOString(),
    user: authorSummary(row.creator, row),
  };
}

/** Posts in one status, oldest first (the longest waiting is judged first). */
export async function postQueue(
  db: Database,
  status: PostStatus,
  cursor?: string,
): Promise<Page<QueuedPost>> {
  const rows = await db
    .select(postColumns)
    .from(post)
    .leftJoin(user, eq(user.id, post.creator))
    .leftJoin(file, eq(file.id, post.file))
    .where(and(eq(post.status, status), cursor ? gt(post.id, cursor) : undefined))
    .orderBy(asc(post.id))
    .limit(STAFF_PAGE_SIZE + 1);
  return pageOf(rows.map(toQueuedPost), STAFF_PAGE_SIZE);
}

export interface PostState {
  status: string;
  rejectionReason: string | null;
  openReports: number;
}

/**
 * The post's state (and author), locked until the transaction ends, so before/after in the audit
 * are exact.
 */
async function lockPost(tx: Executor, id: string): Promise<{ state: PostState; creator: string } | null> {
  const [row] = await tx
    .select({ status: post.status, rejectionReason: post.rejectionReason, creator: post.creator })
    .from(post)
    .where(eq(post.id, id))
    .for('update');
  if (!row) return null;
  const [open] = await tx
    .select({ n: count() })
    .from(postReport)
    .where(and(eq(postReport.post, id), isNull(postReport.resolvedAt)));
  const { creator, ...state } = row;
  return { state: { ...state, openReports: Number(open.n) }, creator };
}

async function resolveReports(tx: Executor, id: string, actor: string, resolution: string): Promise<number> {
  const resolved = await tx
    .update(postReport)
    .set({ resolvedAt: new Date(), resolvedBy: actor, resolution })
    .where(and(eq(postReport.post, id), isNull(postReport.resolvedAt)))
    .returning({ id: postReport.id });
  return resolved.length;
}

const DECISION_ACTIONS: Record<PostDecision, string> = {
  approved: 'post.approve',
  rejected: 'post.reject',
  unlisted: 'post.unlist',
};

/**
 * Sets a post's status and publishes the decision (`post.approved`, `post.rejected` or
 * `post.unlisted`, audited). The reason is kept only with a rejection (the author sees it under
 * 'Not Approved'); it goes to the audit note in every case. A post taken out of the feed has
 * nothing left for its open reports to ask for, so they are resolved with it.
 */
export async function decidePost(
  app: FastifyInstance,
  input: { id: string; actor: string; status: PostDecision; reason: string | null },
): Promise<PostState | null> {
  return app.events.transaction(async (tx) => {
    const locked = await lockPost(tx, input.id);
    if (!locked) return null;
    const { state: before, creator } = locked;
    const rejectionReason = input.status === 'rejected' ? input.reason : null;
    await tx.update(post).set({ status: input.status, rejectionReason }).where(eq(post.id, input.id));
    const resolved =
      input.status === 'approved' ? 0 : await resolveReports(tx, input.id, input.actor, input.status);
    const after: PostState = {
      status: input.status,
      rejectionReason,
      openReports: before.openReports - resolved,
    };
    const audit = {
      actor: input.actor,
      action: DECISION_ACTIONS[input.status],
      entity: 'post',
      entityId: input.id,
      before,
      after,
      note: input.reason,
    };
    const event = { postId: input.id, creator, audit };
    if (input.status === 'rejected') {
      await app.events.publish(tx, 'post.rejected', { ...event, reason: rejectionReason });
    } else {
      await app.events.publish(tx, input.status === 'approved' ? 'post.approved' : 'post.unlisted', event);
    }
    return after;
  });
}

const iso = (value: unknown): string =>
  value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();

/** Posts with open reports, newest post first, each with every open report. */
export async function reportsQueue(db: Database, cursor?: string): Promise<Page<ReportedPost>> {
  const groups = await db
    .select({
      id: postReport.post,
      reporterCount: count(),
      lastReportedAt: sql<Date>`max(${postReport.createdAt})`.mapWith(postReport.createdAt),
      reports: sql<ReportEntry[] | string>`json_agg(json_build_object(
        'reporter', ${postReport.reporter}, 'reason', ${postReport.reason}, 'createdAt', ${postReport.createdAt})
        order by ${postReport.id})`,
    })
    .from(postReport)
    .where(and(isNull(postReport.resolvedAt), cursor ? lt(postReport.post, cursor) : undefined))
    .groupBy(postReport.post)
    .orderBy(desc(postReport.post))
    .limit(STAFF_PAGE_SIZE + 1);
  const ids = groups.map((g) => g.id);
  const posts = ids.length
    ? await db
        .select(postColumns)
        .from(post)
        .leftJoin(user, eq(user.id, post.creator))
        .leftJoin(file, eq(file.id, post.file))
        .where(inArray(post.id, ids))
    : [];
  const byId = new Map(posts.map((row) => [row.id, toQueuedPost(row)]));
  const documents = groups.map((g) => {
    const reports = (typeof g.reports === 'string' ? JSON.parse(g.reports) : g.reports) as ReportEntry[];
    return {
      id: g.id,
      post: byId.get(g.id) ?? null,
      reporterCount: Number(g.reporterCount),
      lastReportedAt: iso(g.lastReportedAt),
      reports: reports.map((r) => ({ reporter: r.reporter, reason: r.reason, createdAt: iso(r.createdAt) })),
    };
  });
  return pageOf(documents, STAFF_PAGE_SIZE);
}

export class NothingToResolve extends Error {}

/**
 * Closes every open report of a post: 'dismissed' leaves the post as it is, 'unlisted' also takes
 * it out of the feed. Null when the post does not exist; NothingToResolve when no report is open.
 */
export async function resolvePostReports(
  app: FastifyInstance,
  input: { id: string; actor: string; outcome: 'dismissed' | 'unlisted' },
): Promise<PostState | null> {
  return app.events.transaction(async (tx) => {
    const locked = await lockPost(tx, input.id);
    if (!locked) return null;
    const { state: before, creator } = locked;
    if (before.openReports === 0) throw new NothingToResolve();
    if (input.outcome === 'unlisted') {
      await tx.update(post).set({ status: 'unlisted' }).where(eq(post.id, input.id));
    }
    await resolveReports(tx, input.id, input.actor, input.outcome);
    const after: PostState = {
      status: input.outcome === 'unlisted' ? 'unlisted' : before.status,
      rejectionReason: before.rejectionReason,
      openReports: 0,
    };
    const audit = {
      actor: input.actor,
      action: input.outcome === 'unlisted' ? 'post.unlist' : 'post.dismiss_reports',
      entity: 'post',
      entityId: input.id,
      before,
      after,
      note: `${before.openReports} report(s) ${input.outcome}`,
    };
    if (input.outcome === 'unlisted') {
      await app.events.publish(tx, 'post.unlisted', { postId: input.id, creator, audit });
    } else {
      await app.events.publish(tx, 'post.reports_dismissed', { postId: input.id, audit });
    }
    return after;
  });
}

export interface AuditFilter {
  actor?: string;
  entity?: string;
  action?: string;
  /** Only entries about this thing (e.g. one post). */
  entityId?: string;
  cursor?: string;
}

/** The audit log, newest first; keyset on the time-ordered id. */
export async function auditPage(db: Database, filter: AuditFilter): Promise<Page<AuditView>> {
  const conditions: (SQL | undefined)[] = [
    filter.actor ? eq(auditLog.actor, filter.actor) : undefined,
    filter.entity ? eq(auditLog.entity, filter.entity) : undefined,
    filter.entityId ? eq(auditLog.entityId, filter.entityId) : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.cursor ? lt(auditLog.id, filter.cursor) : undefined,
  ];
  const rows = await db
    .select({
      id: auditLog.id,
      actor: auditLog.actor,
      actorName: user.name,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
      note: auditLog.note,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(user, eq(user.id, auditLog.actor))
    .where(and(...conditions))
    .orderBy(desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1);
  return pageOf(
    rows.map((row) => ({ ...row, actorName: row.actorName ?? null, createdAt: row.createdAt.toISOString() })),
    AUDIT_PAGE_SIZE,
  );
}
