// The dashboard's lists (docs/product/matrimony.md, "Dashboard"): suggestions 3 a page, matches, shortlists
// and incoming requests 30 a page, newest first. Each is a keyset page over an index and every row
// passes `visibleTo`, so a profile that went inactive, was banned or blocked leaves every list at once.
// The cursor carries the last card's keyset values (core cursor.ts) and nothing is looked up with it:
// a username handed in as one is refused by the schema, and a hand-made one only moves where the
// visible rows start, so no cursor tells whether a profile the viewer may not see exists.
import {
  firstName,
  type HiddenProfile,
  type IncomingRequest,
  MATRIMONY_HIDDEN_MAX,
  MATRIMONY_LIST_PAGE_SIZE,
  MATRIMONY_SUGGESTIONS_PAGE_SIZE,
  type MatchCard,
  type MatchNews,
  type Page,
  type PartnerFilters,
  type ProfileCard,
  type RequestState,
  type SentRequest,
} from '@samaj/core';
import { and, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { exactTime, keysetPage, newestFirstFrom } from '../../db/keyset.ts';
import {
  matrimonyBlock,
  matrimonyMatch,
  matrimonyNotInterested,
  matrimonyProfile,
  profileRequest,
  shortlist,
  surname,
  user,
} from '../../db/schema/index.ts';
import { filterCondition } from './preferences.ts';
import { cardColumns, cardView } from './view.ts';
import { gotraColumn, type Viewer, visibleTo } from './visibility.ts';

/** Whether the viewer shortlisted the joined profile. */
const shortlistedColumn = sql<boolean>`${shortlist.id} is not null`;
const myShortlist = (viewer: Viewer) =>
  and(eq(shortlist.creator, viewer.id), eq(shortlist.profile, matrimonyProfile.id));

/**
 * Suggestions: profiles the viewer may see, minus those they are not interested in and, unless they
 * switched the filter off, those of their own gotra (where both gotras are known); narrowed by
 * `filters` (the request's, or the member's saved preferences), the same on every page.
 */
export async function suggestions(
  db: Executor,
  viewer: Viewer,
  cursor?: string,
  filters: PartnerFilters | null = null,
): Promise<Page<ProfileCard>> {
  const size = MATRIMONY_SUGGESTIONS_PAGE_SIZE;
  const page = newestFirstFrom(matrimonyProfile.createdAt, matrimonyProfile.id, cursor);
  const sameGotra =
    viewer.gotraFilter && viewer.gotra
      ? sql`(${gotraColumn} is null or lower(${gotraColumn}) <> lower(${viewer.gotra}))`
      : undefined;
  const rows = await db
    .select({
      card: cardColumns(viewer),
      shortlisted: shortlistedColumn,
      at: exactTime(matrimonyProfile.createdAt),
    })
    .from(matrimonyProfile)
    .leftJoin(user, eq(user.id, matrimonyProfile.id))
    .leftJoin(surname, eq(surname.id, user.surname))
    .leftJoin(shortlist, myShortlist(viewer))
    .where(
      and(
        visibleTo(viewer),
        sql`not exists (select 1 from ${matrimonyNotInterested} where ${matrimonyNotInterested.member} = ${viewer.id} and ${matrimonyNotInterested.profile} = ${matrimonyProfile.id})`,
        sameGotra,
        filterCondition(filters, viewer),
        page.where,
      ),
    )
    .orderBy(...page.order)
    .limit(size + 1);
  return keysetPage(rows, size, (r) => cardView(r.card, r.shortlisted));
}

/** The state of the viewer's own request to the joined profile. */
const myRequestState = sql<'none' | RequestState>`coalesce(${profileRequest.state}, 'none')`;

/** Matches, newest first; contact only where the other side accepted my request and has not revoked. */
export async function matches(db: Executor, viewer: Viewer, cursor?: string): Promise<Page<MatchCard>> {
  const size = MATRIMONY_LIST_PAGE_SIZE;
  const page = newestFirstFrom(matrimonyMatch.createdAt, matrimonyMatch.other, cursor);
  const accepted = sql`${profileRequest.state} = 'accepted'`;
  const rows = await db
    .select({
      card: cardColumns(viewer),
      at: exactTime(matrimonyMatch.createdAt),
      matchedAt: matrimonyMatch.createdAt,
      request: myRequestState,
      shortlisted: shortlistedColumn,
      // Read only when accepted: phone and address never leave the database otherwise.
      number: sql<string | null>`case when ${accepted} then ${matrimonyProfile.number} end`,
      address: sql<string | null>`case when ${accepted} then ${matrimonyProfile.address} end`,
    })
    .from(matrimonyMatch)
    .innerJoin(matrimonyProfile, eq(matrimonyProfile.id, matrimonyMatch.other))
    .leftJoin(
      profileRequest,
      and(eq(profileRequest.creator, viewer.id), eq(profileRequest.profile, matrimonyMatch.other)),
    )
    .leftJoin(shortlist, myShortlist(viewer))
    .where(and(eq(matrimonyMatch.member, viewer.id), visibleTo(viewer), page.where))
    .orderBy(...page.order)
    .limit(size + 1);
  return keysetPage(rows, size, (r) => ({
    ...cardView(r.card, r.shortlisted),
    matchedAt: r.matchedAt.toISOString(),
    request: r.request,
    contact:
      r.request === 'accepted' && r.number && r.address ? { number: r.number, address: r.address } : null,
  }));
}

/** The viewer's own shortlist, newest first. */
export async function shortlists(db: Executor, viewer: Viewer, cursor?: string): Promise<Page<ProfileCard>> {
  const size = MATRIMONY_LIST_PAGE_SIZE;
  const page = newestFirstFrom(shortlist.createdAt, shortlist.profile, cursor);
  const rows = await db
    .select({ card: cardColumns(viewer), at: exactTime(shortlist.createdAt) })
    .from(shortlist)
    .innerJoin(matrimonyProfile, eq(matrimonyProfile.id, shortlist.profile))
    .where(and(eq(shortlist.creator, viewer.id), visibleTo(viewer), page.where))
    .orderBy(...page.order)
    .limit(size + 1);
  return keysetPage(rows, size, (r) => cardView(r.card, true));
}

/**
 * "Shortlisted me" (docs/product/matrimony.md, "Dashboard"): members who shortlisted the viewer, newest
 * first, each as the viewer may see them (`visibleTo`); `shortlisted` says whether the viewer shortlisted
 * them back. Only ever the viewer's own list: the profile side is the viewer's id.
 */
export async function shortlistedMe(
  db: Executor,
  viewer: Viewer,
  cursor?: string,
): Promise<Page<ProfileCard>> {
  const size = MATRIMONY_LIST_PAGE_SIZE;
  const page = newestFirstFrom(shortlist.createdAt, shortlist.creator, cursor);
  const mine = alias(shortlist, 'mine');
  const rows = await db
    .select({
      card: cardColumns(viewer),
      shortlisted: sql<boolean>`${mine.id} is not null`,
      at: exactTime(shortlist.createdAt),
    })
    .from(shortlist)
    .innerJoin(matrimonyProfile, eq(matrimonyProfile.id, shortlist.creator))
    .leftJoin(mine, and(eq(mine.creator, viewer.id), eq(mine.profile, shortlist.creator)))
    .where(and(eq(shortlist.profile, viewer.id), visibleTo(viewer), page.where))
    .orderBy(...page.order)
    .limit(size + 1);
  return keysetPage(rows, size, (r) => cardView(r.card, r.shortlisted));
}

/**
 * Requests the viewer sent (the Sent requests tab), newest first, with their state and the asked profile's
 * card; a profile the viewer may no longer see leaves the list. Never contact: the Matches card and
 * the full profile show it while an acceptance stands.
 */
export async function sentRequests(
  db: Executor,
  viewer: Viewer,
  cursor?: string,
): Promise<Page<SentRequest>> {
  const size = MATRIMONY_LIST_PAGE_SIZE;
  const page = newestFirstFrom(profileRequest.createdAt, profileRequest.profile, cursor);
  const rows = await db
    .select({
      card: cardColumns(viewer),
      state: profileRequest.state,
      createdAt: profileRequest.createdAt,
      at: exactTime(profileRequest.createdAt),
      shortlisted: shortlistedColumn,
    })
    .from(profileRequest)
    .innerJoin(matrimonyProfile, eq(matrimonyProfile.id, profileRequest.profile))
    .leftJoin(shortlist, myShortlist(viewer))
    .where(and(eq(profileRequest.creator, viewer.id), visibleTo(viewer), page.where))
    .orderBy(...page.order)
    .limit(size + 1);
  return keysetPage(rows, size, (r) => ({
    id: r.card.id,
    state: r.state,
    createdAt: r.createdAt.toISOString(),
    profile: cardView(r.card, r.shortlisted),
  }));
}

function incomingQuery(db: Executor, viewer: Viewer, where: SQL | undefined) {
  return db
    .select({
      card: cardColumns(viewer),
      state: profileRequest.state,
      createdAt: profileRequest.createdAt,
      at: exactTime(profileRequest.createdAt),
      shortlisted: shortlistedColumn,
    })
    .from(profileRequest)
    .innerJoin(matrimonyProfile, eq(matrimonyProfile.id, profileRequest.creator))
    .leftJoin(shortlist, myShortlist(viewer))
    .where(and(eq(profileRequest.profile, viewer.id), visibleTo(viewer), where));
}

type IncomingRow = Awaited<ReturnType<typeof incomingQuery>>[number];

const incomingView = (r: IncomingRow): IncomingRequest => ({
  id: r.card.id,
  state: r.state,
  createdAt: r.createdAt.toISOString(),
  profile: cardView(r.card, r.shortlisted),
});

/** One request to the viewer from `creator`, if the viewer may see the requester. */
export async function incomingRequest(
  db: Executor,
  viewer: Viewer,
  creator: string,
): Promise<IncomingRequest | null> {
  const [row] = await incomingQuery(db, viewer, eq(profileRequest.creator, creator));
  return row ? incomingView(row) : null;
}

/** Requests addressed to the viewer (never those they sent), newest first, with the requester's card. */
export async function incomingRequests(
  db: Executor,
  viewer: Viewer,
  cursor?: string,
): Promise<Page<IncomingRequest>> {
  const size = MATRIMONY_LIST_PAGE_SIZE;
  const page = newestFirstFrom(profileRequest.createdAt, profileRequest.creator, cursor);
  const rows = await incomingQuery(db, viewer, page.where)
    .orderBy(...page.order)
    .limit(size + 1);
  return keysetPage(rows, size, incomingView);
}

/** Incoming requests waiting for the viewer's answer (the Requests tab's count). */
export async function pendingRequestCount(db: Executor, viewer: Viewer): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(profileRequest)
    .innerJoin(matrimonyProfile, eq(matrimonyProfile.id, profileRequest.creator))
    .where(
      and(eq(profileRequest.profile, viewer.id), eq(profileRequest.state, 'pending'), visibleTo(viewer)),
    );
  return Number(row.n);
}

