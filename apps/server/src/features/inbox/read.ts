// What an item says to its reader (docs/product/inbox.md, "What an item shows"), decided when it is
// read from the ids it keeps: a post deleted, an event deleted, a member blocked or a matrimony
// listing hidden since it was written leaves the item in the list saying less — never more than the
// reader may see now. One query per kind of thing on a page, never one per item.
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
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { authorColumns, authorSummary } from '../../db/author.ts';
import type { Executor } from '../../db/client.ts';
import { comment, event, post, surname, user } from '../../db/schema/index.ts';
import type { SessionUser } from '../../platform/auth/index.ts';

/** An item as stored, with its sort time to the microsecond (`at`, the cursor's). */
export interface ItemRow {
  id: string;
  kind: string;
  subject: string;
  actors: string[];
  approved: boolean | null;
  readAt: Date | null;
  at: string;
}

/** A few words of a post, enough to recognise it. */
const POST_WORDS = 60;

/** The console's path of each staff queue (the registry's waiting-count names). */
export const QUEUE_PATHS: Record<string, string> = {
  posts: '/admin/posts',
  reports: '/admin/reports',
  publisherRequests: '/admin/publishers',
  surnameSubmissions: '/admin/surnames',
  matrimonyProfiles: '/admin/matrimony',
  matrimonyReports: '/admin/matrimony-reports',
};

const POST_KINDS = new Set(['post_decided', 'post_commented', 'post_liked']);
const EVENT_KINDS = new Set(['event_live', 'event_reminder']);
const MATRIMONY_KINDS = new Set([
  'matrimony_match',
  'matrimony_request_received',
  'matrimony_request_accepted',
  'matrimony_request_declined',
]);
const MATRIMONY_TAB: Record<string, string> = {
  matrimony_match: 'matches',
  matrimony_request_received: 'requests',
  matrimony_request_accepted: 'matches',
  matrimony_request_declined: 'matches',
};

function idsOf(rows: ItemRow[], kinds: Set<string>): string[] {
  return [...new Set(rows.filter((row) => kinds.has(row.kind)).map((row) => row.subject))];
}

/** The reader's own posts among `ids`, with their status. */
async function ownPosts(db: Executor, reader: string, ids: string[]) {
  if (ids.length === 0) return new Map<string, { status: string; description: string }>();
  const rows = await db
    .select({ id: post.id, status: post.status, description: post.description })
    .from(post)
    .where(and(inArray(post.id, ids), eq(post.creator, reader)));
  return new Map(rows.map((row) => [row.id, row]));
}

/** `post:member` pairs whose like (or comment) is still there: one taken back leaves the item. */
async function stillReacting(db: Executor, posts: string[], members: string[]) {
  if (posts.length === 0 || members.length === 0) return new Set<string>();
  const rows = await db
    .selectDistinct({ post: comment.post, creator: comment.creator, type: comment.type })
    .from(comment)
    .where(and(inArray(comment.post, posts), inArray(comment.creator, members)));
  return new Set(rows.map((row) => `${row.type}:${row.post}:${row.creator}`));
}

/** Members who are still there and not blocked, as they are shown now. */
async function people(db: Executor, ids: string[]): Promise<Map<string, UserSummary>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: user.id, ...authorColumns })
    .from(user)
    .where(and(inArray(user.id, ids), or(isNull(user.banned), eq(user.banned, false))));
  return new Map(rows.map((row) => [row.id, authorSummary(row.id, row)]));
}

