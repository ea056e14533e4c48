// Whom a member may still see by name in a matrimony item of their bell (docs/product/inbox.md, "What
// an item shows"): exactly whom matrimony itself shows them now (visibility.ts), so a listing hidden,
// a block or a marriage since the item was written leaves the item nameless.
import { and, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { matrimonyProfile } from '../../db/schema/index.ts';
import { activeViewer, visibleTo } from './visibility.ts';

export async function matrimonyInboxPeople(
  db: Executor,
  reader: string,
  members: string[],
): Promise<Set<string>> {
  if (members.length === 0) return new Set();
  const viewer = await activeViewer(db, reader);
  if (!viewer) return new Set();
  const rows = await db
    .select({ id: matrimonyProfile.id })
    .from(matrimonyProfile)
    .where(and(inArray(matrimonyProfile.id, members), visibleTo(viewer)));
  return new Set(rows.map((row) => row.id));
}
