// The member's list, its unread count, marking read, the "in the app" settings and the member's part
// of export and deletion (docs/product/inbox.md).
import {
  decodeCursor,
  INBOX_KEEP_DAYS,
  INBOX_KINDS,
  INBOX_PAGE_SIZE,
  type InboxItemView,
  type InboxKind,
  type InboxSettingsInput,
  type Page,
} from '@samaj/core';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor, Transaction } from '../../db/client.ts';
import { keysetPage } from '../../db/keyset.ts';
import { executePrepared } from '../../db/prepared.ts';
import { inboxItem, inboxSetting } from '../../db/schema/index.ts';
import type { SessionUser } from '../../platform/auth/index.ts';
import { type ItemRow, itemViews, pageStatement } from './read.ts';

/** Newest first (by when each item last happened), keyset-paged with an opaque cursor. */
export async function inboxPage(
  app: FastifyInstance,
  reader: SessionUser,
  cursor: string | undefined,
): Promise<Page<InboxItemView>> {
  const size = INBOX_PAGE_SIZE;
  const position = cursor ? decodeCursor(cursor) : null;
  const after = position ? sql`(i.last_at, i.id) < (${position.at}::timestamptz, ${position.id})` : undefined;
  const result = await executePrepared(app.db, 'inbox', pageStatement(reader.id, after, size + 1));
  const rows = (result as { rows: ItemRow[] }).rows;
  return keysetPage(rows, size, await itemViews(app, reader, rows.slice(0, size)));
}

export async function unreadCount(db: Executor, member: string): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(inboxItem)
    .where(and(eq(inboxItem.member, member), isNull(inboxItem.readAt)));
  return row?.unread ?? 0;
}

/** Marks one of the member's items read; false when they have no item with this id. */
export async function markRead(db: Executor, member: string, id: string): Promise<boolean> {
  const [row] = await db
    .update(inboxItem)
    // Already read stays read at its first time.
    .set({ readAt: sql`coalesce(${inboxItem.readAt}, now())` })
    .where(and(eq(inboxItem.id, id), eq(inboxItem.member, member)))
    .returning({ id: inboxItem.id });
  return !!row;
}

/** Marks every unread item of the member read; the number marked. */
export async function markAllRead(db: Executor, member: string): Promise<number> {
  const rows = await db
    .update(inboxItem)
    .set({ readAt: sql`now()` })
    .where(and(eq(inboxItem.member, member), isNull(inboxItem.readAt)))
    .returning({ id: inboxItem.id });
  return rows.length;
}

/** Every kind, true = kept in the list. */
export async function inboxSettingsOf(db: Executor, member: string): Promise<Record<InboxKind, boolean>> {
  const [row] = await db
    .select({ disabled: inboxSetting.disabled })
    .from(inboxSetting)
    .where(eq(inboxSetting.userId, member))
    .limit(1);
  const disabled = new Set(row?.disabled ?? []);
  return Object.fromEntries(INBOX_KINDS.map((kind) => [kind, !disabled.has(kind)])) as Record<
    InboxKind,
    boolean
  >;
}

export async function updateInboxSettings(
  tx: Transaction,
  member: string,
  changes: InboxSettingsInput,
): Promise<Record<InboxKind, boolean>> {
  const next = { ...(await inboxSettingsOf(tx, member)), ...changes };
  const disabled = INBOX_KINDS.filter((kind) => !next[kind]);
  await tx
    .insert(inboxSetting)
    .values({ userId: member, disabled })
    .onConflictDoUpdate({ target: inboxSetting.userId, set: { disabled } });
  return next;
}

/** Rows deleted per statement by the 90-day sweep: short statements, never one long lock. */
export const PRUNE_BATCH = 5000;

/** Deletes items that last happened more than INBOX_KEEP_DAYS ago; the number deleted. */
export async function pruneOld(db: Executor): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await db.execute(sql`
      delete from inbox_item where id in (
        select id from inbox_item
        where last_at < now() - make_interval(days => ${INBOX_KEEP_DAYS})
        limit ${sql.raw(String(PRUNE_BATCH))})`);
    const deleted = result as unknown as { rowCount?: number; affectedRows?: number };
    const n = deleted.rowCount ?? deleted.affectedRows ?? 0;
    total += n;
    if (n < PRUNE_BATCH) return total;
  }
}

/**
 * The member's items in their export: what each was about and when. Who did it is left out (another
 * member's id), and so is the member a matrimony item is about.
 */
export function exportItems(db: Executor, member: string) {
  return db
    .select({
      kind: inboxItem.kind,
      subject: sql<
        string | null
      >`case when ${inboxItem.kind} like 'matrimony%' then null else ${inboxItem.subject} end`,
      approved: inboxItem.approved,
      readAt: inboxItem.readAt,
      createdAt: inboxItem.createdAt,
      lastAt: inboxItem.lastAt,
    })
    .from(inboxItem)
    .where(eq(inboxItem.member, member))
    .orderBy(inboxItem.lastAt);
}

/**
 * The member's items and settings go; so does their name in others' items (as who liked, who asked):
 * a deleted account leaves no id behind in anyone's list.
 */
export async function eraseItems(tx: Transaction, member: string): Promise<string[]> {
  await tx.delete(inboxItem).where(eq(inboxItem.member, member));
  await tx.delete(inboxSetting).where(eq(inboxSetting.userId, member));
  await tx.execute(sql`
    delete from inbox_item where subject = ${member} and kind like 'matrimony%'`);
  await tx.execute(sql`
    update inbox_item set actors = array_remove(actors, ${member}::text) where ${member}::text = any(actors)`);
  return [];
}
