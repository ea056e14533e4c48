// Push targets and per-kind settings (docs/product/notifications.md, "Subscribing a device"). A subscription is
// keyed by its endpoint: the same browser subscribing again (new keys, another language, another
// member signed in on it) updates the one row and keeps its token. Another member takes a
// subscription over only by sending its keys as stored: the auth secret is 16 random bytes that only
// the browser (and this server) hold, so it proves the request comes from that browser (a shared
// family phone), where the endpoint alone (which push services, logs and proxies see) does not.
import {
  MESSAGING_TOPIC,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationLanguage,
  type NotificationSettingsInput,
  type PushSubscribeInput,
} from '@samaj/core';
import { and, asc, eq, getTableColumns, gt, isNull, lt, not, or, type SQL, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { notificationSetting, pushOnce, pushSubscription, user } from '../../db/schema/index.ts';

export type SubscriptionRow = typeof pushSubscription.$inferSelect;

/** A push target as the sender needs it. */
export interface Target {
  id: string;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  language: NotificationLanguage;
}

const targetColumns = {
  id: pushSubscription.id,
  userId: pushSubscription.userId,
  endpoint: pushSubscription.endpoint,
  p256dh: pushSubscription.p256dh,
  auth: pushSubscription.auth,
  language: sql<NotificationLanguage>`${pushSubscription.language}`,
};

/**
 * Stores the browser's subscription for `member` in topic 'everyone'; `created` false when it
 * existed. Null when the endpoint is another member's and the keys are not the ones stored with it.
 */
export async function subscribe(
  db: Executor,
  member: string,
  input: PushSubscribeInput & { language: NotificationLanguage },
): Promise<{ row: SubscriptionRow; created: boolean } | null> {
  const values = {
    userId: member,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    language: input.language,
  };
  const [result] = await db
    .insert(pushSubscription)
    .values({ ...values, topics: [MESSAGING_TOPIC] })
    .onConflictDoUpdate({
      target: pushSubscription.endpoint,
      set: {
        ...values,
        // Subscribing again joins 'everyone' again; other topics stay.
        topics: sql`array_append(array_remove(${pushSubscription.topics}, ${MESSAGING_TOPIC}), ${MESSAGING_TOPIC})`,
        updatedAt: new Date(),
      },
      // Decided on the row as stored, in the same statement: no window between a check and the update.
      setWhere: or(
        eq(pushSubscription.userId, member),
        and(eq(pushSubscription.p256dh, input.keys.p256dh), eq(pushSubscription.auth, input.keys.auth)),
      ),
    })
    // xmax is 0 only on a row this statement inserted (PostgreSQL and PGlite alike).
    .returning({ ...getTableColumns(pushSubscription), created: sql<boolean>`(xmax = 0)` });
  if (!result) return null;
  const { created, ...row } = result;
  return { row, created: Boolean(created) };
}

/**
 * Claims the push `key` for `job`: true when nothing was sent under it in the last `seconds` (or
 * this job claimed it and is being retried). One statement, so of two processes sending at once
 * exactly one wins, and the claim outlives restarts.
 */
export async function claimOnce(db: Executor, key: string, job: string, seconds: number): Promise<boolean> {
  const claimed = await db
    .insert(pushOnce)
    .values({ key, job, sentAt: sql`now()` })
    .onConflictDoUpdate({
      target: pushOnce.key,
      set: { job, sentAt: sql`now()` },
      setWhere: or(
        lt(pushOnce.sentAt, sql`now() - make_interval(secs => ${seconds})`),
        eq(pushOnce.job, job),
      ),
    })
    .returning({ key: pushOnce.key });
  return claimed.length > 0;
}

/** Removes one of the member's subscriptions; false when they have none with this token. */
export async function unsubscribe(db: Executor, member: string, token: string): Promise<boolean> {
  const gone = await db
    .delete(pushSubscription)
    .where(and(eq(pushSubscription.id, token), eq(pushSubscription.userId, member)))
    .returning({ id: pushSubscription.id });
  return gone.length > 0;
}

/** The push service said this subscription is gone for good (404/410). */
export async function forgetSubscription(db: Executor, id: string): Promise<void> {
  await db.delete(pushSubscription).where(eq(pushSubscription.id, id));
}

async function disabledKinds(db: Executor, member: string): Promise<NotificationKind[]> {
  const [row] = await db
    .select({ disabled: notificationSetting.disabled })
    .from(notificationSetting)
    .where(eq(notificationSetting.userId, member))
    .limit(1);
  return (row?.disabled ?? []) as NotificationKind[];
}

/** Every kind, true = wanted. */
export async function settingsOf(db: Executor, member: string): Promise<Record<NotificationKind, boolean>> {
  const disabled = new Set(await disabledKinds(db, member));
  return Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, !disabled.has(kind)])) as Record<
    NotificationKind,
    boolean
  >;
}

