import { and, eq, gt, or, type SQL } from 'drizzle-orm';
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
