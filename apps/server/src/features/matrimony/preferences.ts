// Partner preferences and filters (docs/product/matrimony.md, "Partner preferences and filters"). A member's
// saved preferences are the filters their suggestions take when a request names none; a request naming any
// filter uses exactly those (docs/decisions/0037-matrimony-preferences-vs-filters.md). No preferences and no
// filters: the suggestions are what they were before either existed.
import {
  dobBounds,
  normalizeFilters,
  type PartnerFilters,
  type PartnerPreferences,
  type PartnerPreferencesInput,
} from '@samaj/core';
import { type AnyColumn, and, eq, gte, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { matrimonyPreference, matrimonyProfile } from '../../db/schema/index.ts';
import { detailsOpenTo, gamColumn, type Viewer } from './visibility.ts';

type PreferenceRow = typeof matrimonyPreference.$inferSelect;

const preferencesView = (row: PreferenceRow): PartnerPreferences => ({
  ageMin: row.ageMin,
  ageMax: row.ageMax,
  heightMin: row.heightMin,
  heightMax: row.heightMax,
  place: row.place,
  education: row.education,
  withPhoto: row.withPhoto,
  updatedAt: row.updatedAt.toISOString(),
});

export async function preferencesOf(db: Executor, memberId: string): Promise<PartnerPreferences | null> {
  const [row] = await db.select().from(matrimonyPreference).where(eq(matrimonyPreference.member, memberId));
  return row ? preferencesView(row) : null;
}

/** Saves (replaces) the member's preferences; null when they have no profile. */
export async function savePreferences(
  db: Executor,
  memberId: string,
  input: PartnerPreferencesInput,
): Promise<PartnerPreferences | null> {
  const [profile] = await db
    .select({ id: matrimonyProfile.id })
    .from(matrimonyProfile)
    .where(eq(matrimonyProfile.id, memberId));
  if (!profile) return null;
  const values = { ...normalizeFilters(input), updatedAt: new Date() };
  const [row] = await db
    .insert(matrimonyPreference)
    .values({ member: memberId, ...values })
    .onConflictDoUpdate({ target: matrimonyPreference.member, set: values })
    .returning();
  return preferencesView(row);
}

export async function clearPreferences(db: Executor, memberId: string): Promise<void> {
  await db.delete(matrimonyPreference).where(eq(matrimonyPreference.member, memberId));
}

/** The saved preferences as filters, or null when none are saved. */
export async function savedFilters(db: Executor, memberId: string): Promise<PartnerFilters | null> {
  const saved = await preferencesOf(db, memberId);
  return saved ? normalizeFilters(saved) : null;
}

/** Case-insensitive "contains", without LIKE's wildcards (a `%` typed by the member is a `%`). */
const contains = (column: SQL | AnyColumn, text: string) => sql`strpos(lower(${column}), lower(${text})) > 0`;

/**
 * The filters as a condition on `matrimony_profile`, in a query that joins the owner's `surname`
 * (gam), for `viewer`. Undefined when no filter is set. Age is the card's (core's ageFromDob) on
 * `today`. Age, education, career and photo are on the card; height, gam and city are details the
 * owner shows only once they accept the viewer's request (`detailsOpenTo`), so a filter on them
 * matches only those profiles: a hidden field counts as unknown, as a height never given does.
 */
export function filterCondition(
  filters: PartnerFilters | null,
  viewer: Viewer,
  today = new Date(),
): SQL | undefined {
  if (!filters) return undefined;
  const { latest, earliest } = dobBounds(filters.ageMin, filters.ageMax, today);
  const onDetails = filters.heightMin !== null || filters.heightMax !== null || !!filters.place;
  return and(
    latest ? lte(matrimonyProfile.dob, latest) : undefined,
    earliest ? gte(matrimonyProfile.dob, earliest) : undefined,
    filters.heightMin !== null ? gte(matrimonyProfile.height, filters.heightMin) : undefined,
    filters.heightMax !== null ? lte(matrimonyProfile.height, filters.heightMax) : undefined,
    filters.place
      ? sql`(${contains(gamColumn, filters.place)} or ${contains(matrimonyProfile.city, filters.place)})`
      : undefined,
    onDetails ? detailsOpenTo(viewer) : undefined,
    filters.education
      ? sql`(${contains(matrimonyProfile.education, filters.education)} or ${contains(matrimonyProfile.career, filters.education)})`
      : undefined,
    filters.withPhoto ? isNotNull(matrimonyProfile.dp) : undefined,
  );
}