export async function updateSettings(
  tx: Transaction,
  member: string,
  changes: NotificationSettingsInput,
): Promise<Record<NotificationKind, boolean>> {
  const current = await settingsOf(tx, member);
  const next = { ...current, ...changes };
  const disabled = NOTIFICATION_KINDS.filter((kind) => !next[kind]);
  await tx
    .insert(notificationSetting)
    .values({ userId: member, disabled })
    .onConflictDoUpdate({ target: notificationSetting.userId, set: { disabled, updatedAt: new Date() } });
  return next;
}

/** Members who may be told: not blocked, and not switched this kind off. */
function wants(kind: NotificationKind) {
  return and(
    or(isNull(notificationSetting.disabled), not(sql`${kind} = ANY(${notificationSetting.disabled})`)),
    or(isNull(user.banned), eq(user.banned, false)),
  );
}

/** Devices with their member and settings, narrowed by `where` to those that want `kind`. */
function targets(db: Executor, kind: NotificationKind, ...where: Array<SQL | undefined>) {
  return db
    .select(targetColumns)
    .from(pushSubscription)
    .innerJoin(user, eq(user.id, pushSubscription.userId))
    .leftJoin(notificationSetting, eq(notificationSetting.userId, pushSubscription.userId))
    .where(and(...where, wants(kind)));
}

/** The member's devices, or none when they switched `kind` off or are blocked. */
export function targetsOfMember(db: Executor, member: string, kind: NotificationKind): Promise<Target[]> {
  return targets(db, kind, eq(pushSubscription.userId, member));
}

/** One batch of a topic's subscribers who want `kind`, after `afterId` in id order (keyset). */
export function targetsOfTopic(
  db: Executor,
  topic: string,
  kind: NotificationKind,
  afterId: string | null,
  limit: number,
): Promise<Target[]> {
  return targets(
    db,
    kind,
    sql`${topic} = ANY(${pushSubscription.topics})`,
    afterId === null ? undefined : gt(pushSubscription.id, afterId),
  )
    .orderBy(asc(pushSubscription.id))
    .limit(limit);
}

export function targetById(db: Executor, id: string, kind: NotificationKind): Promise<Target[]> {
  return targets(db, kind, eq(pushSubscription.id, id));
}

/** The member's devices in the export: when each subscribed (endpoint and keys are the browser's secrets). */
export function exportSubscriptions(db: Executor, member: string) {
  return db
    .select({
      id: pushSubscription.id,
      language: pushSubscription.language,
      topics: pushSubscription.topics,
      createdAt: pushSubscription.createdAt,
    })
    .from(pushSubscription)
    .where(eq(pushSubscription.userId, member));
}

export async function eraseSubscriptions(tx: Transaction, member: string): Promise<string[]> {
  await tx.delete(pushSubscription).where(eq(pushSubscription.userId, member));
  return [];
}

export async function eraseSettings(tx: Transaction, member: string): Promise<string[]> {
  await tx.delete(notificationSetting).where(eq(notificationSetting.userId, member));
  return [];
}