/** One page of rows as `reader` may see them now. */
export async function itemViews(app: FastifyInstance, reader: SessionUser, rows: ItemRow[]) {
  const db = app.db;
  const postIds = idsOf(rows, POST_KINDS);
  const eventIds = idsOf(rows, EVENT_KINDS);
  const surnameIds = idsOf(rows, new Set(['surname_submission_applied']));
  const actorIds = [...new Set(rows.flatMap((row) => row.actors))];
  const matrimonyPeople = [
    ...new Set(rows.filter((row) => MATRIMONY_KINDS.has(row.kind)).flatMap((row) => row.actors)),
  ];
  const reactionPosts = idsOf(rows, new Set(['post_commented', 'post_liked']));
  const staff = hasLabel(reader.labels, 'Admin');
  const queues = staff ? idsOf(rows, new Set(['staff_queue'])) : [];

  const [posts, events, surnames, members, reacting, matrimonyVisible, counts] = await Promise.all([
    ownPosts(db, reader.id, postIds),
    eventIds.length === 0
      ? []
      : db.select({ id: event.id, name: event.name }).from(event).where(inArray(event.id, eventIds)),
    surnameIds.length === 0
      ? []
      : db
          .select({ id: surname.id, name: surname.name, nameGu: surname.name_guj })
          .from(surname)
          .where(inArray(surname.id, surnameIds)),
    people(db, actorIds),
    stillReacting(db, reactionPosts, actorIds),
    matrimonyPeople.length === 0
      ? new Set<string>()
      : (app.registry.inboxPeople('matrimony')?.(db, reader.id, matrimonyPeople) ?? new Set<string>()),
    Promise.all(
      app.registry.waitingCounts
        .filter((entry) => queues.includes(entry.name))
        .map(async (entry) => [entry.name, await entry.count(db)] as const),
    ),
  ]);
  const eventNames = new Map(events.map((row) => [row.id, row.name]));
  const surnameNames = new Map(surnames.map((row) => [row.id, row]));
  const queueCounts = new Map(counts);

  return (row: ItemRow): InboxItemView => {
    const kind = row.kind as InboxKind;
    let subject: InboxSubject | null = null;
    let url: string | null = null;
    let count: number | null = null;
    let actors: string[] = [];
    if (POST_KINDS.has(kind)) {
      const found = posts.get(row.subject);
      if (found) {
        subject = {
          type: 'post',
          id: row.subject,
          name: truncateGraphemes(found.description, POST_WORDS),
          nameGu: null,
        };
        url = `/post/${encodeURIComponent(row.subject)}`;
        // Who liked or commented is shown while the post is public and their reaction is still there.
        const type = kind === 'post_liked' ? 'like' : 'comment';
        if (kind !== 'post_decided' && found.status === PUBLIC_POST_STATUS) {
          actors = row.actors.filter((actor) => reacting.has(`${type}:${row.subject}:${actor}`));
        }
      }
    } else if (EVENT_KINDS.has(kind)) {
      const name = eventNames.get(row.subject);
      if (name !== undefined) {
        subject = { type: 'event', id: row.subject, name, nameGu: null };
        url = `/event/${encodeURIComponent(row.subject)}`;
      }
    } else if (kind === 'surname_submission_applied') {
      const found = surnameNames.get(row.subject);
      if (found) {
        subject = { type: 'surname', id: row.subject, name: found.name, nameGu: found.nameGu || null };
        url = `/surname/${encodeURIComponent(row.subject)}`;
      }
    } else if (kind === 'publisher_request_decided') {
      subject = { type: 'publisher_request', id: row.subject, name: null, nameGu: null };
      url = '/publisher-request';
    } else if (MATRIMONY_KINDS.has(kind)) {
      url = `/matrimony?tab=${MATRIMONY_TAB[kind]}`;
      actors = row.actors.filter((actor) => matrimonyVisible.has(actor));
      if (actors.includes(row.subject))
        subject = { type: 'member', id: row.subject, name: null, nameGu: null };
    } else if (kind === 'staff_queue' && staff) {
      subject = { type: 'queue', id: row.subject, name: null, nameGu: null };
      url = QUEUE_PATHS[row.subject] ?? '/admin';
      count = queueCounts.get(row.subject) ?? 0;
    }
    const shown = actors.map((id) => members.get(id)).filter((m): m is UserSummary => m !== undefined);
    return {
      id: row.id,
      kind,
      subject,
      actors: shown.slice(0, INBOX_NAMES_SHOWN),
      others: Math.max(0, shown.length - INBOX_NAMES_SHOWN),
      approved: row.approved,
      count,
      url,
      read: row.readAt !== null,
      createdAt: row.at,
    };
  };
}
