// Who sees whom (docs/product/matrimony.md, "Privacy"): only a member whose own profile is active sees other
// profiles, and only active ones of the opposite gender, never anyone either side blocked. Every
// query about someone else's profile goes through `visibleTo`, so the rule has one home.
// Both sides must also be eligible right now (docs/product/matrimony.md, "Who may list"): a marital status
// that is set and not Married, and not blocked by the operator. Read from the user row on every query (never
// from a cached session), so a member who marries or is blocked vanishes at once, and returns as they were
// (nothing is deleted) once they change back or are unblocked.
import type { Gender } from '@samaj/core';
import { type AnyColumn, and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { matrimonyBlock, matrimonyProfile, profileRequest, surname, user } from '../../db/schema/index.ts';

/** A member whose own profile is active: the only kind of member who sees other profiles. */
export interface Viewer {
  id: string;
  gender: Gender;
  gotraFilter: boolean;
  /** From the member's surname; null when unknown (then the gotra filter does not apply). */
  gotra: string | null;
}

export const oppositeGender = (gender: Gender): Gender => (gender === 'Male' ? 'Female' : 'Male');

/**
 * The member `memberId` (a column or SQL naming a user id) may take part in matrimony: their marital
 * status is set and not Married, and the operator has not blocked them. One primary-key probe.
 */
export function eligibleMember(memberId: SQL | AnyColumn): SQL {
  return sql`exists (select 1 from ${user} as eligible_member where eligible_member.id = ${memberId} and eligible_member.marital_status is not null and eligible_member.marital_status <> 'Married' and eligible_member.banned is not true)`;
}

/** The member's gotra, from their surname ('' counts as unknown). */
export const gotraColumn = sql<string | null>`nullif(trim(${surname.gotra}), '')`;
/** The member's native place (gam), from their surname ('' counts as unknown). */
export const gamColumn = sql<string | null>`nullif(trim(${surname.gam}), '')`;

/** The member as a viewer, or null unless their own profile is active and they are eligible now. */
export async function activeViewer(db: Executor, memberId: string): Promise<Viewer | null> {
  const [row] = await db
    .select({
      status: matrimonyProfile.status,
      gender: matrimonyProfile.gender,
      gotraFilter: matrimonyProfile.gotraFilter,
      gotra: gotraColumn,
    })
    .from(matrimonyProfile)
    .leftJoin(user, eq(user.id, matrimonyProfile.id))
    .leftJoin(surname, eq(surname.id, user.surname))
    .where(and(eq(matrimonyProfile.id, memberId), eligibleMember(matrimonyProfile.id)))
    .limit(1);
  if (row?.status !== 'active') return null;
  return { id: memberId, gender: row.gender, gotraFilter: row.gotraFilter, gotra: row.gotra };
}

/**
 * The condition on `matrimony_profile` (unaliased in the query) that the viewer may see that row:
 * active, opposite gender, not the viewer, no block either way (each side one primary-key probe),
 * and its owner eligible now (`eligibleMember`). The viewer's own eligibility is `activeViewer`'s.
 */
export function visibleTo(viewer: Viewer): SQL {
  return and(
    eq(matrimonyProfile.status, 'active'),
    eq(matrimonyProfile.gender, oppositeGender(viewer.gender)),
    ne(matrimonyProfile.id, viewer.id),
    sql`not exists (select 1 from ${matrimonyBlock} where ${matrimonyBlock.blocker} = ${viewer.id} and ${matrimonyBlock.blocked} = ${matrimonyProfile.id})`,
    sql`not exists (select 1 from ${matrimonyBlock} where ${matrimonyBlock.blocker} = ${matrimonyProfile.id} and ${matrimonyBlock.blocked} = ${viewer.id})`,
    eligibleMember(matrimonyProfile.id),
  ) as SQL;
}

/** Whether the viewer may see profile `id` (read inside a transaction when it guards a write). */
export async function canSee(db: Executor, viewer: Viewer, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: matrimonyProfile.id })
    .from(matrimonyProfile)
    .where(and(eq(matrimonyProfile.id, id), visibleTo(viewer)))
    .limit(1);
  return !!row;
}

/**
 * Whether the viewer may see the photos of the `matrimony_profile` row (in a query that already
 * holds `visibleTo`): the owner shows them to whoever sees the listing (`listed`), or only to members
 * whose full-profile request they accepted and have not revoked (`accepted`;
 * docs/product/matrimony.md, "Photos").
 */
export function photosOpenTo(viewer: Viewer): SQL<boolean> {
  return sql<boolean>`(${matrimonyProfile.photoVisibility} = 'listed' or exists (select 1 from ${profileRequest} as photo_grant where photo_grant.creator = ${viewer.id} and photo_grant.profile = ${matrimonyProfile.id} and photo_grant.state = 'accepted'))`;
}

/**
 * Whether the owner of the `matrimony_profile` row accepted the viewer's full-profile request and has
 * not revoked it: the only viewer who reads its details (height, family details with the city, gam and
 * gotra, contact; profile.ts). A filter on such a field matches only rows where this holds
 * (preferences.ts), so who is left in a search never tells anyone else what the field holds.
 */
export function detailsOpenTo(viewer: Viewer): SQL<boolean> {
  // `= any(array(…))`: the viewer's few accepted requests are read first (one index range) and the
  // profiles fetched by primary key, rather than every listing tested against them in date order.
  return sql<boolean>`${matrimonyProfile.id} = any(array(select detail_grant.profile from ${profileRequest} as detail_grant where detail_grant.creator = ${viewer.id} and detail_grant.state = 'accepted'))`;
}
