import { and, asc, desc, eq, gt, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * Oldest-first keyset paging on (created_at, id): the rows after `after` in that order, or no
 * condition on the first page. The id breaks ties between rows created in the same instant.
 */
export function afterOldestFirst(
  createdAt: PgColumn,
  id: PgColumn,
  after: { createdAt: Date; id: string } | null | undefined,
): SQL | undefined {
  if (!after) return undefined;
  return or(gt(createdAt, after.createdAt), and(eq(createdAt, after.createdAt), gt(id, after.id)));
}

/**
 * A staff queue read oldest first: the rows in `status` after `after`, and the order that pages
 * them (pass the table; it needs status, created_at and id columns).
 */
export function waitingQueue(
  table: { status: PgColumn; createdAt: PgColumn; id: PgColumn },
  status: string,
  after: { createdAt: Date; id: string } | null | undefined,
) {
  return {
    where: and(eq(table.status, status), afterOldestFirst(table.createdAt, table.id, after)),
    order: [asc(table.createdAt), asc(table.id)],
  };
}

/**
 * Newest-first keyset paging on (created_at, id), the mirror of waitingQueue: the condition for the
 * rows older than `after` (none on the first page) and the order that pages them.
 */
export function newestFirst(
  createdAt: PgColumn,
  id: PgColumn,
  after: { createdAt: Date; id: string } | null | undefined,
) {
  return {
    where: after
      ? sql`(${createdAt}, ${id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})`
      : undefined,
    order: [desc(createdAt), desc(id)],
  };
}

/**
 * One page from a query that asked for `size + 1` rows: the first `size`, and the cursor (the last
 * id shown) only when the extra row proved there is more.
 */
export function pageOf<T extends { id: string }>(
  rows: T[],
  size: number,
): { documents: T[]; nextCursor: string | null } {
  const documents = rows.slice(0, size);
  return { documents, nextCursor: rows.length > size ? documents[documents.length - 1].id : null };
}