/** New matches and answers to my requests I have not seen on the Matches tab (its count and notice). */
export async function matchNews(db: Executor, viewer: Viewer): Promise<MatchNews> {
  const [[matchRow], [answerRow]] = await Promise.all([
    db
      .select({ n: count() })
      .from(matrimonyMatch)
      .innerJoin(matrimonyProfile, eq(matrimonyProfile.id, matrimonyMatch.other))
      .where(and(eq(matrimonyMatch.member, viewer.id), isNull(matrimonyMatch.seenAt), visibleTo(viewer))),
    db
      .select({ n: count() })
      .from(profileRequest)
      .innerJoin(matrimonyProfile, eq(matrimonyProfile.id, profileRequest.profile))
      .where(
        and(
          eq(profileRequest.creator, viewer.id),
          inArray(profileRequest.state, ['accepted', 'declined']),
          isNull(profileRequest.answerSeenAt),
          visibleTo(viewer),
        ),
      ),
  ]);
  return { matches: Number(matchRow.n), answers: Number(answerRow.n) };
}

/** The member opened their Matches tab: what was new is seen. */
export async function markMatchesSeen(db: Executor, memberId: string): Promise<void> {
  const now = new Date();
  await db
    .update(matrimonyMatch)
    .set({ seenAt: now })
    .where(and(eq(matrimonyMatch.member, memberId), isNull(matrimonyMatch.seenAt)));
  await db
    .update(profileRequest)
    .set({ answerSeenAt: now })
    .where(and(eq(profileRequest.creator, memberId), isNull(profileRequest.answerSeenAt)));
}

