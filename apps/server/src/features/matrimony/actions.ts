// What a member does to another profile: shortlist (a mutual shortlist is a match), request the
// full profile, accept or revoke a request addressed to them, not interested, block, report.
// Every write about a pair of members first locks both profile rows in id order, so two members
// acting on each other at the same instant take turns: the later one sees the earlier one's row.
import {
  type IncomingRequest,
  type OutgoingRequest,
  REFUSED_REQUEST_STATES,
  type RequestState,
  type ShortlistResult,
} from '@samaj/core';
import { and, eq, inArray, notInArray, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from '../../db/client.ts';
import {
  matrimonyBlock,
  matrimonyMatch,
  matrimonyNotInterested,
  matrimonyProfile,
  matrimonyReport,
  profileRequest,
  profileRequestNotice,
  shortlist,
} from '../../db/schema/index.ts';
import { incomingRequest } from './lists.ts';
import { canSee, type Viewer } from './visibility.ts';

/** Thrown inside a transaction when the other profile is not visible: the route answers 404. */
export class NotVisible extends Error {}
/** A full-profile request without a match. */
export class NotMatched extends Error {}
/** Withdrawing a request its owner revoked or declined: their answer stands until they change it. */
export class RequestStands extends Error {}

const pairId = (creator: string, profile: string) => `${creator}:${profile}`;

/** Locks both profiles of a pair, always in the same order (no deadlock between the two sides). */
async function lockPair(tx: Transaction, a: string, b: string): Promise<void> {
  for (const id of [a, b].sort()) {
    await tx
      .select({ id: matrimonyProfile.id })
      .from(matrimonyProfile)
      .where(eq(matrimonyProfile.id, id))
      .for('update');
  }
}

/** One transaction on the pair (viewer, target), locked; NotVisible when the viewer may not see the target. */
function withVisiblePair<T>(
  app: FastifyInstance,
  viewer: Viewer,
  target: string,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  return app.events.transaction(async (tx) => {
    await lockPair(tx, viewer.id, target);
    if (!(await canSee(tx, viewer, target))) throw new NotVisible();
    return work(tx);
  });
}

/** Both directions of a pair relation: `(from = a and to = b) or (from = b and to = a)`. */
function eitherWay(from: PgColumn, to: PgColumn, a: string, b: string): SQL {
  return or(and(eq(from, a), eq(to, b)), and(eq(from, b), eq(to, a))) as SQL;
}

/**
 * Ends the full-profile requests between two members, except a revoked or declined one: the owner's
 * answer stands (docs/product/matrimony.md, "Full-profile requests"), so neither unshortlisting, blocking nor
 * withdrawing lets its requester ask (and notify the owner) again. Only the owner's accept changes it.
 */
async function endRequests(tx: Transaction, a: string, b: string): Promise<void> {
  await tx
    .delete(profileRequest)
    .where(
      and(
        eitherWay(profileRequest.creator, profileRequest.profile, a, b),
        notInArray(profileRequest.state, [...REFUSED_REQUEST_STATES]),
      ),
    );
}

/** Ends everything between two members: shortlists, the match, full-profile requests. */
async function endPair(tx: Transaction, a: string, b: string): Promise<void> {
  await tx.delete(shortlist).where(eitherWay(shortlist.creator, shortlist.profile, a, b));
  await endRequests(tx, a, b);
  await tx.delete(matrimonyMatch).where(eitherWay(matrimonyMatch.member, matrimonyMatch.other, a, b));
}

export async function addShortlist(
  app: FastifyInstance,
  viewer: Viewer,
  target: string,
): Promise<ShortlistResult> {
  return withVisiblePair(app, viewer, target, async (tx) => {
    await tx
      .insert(shortlist)
      .values({ id: pairId(viewer.id, target), creator: viewer.id, profile: target })
      .onConflictDoNothing();
    const [back] = await tx
      .select({ id: shortlist.id })
      .from(shortlist)
      .where(and(eq(shortlist.creator, target), eq(shortlist.profile, viewer.id)));
    if (!back) return { profile: target, shortlisted: true, matched: false };
    const now = new Date();
    const made = await tx
      .insert(matrimonyMatch)
      .values([
        { member: viewer.id, other: target, createdAt: now, seenAt: null },
        { member: target, other: viewer.id, createdAt: now, seenAt: null },
      ])
      .onConflictDoNothing()
      .returning({ member: matrimonyMatch.member });
    // The pair's primary key makes the match once, however the two shortlists raced.
    if (made.length > 0) await app.events.publish(tx, 'matrimony.matched', { members: [viewer.id, target] });
    return { profile: target, shortlisted: true, matched: true };
  });
}

/** Unshortlisting ends the match, and with it the full-profile requests between the two. */
export async function removeShortlist(app: FastifyInstance, memberId: string, target: string): Promise<void> {
  await app.events.transaction(async (tx) => {
    await lockPair(tx, memberId, target);
    const gone = await tx
      .delete(shortlist)
      .where(and(eq(shortlist.creator, memberId), eq(shortlist.profile, target)))
      .returning({ id: shortlist.id });
    if (gone.length === 0) return;
    await tx
      .delete(matrimonyMatch)
      .where(eitherWay(matrimonyMatch.member, matrimonyMatch.other, memberId, target));
    await endRequests(tx, memberId, target);
  });
}

/**
 * A full-profile request: only to a visible profile the member has matched with. Asking again
 * answers the standing request (a revoked or declined one stays so); the owner is told of a
 * member's request once, however often it is withdrawn and sent again.
 */
export async function sendRequest(
  app: FastifyInstance,
  viewer: Viewer,
  target: string,
): Promise<OutgoingRequest> {
  return withVisiblePair(app, viewer, target, async (tx) => {
    const [match] = await tx
      .select({ other: matrimonyMatch.other })
      .from(matrimonyMatch)
      .where(and(eq(matrimonyMatch.member, viewer.id), eq(matrimonyMatch.other, target)));
    if (!match) throw new NotMatched();
    const [made] = await tx
      .insert(profileRequest)
      .values({ id: pairId(viewer.id, target), creator: viewer.id, profile: target })
      .onConflictDoNothing()
      .returning();
    const told = made
      ? await tx
          .insert(profileRequestNotice)
          .values({ creator: viewer.id, profile: target })
          .onConflictDoNothing()
          .returning({ creator: profileRequestNotice.creator })
      : [];
    if (told.length > 0)
      await app.events.publish(tx, 'matrimony.request_received', { creator: viewer.id, owner: target });
    const [row] = made
      ? [made]
      : await tx
          .select()
          .from(profileRequest)
          .where(and(eq(profileRequest.creator, viewer.id), eq(profileRequest.profile, target)));
    return { profile: target, state: row.state, createdAt: row.createdAt.toISOString() };
  });
}

/** Withdraws my waiting or accepted request; RequestStands when the owner revoked or declined it. */
export async function withdrawRequest(app: FastifyInstance, memberId: string, target: string): Promise<void> {
  await app.events.transaction(async (tx) => {
    await lockPair(tx, memberId, target);
    const mine = and(eq(profileRequest.creator, memberId), eq(profileRequest.profile, target));
    const [refused] = await tx
      .select({ state: profileRequest.state })
      .from(profileRequest)
      .where(and(mine, inArray(profileRequest.state, [...REFUSED_REQUEST_STATES])));
    if (refused) throw new RequestStands();
    await tx.delete(profileRequest).where(mine);
  });
}

/**
 * The owner (an active profile) answers a request addressed to them: `profile` = the owner, so
 * nobody can answer one addressed to someone else. Null when there is no such request from a
 * requester the owner may see.
 */
export async function answerRequest(
  app: FastifyInstance,
  owner: Viewer,
  creator: string,
  state: Exclude<RequestState, 'pending'>,
): Promise<IncomingRequest | null> {
  return app.events.transaction(async (tx) => {
    await lockPair(tx, owner.id, creator);
    const before = await incomingRequest(tx, owner, creator);
    if (!before) return null;
    if (before.state === state) return before;
    const [after] = await tx
      .update(profileRequest)
      // Accepted or declined is news on the requester's Matches tab until they look (docs/product/matrimony.md, "Full-profile requests").
      .set({ state, decidedAt: new Date(), answerSeenAt: state === 'revoked' ? new Date() : null })
      .where(and(eq(profileRequest.creator, creator), eq(profileRequest.profile, owner.id)))
      .returning({ state: profileRequest.state });
    if (state === 'accepted') {
      await app.events.publish(tx, 'matrimony.request_accepted', { creator, owner: owner.id });
    }
    if (state === 'declined') {
      await app.events.publish(tx, 'matrimony.request_declined', { creator, owner: owner.id });
    }
    return { ...before, state: after.state };
  });
}

export async function markNotInterested(app: FastifyInstance, viewer: Viewer, target: string): Promise<void> {
  await withVisiblePair(app, viewer, target, async (tx) => {
    await tx
      .insert(matrimonyNotInterested)
      .values({ member: viewer.id, profile: target })
      .onConflictDoNothing();
  });
}

/**
 * Blocking: neither side sees the other anywhere in matrimony, and shortlists, the match and
 * requests between them end. A report (reaching staff) blocks too. Blocking again is a no-op.
 */
export async function block(
  app: FastifyInstance,
  viewer: Viewer,
  target: string,
  report?: { reason: string },
): Promise<void> {
  await app.events.transaction(async (tx) => {
    await lockPair(tx, viewer.id, target);
    const [already] = await tx
      .select({ at: matrimonyBlock.createdAt })
      .from(matrimonyBlock)
      .where(and(eq(matrimonyBlock.blocker, viewer.id), eq(matrimonyBlock.blocked, target)));
    if (!already && !(await canSee(tx, viewer, target))) throw new NotVisible();
    if (!already) {
      await tx.insert(matrimonyBlock).values({ blocker: viewer.id, blocked: target });
      await endPair(tx, viewer.id, target);
    }
    if (report)
      await tx
        .insert(matrimonyReport)
        .values({ reporter: viewer.id, profile: target, reason: report.reason });
  });
}

/** Undoes my Not interested mark on `target` (nothing to undo is fine). */
export async function undoNotInterested(
  app: FastifyInstance,
  memberId: string,
  target: string,
): Promise<void> {
  await app.db
    .delete(matrimonyNotInterested)
    .where(and(eq(matrimonyNotInterested.member, memberId), eq(matrimonyNotInterested.profile, target)));
}

/**
 * Lifts my block of `target`: we may see each other again unless they blocked me too. What the block
 * ended (shortlists, the match, requests) stays ended; a report stays with staff.
 */
export async function unblock(app: FastifyInstance, memberId: string, target: string): Promise<void> {
  await app.events.transaction(async (tx) => {
    await lockPair(tx, memberId, target);
    await tx
      .delete(matrimonyBlock)
      .where(and(eq(matrimonyBlock.blocker, memberId), eq(matrimonyBlock.blocked, target)));
  });
}
