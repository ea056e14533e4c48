// What an item says to its reader (docs/product/inbox.md, "What an item shows"), decided when it is
// read from the ids it keeps: a post deleted, an event deleted, a member blocked or a matrimony
// listing hidden since it was written leaves the item in the list saying less — never more than the
// reader may see now. A page is one statement (planned once: db/prepared.ts) that reads what each
// item is about beside it; only matrimony's people (their feature's rule) and staff counts are asked
// after, and only when the page has such items.
import {
  hasLabel,
  INBOX_NAMES_SHOWN,
  type InboxItemView,
  type InboxKind,
  type InboxSubject,
  PUBLIC_POST_STATUS,
  truncateGraphemes,
  type UserSummary,
} from '@samaj/core';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type AuthorFields, authorSummary } from '../../db/author.ts';
import type { SessionUser } from '../../platform/auth/index.ts';

/** One item as the page's statement reads it. */
export interface ItemRow {
  id: string;
  kind: string;
  subject: string;
  approved: boolean | null;
  read: boolean;
  /** When it last happened, to the microsecond (the cursor's). */
  at: string;
  post_text: string | null;
  event_name: string | null;
  surname_name: string | null;
  surname_name_gu: string | null;
  /** The actors the reader may see as far as SQL can tell, newest first (matrimony's are checked after). */
  actors: Array<AuthorFields & { id: string }> | null;
}

/** A few words of a post, enough to recognise it. */
const POST_WORDS = 60;

/** The console's path of each staff queue (the registry's waiting-count names). */
const QUEUE_PATHS: Record<string, string> = {
  posts: '/admin/posts',
  reports: '/admin/reports',
  publisherRequests: '/admin/publishers',
  surnameSubmissions: '/admin/surnames',
  matrimonyProfiles: '/admin/matrimony',
  matrimonyReports: '/admin/matrimony-reports',
};

const MATRIMONY_TAB: Partial<Record<InboxKind, string>> = {
  matrimony_match: 'matches',
  matrimony_request_received: 'requests',
  matrimony_request_accepted: 'matches',
  matrimony_request_declined: 'matches',
};

/**
 * The page's items with what each is about: the reader's own post (its first words and status), or a
 * public one of someone else's for a reply in its thread, the
 * event's or surname's name, and the actors still shown — not blocked, and on a post only while it
 * is public and their like or comment is still there; on a matrimony item all (checked after).
 */
export function pageStatement(member: string, after: SQL | undefined, limit: number): SQL {
  return sql`
    select i.id, i.kind, i.subject, i.approved, i.read_at is not null as read,
      to_char(i.last_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at,
      left(p.description, 400) as post_text, p.status as post_status,
      e.name as event_name, s.name as surname_name, s.name_guj as surname_name_gu,
      (select json_agg(json_build_object(
          'id', u.id, 'authorName', u.name, 'authorDp', u.dp, 'authorLabels', u.labels) order by x.ord)
        from unnest(i.actors) with ordinality as x(actor, ord)
        join "user" u on u.id = x.actor and u.banned is not true
        where i.kind like 'matrimony%'
          or (i.kind in ('post_liked', 'post_commented', 'post_thread_reply') and p.status = ${PUBLIC_POST_STATUS}
            and exists (select 1 from comment c where c.post = p.id and c.creator = x.actor
              and c.type = case i.kind when 'post_liked' then 'like' else 'comment' end))) as actors
    from inbox_item i
    left join post p on p.id = i.subject and (
      (i.kind in ('post_decided', 'post_liked', 'post_commented') and p.creator = i.member)
      -- Someone else's post: only while everyone may see it.
      or (i.kind = 'post_thread_reply' and p.status = ${PUBLIC_POST_STATUS}))
    left join event e on i.kind in ('event_live', 'event_reminder') and e.id = i.subject
    left join surname s on i.kind = 'surname_submission_applied' and s.id = i.subject
    where i.member = ${member} ${after ? sql`and ${after}` : sql``}
    order by i.last_at desc, i.id desc
    limit ${sql.raw(String(limit))}`;
}

/** How to view each row of a page as `reader` may see it now (asks matrimony and the queues once). */
export async function itemViews(app: FastifyInstance, reader: SessionUser, rows: ItemRow[]) {
  const matrimonyPeople = [
    ...new Set(
      rows.filter((row) => row.kind in MATRIMONY_TAB).flatMap((row) => (row.actors ?? []).map((a) => a.id)),
    ),
  ];
  const staff = hasLabel(reader.labels, 'Admin');
  const queues = staff
    ? new Set(rows.filter((row) => row.kind === 'staff_queue').map((row) => row.subject))
    : new Set();
  const resolve = app.registry.inboxPeople('matrimony');
  const [visible, counts] = await Promise.all([
    matrimonyPeople.length > 0 && resolve ? resolve(app.db, reader.id, matrimonyPeople) : new Set<string>(),
    Promise.all(
      app.registry.waitingCounts
        .filter((entry) => queues.has(entry.name))
        .map(async (entry) => [entry.name, await entry.count(app.db)] as const),
    ),
  ]);
  const queueCounts = new Map(counts);

  return (row: ItemRow): InboxItemView => {
    const kind = row.kind as InboxKind;
    let subject: InboxSubject | null = null;
    let url: string | null = null;
    let count: number | null = null;
    let actors = row.actors ?? [];
    const about = (type: InboxSubject['type'], name: string | null = null, nameGu: string | null = null) => ({
      type,
      id: row.subject,
      name,
      nameGu,
    });
    if (
      kind === 'post_decided' ||
      kind === 'post_liked' ||
      kind === 'post_commented' ||
      kind === 'post_thread_reply'
    ) {
      if (row.post_text !== null) {
        subject = about('post', truncateGraphemes(row.post_text, POST_WORDS));
        url = `/post/${encodeURIComponent(row.subject)}`;
      }
    } else if (kind === 'event_live' || kind === 'event_reminder') {
      if (row.event_name !== null) {
        subject = about('event', row.event_name);
        url = `/event/${encodeURIComponent(row.subject)}`;
      }
    } else if (kind === 'surname_submission_applied') {
      if (row.surname_name !== null) {
        subject = about('surname', row.surname_name, row.surname_name_gu || null);
        url = `/surname/${encodeURIComponent(row.subject)}`;
      }
    } else if (kind === 'publisher_request_decided') {
      subject = about('publisher_request');
      url = '/publisher-request';
    } else if (kind in MATRIMONY_TAB) {
      url = `/matrimony?tab=${MATRIMONY_TAB[kind]}`;
      actors = actors.filter((actor) => visible.has(actor.id));
      if (actors.some((actor) => actor.id === row.subject)) subject = about('member');
    } else if (kind === 'staff_queue' && staff) {
      subject = about('queue');
      url = QUEUE_PATHS[row.subject] ?? '/admin';
      count = queueCounts.get(row.subject) ?? 0;
    }
    const shown: UserSummary[] = actors.map((actor) => authorSummary(actor.id, actor));
    return {
      id: row.id,
      kind,
      subject,
      actors: shown.slice(0, INBOX_NAMES_SHOWN),
      others: Math.max(0, shown.length - INBOX_NAMES_SHOWN),
      approved: row.approved,
      count,
      url,
      read: row.read,
      createdAt: row.at,
    };
  };
}
