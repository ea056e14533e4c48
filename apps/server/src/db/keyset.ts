import { decodeCursor, encodeCursor, type Page } from '@samaj/core';
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
  after: { createdAt: Date | string; id: string } | null | undefined,
) {
  const at = (t: Date | string) => (typeof t === 'string' ? t : t.toISOString());
  return {
    where: after
      ? sql`(${createdAt}, ${id}) < (${at(after.createdAt)}::timestamptz, ${after.id})`
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

/**
 * A moment column as text to the microsecond, in UTC: what a cursor carries (core `cursor.ts`). A
 * JavaScript Date keeps milliseconds only, so a position read back through one would skip the rows
 * created later in the same millisecond.
 */
export const exactTime = (column: PgColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Newest-first paging from a cursor the server made (`keysetPage`): the rows after the position it
 * carries. Nothing is looked up with it, so it says nothing about rows the query itself leaves out.
 */
export function newestFirstFrom(createdAt: PgColumn, id: PgColumn, cursor: string | undefined) {
  const position = cursor ? decodeCursor(cursor) : null;
  return newestFirst(createdAt, id, position && { createdAt: position.at, id: position.id });
}

/**
 * One page from `size + 1` rows that carry their sort time (`exactTime`) as `at` and whose views'
 * ids are the rows' keyset ids: the first `size` views, and an opaque cursor for the next page only
 * when the extra row proved there is more.
 */
export function keysetPage<R extends { at: string }, T extends { id: string }>(
  rows: R[],
  size: number,
  view: (row: R) => T,
): Page<T> {
  const documents = rows.slice(0, size).map(view);
  const last = rows.length > size ? rows[size - 1] : undefined;
  return {
    documents,
    nextCursor: last ? encodeCursor({ at: last.at, id: documents[size - 1].id }) : null,
  };
}