/**
 * My Not interested and Block marks, newest first, with the other's first name
 * (docs/product/matrimony.md, "Safety"). Not through `visibleTo`: a blocked profile is hidden from me by
 * definition; only its id and first name are read, which I saw on its card before.
 */
export async function hiddenProfiles(db: Executor, memberId: string): Promise<HiddenProfile[]> {
  const [notInterested, blocked] = await Promise.all([
    db
      .select({
        id: matrimonyProfile.id,
        name: matrimonyProfile.name,
        createdAt: matrimonyNotInterested.createdAt,
      })
      .from(matrimonyNotInterested)
      .innerJoin(matrimonyProfile, eq(matrimonyProfile.id, matrimonyNotInterested.profile))
      .where(eq(matrimonyNotInterested.member, memberId))
      .orderBy(desc(matrimonyNotInterested.createdAt))
      .limit(MATRIMONY_HIDDEN_MAX),
    db
      .select({ id: matrimonyProfile.id, name: matrimonyProfile.name, createdAt: matrimonyBlock.createdAt })
      .from(matrimonyBlock)
      .innerJoin(matrimonyProfile, eq(matrimonyProfile.id, matrimonyBlock.blocked))
      .where(eq(matrimonyBlock.blocker, memberId))
      .orderBy(desc(matrimonyBlock.createdAt))
      .limit(MATRIMONY_HIDDEN_MAX),
  ]);
  const view =
    (kind: HiddenProfile['kind']) =>
    (r: (typeof blocked)[number]): HiddenProfile => ({
      id: r.id,
      firstName: firstName(r.name),
      kind,
      createdAt: r.createdAt.toISOString(),
    });
  return [...blocked.map(view('blocked')), ...notInterested.map(view('not_interested'))]
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(0, MATRIMONY_HIDDEN_MAX);
}
