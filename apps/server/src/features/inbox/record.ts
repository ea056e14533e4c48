// The one writer of the bell's list (docs/product/inbox.md, "What goes in"). Called inside the
// transaction that made the change, so an item exists exactly when the change does; what it says
// is decided when it is read (read.ts), so only ids are written here.
//
// Grouping: while a member has an unread item about one thing (likes on one post), more of the same
// join it — newest actor first, the item moving up — instead of adding items. After it is read a new
// one is made, except within INBOX_GROUP_SECONDS of the last: then that one is opened again. So a
// member gets at most one new item per kind and thing a minute, however fast others act.
import { INBOX_GROUP_SECONDS, type InboxKind, uniqueId } from '@samaj/core';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/** Actors kept per item: enough to count a busy post's likes; the list shows a few. */
export const INBOX_ACTORS_KEPT = 100;

export interface Entry {
  member: string;
  kind: InboxKind;
  /** The thing it is about ('' for none). */
  subject: string;
  actor?: string | null;
  approved?: boolean | null;
}

export const groupKeyOf = (kind: InboxKind, subject: string) => `${kind}:${subject}`;

/** `actors` with `actor` put first (once), cut to INBOX_ACTORS_KEPT. */
const withActor = (actors: ReturnType<typeof sql>, actor: string | null) =>
  actor === null
    ? actors
    : sql`(array[${actor}::text] || array_remove(${actors}, ${actor}::text))[1:${sql.raw(String(INBOX_ACTORS_KEPT))}]`;

/** Adds `entry` to its member's list (or joins it to the item it groups with). */
export async function record(tx: Executor, entry: Entry): Promise<void> {
  if (entry.actor && entry.actor === entry.member) return; // Nobody is told of what they did themselves.
  const group = groupKeyOf(entry.kind, entry.subject);
  const actor = entry.actor ?? null;
  const approved = entry.approved ?? null;
  const within = sql`now() - make_interval(secs => ${INBOX_GROUP_SECONDS})`;
  await tx.execute(sql`
    with wanted as (
      select 1 where not exists (
        select 1 from inbox_setting where user_id = ${entry.member} and ${entry.kind}::text = any(disabled))
    ), reopened as (
      update inbox_item set read_at = null, last_at = now(), approved = ${approved}::boolean,
        actors = ${withActor(sql`inbox_item.actors`, actor)}
      where id = (
        select id from inbox_item where member = ${entry.member} and group_key = ${group}
        order by last_at desc limit 1)
        and read_at is not null and last_at > ${within}
        and exists (select 1 from wanted)
        and not exists (select 1 from inbox_item where member = ${entry.member} and group_key = ${group} and read_at is null)
      returning id
    )
    insert into inbox_item (id, member, kind, subject, group_key, actors, approved)
    select ${uniqueId()}, ${entry.member}, ${entry.kind}, ${entry.subject}, ${group},
      ${actor === null ? sql`'{}'::text[]` : sql`array[${actor}::text]`}, ${approved}::boolean
    where exists (select 1 from wanted) and not exists (select 1 from reopened)
    on conflict (member, group_key) where read_at is null do update set
      last_at = now(), approved = excluded.approved,
      actors = ${withActor(sql`inbox_item.actors`, actor)}`);
}

/**
 * One kind and thing to every member `who` picks (a condition on `u`, the user row) who is not blocked
 * and keeps the kind in their list: one statement, however many members (an event going live, the
 * commenters of a thread). An unread item of the group is joined (it moves up); a member who read one
 * changed within `withinSeconds` gets nothing new. Returns the members whose list changed.
 */
export async function recordForMembers(
  tx: Executor,
  entry: { kind: InboxKind; subject: string; actor?: string | null },
  who: SQL,
  withinSeconds = INBOX_GROUP_SECONDS,
): Promise<string[]> {
  const { kind, subject } = entry;
  const actor = entry.actor ?? null;
  const group = groupKeyOf(kind, subject);
  // Ids as the app makes them: this moment's prefix and a number per row after a random start.
  const first = uniqueId();
  const start = Number.parseInt(first.slice(13), 16) % 0x8000000;
  const result = await tx.execute(sql`
    insert into inbox_item (id, member, kind, subject, group_key, actors)
    select ${first.slice(0, 13)} || lpad(to_hex(${start}::int + (row_number() over ())::int), 7, '0'),
      u.id, ${kind}, ${subject}, ${group},
      ${actor === null ? sql`'{}'::text[]` : sql`array[${actor}::text]`}
    from "user" u
    where ${who} and u.banned is not true
      ${actor === null ? sql`` : sql`and u.id <> ${actor}`}
      and not exists (select 1 from inbox_setting s where s.user_id = u.id and ${kind}::text = any(s.disabled))
      and not exists (
        select 1 from inbox_item i
        where i.member = u.id and i.group_key = ${group} and i.read_at is not null
          and i.last_at > now() - make_interval(secs => ${withinSeconds}))
    on conflict (member, group_key) where read_at is null do update set
      last_at = now(), actors = ${withActor(sql`inbox_item.actors`, actor)}
    returning member`);
  return (result as unknown as { rows: { member: string }[] }).rows.map((row) => row.member);
}
