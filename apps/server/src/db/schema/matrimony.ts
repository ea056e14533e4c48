import {
  DIETS,
  type Diet,
  GENDERS,
  type Gender,
  INCOME_RANGES,
  type IncomeRange,
  MANGLIK_CHOICES,
  MATRIMONY_PHOTOS_MAX,
  MATRIMONY_REPORT_STATUSES,
  MATRIMONY_REQUEST_STATES,
  MATRIMONY_STATUSES,
  type Manglik,
  type MatrimonyReportStatus,
  type MatrimonyStatus,
  PHOTO_VISIBILITIES,
  type PhotoVisibility,
  RASHIS,
  type Rashi,
  type RequestState,
  SIBLINGS_MAX,
} from '@samaj/core';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, real, text, unique } from 'drizzle-orm/pg-core';
import { oneOf } from './check.ts';
import { at, createdAt, id, updatedAt } from './columns.ts';

/**
 * A member's matrimony listing; id = the member's user id (docs/product/matrimony.md, "Applying"). New
 * profiles wait for staff verification ('requested'); then active, banned or inactive (core's
 * MATRIMONY_STATUSES).
 */
export const matrimonyProfile = pgTable(
  'matrimony_profile',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** File id of the photo (kind 'matrimony'), served only by the matrimony photo route. */
    dp: text('dp'),
    /** Up to three more photos after `dp` (file ids of kind 'matrimony'), in the owner's order. */
    morePhotos: text('more_photos').array().notNull().default(sql`'{}'::text[]`),
    /** Who sees the photos: `listed` (whoever may see the listing) or `accepted` (docs/product/matrimony.md, "Photos"). */
    photoVisibility: text('photo_visibility').$type<PhotoVisibility>().notNull().default('listed'),
    /** ISO date, YYYY-MM-DD. */
    dob: text('dob').notNull(),
    gender: text('gender').$type<Gender>().notNull(),
    description: text('description').notNull(),
    number: text('number').notNull(),
    address: text('address').notNull(),
    education: text('education').notNull(),
    career: text('career').notNull(),
    height: real('height'),
    weight: real('weight'),
    eye_color: text('eye_color'),
    hair_color: text('hair_color'),
    complexion: text('complexion'),
    blood_group: text('blood_group'),
    disability: text('disability'),
    expectation: text('expectation').notNull(),
    // Family details (docs/product/matrimony.md, "Family details"), all optional; shown with the other
    // details (visibility.ts).
    fatherName: text('father_name'),
    fatherOccupation: text('father_occupation'),
    motherName: text('mother_name'),
    brothersMarried: integer('brothers_married'),
    brothersUnmarried: integer('brothers_unmarried'),
    sistersMarried: integer('sisters_married'),
    sistersUnmarried: integer('sisters_unmarried'),
    mosal: text('mosal'),
    /** HH:MM, 24-hour clock. */
    birthTime: text('birth_time'),
    birthPlace: text('birth_place'),
    city: text('city'),
    rashi: text('rashi').$type<Rashi>(),
    manglik: text('manglik').$type<Manglik>(),
    diet: text('diet').$type<Diet>(),
    income: text('income').$type<IncomeRange>(),
    status: text('status').$type<MatrimonyStatus>().notNull().default('requested'),
    /** Suggestions leave out the member's own gotra unless they switch this off. */
    gotraFilter: boolean('gotra_filter').notNull().default(true),
    banReason: text('ban_reason'),
    /** When staff first approved it: unbanning a verified profile makes it active again. */
    verifiedAt: at('verified_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Suggestions: active profiles of one gender, newest first, keyset on (created_at, id).
    // The staff queue (status, oldest first) reads the same index.
    index('matrimony_profile_listing_idx').on(t.status, t.gender, t.createdAt, t.id),
    index('matrimony_profile_status_created_idx').on(t.status, t.createdAt, t.id),
    check('matrimony_profile_gender_check', oneOf(t.gender, GENDERS)),
    check('matrimony_profile_status_check', oneOf(t.status, MATRIMONY_STATUSES)),
    check('matrimony_profile_rashi_check', oneOf(t.rashi, RASHIS)),
    check('matrimony_profile_photo_visibility_check', oneOf(t.photoVisibility, PHOTO_VISIBILITIES)),
    check(
      'matrimony_profile_more_photos_check',
      sql`cardinality(${t.morePhotos}) <= ${sql.raw(String(MATRIMONY_PHOTOS_MAX - 1))}`,
    ),
    check('matrimony_profile_manglik_check', oneOf(t.manglik, MANGLIK_CHOICES)),
    check('matrimony_profile_diet_check', oneOf(t.diet, DIETS)),
    check('matrimony_profile_income_check', oneOf(t.income, INCOME_RANGES)),
    check(
      'matrimony_profile_siblings_check',
      sql`${t.brothersMarried} between 0 and ${sql.raw(String(SIBLINGS_MAX))} and ${t.brothersUnmarried} between 0 and ${sql.raw(String(SIBLINGS_MAX))} and ${t.sistersMarried} between 0 and ${sql.raw(String(SIBLINGS_MAX))} and ${t.sistersUnmarried} between 0 and ${sql.raw(String(SIBLINGS_MAX))}`,
    ),
  ],
);

const profileRef = () => matrimonyProfile.id;

/**
 * A member's saved partner preferences (docs/product/matrimony.md, "Partner preferences and filters"): the
 * filters their suggestions take when they name none. No row: suggestions as before preferences existed.
 * Deleted with the profile.
 */
export const matrimonyPreference = pgTable('matrimony_preference', {
  member: text('member').primaryKey().references(profileRef, { onDelete: 'cascade' }),
  ageMin: integer('age_min'),
  ageMax: integer('age_max'),
  heightMin: real('height_min'),
  heightMax: real('height_max'),
  place: text('place'),
  education: text('education'),
  withPhoto: boolean('with_photo').notNull().default(false),
  updatedAt: updatedAt(),
});

/** Shortlist entry; id = creator id + profile id. A mutual shortlist is a match. */
export const shortlist = pgTable(
  'shortlist',
  {
    id: text('id').primaryKey(),
    creator: text('creator').notNull(),
    profile: text('profile').notNull().references(profileRef, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('shortlist_creator_profile_unique').on(t.creator, t.profile),
    index('shortlist_creator_created_idx').on(t.creator, t.createdAt.desc()),
    index('shortlist_profile_idx').on(t.profile),
    // "Shortlisted me", newest first, keyset on (created_at, creator).
    index('shortlist_profile_created_idx').on(t.profile, t.createdAt, t.creator),
  ],
);

/**
 * Request for a full profile; id = creator id + profile id. The owner (profile) accepts it, which
 * shows the creator phone and address, revokes it, which hides them again, or declines it. A revoked
 * or declined request stays until the owner accepts it: the creator cannot withdraw it or ask again.
 */
export const profileRequest = pgTable(
  'profile_request',
  {
    id: text('id').primaryKey(),
    creator: text('creator').notNull(),
    profile: text('profile').notNull().references(profileRef, { onDelete: 'cascade' }),
    state: text('state').$type<RequestState>().notNull().default('pending'),
    decidedAt: at('decided_at'),
    /**
     * When the requester saw the owner's latest answer (accepted or declined) on their Matches tab;
     * null until then (the tab's count). Rows from before it existed count as seen.
     */
    answerSeenAt: at('answer_seen_at').defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('profile_request_creator_profile_unique').on(t.creator, t.profile),
    index('profile_request_creator_created_idx').on(t.creator, t.createdAt.desc()),
    index('profile_request_profile_idx').on(t.profile),
    // Incoming requests, newest first, keyset on (created_at, creator).
    index('profile_request_profile_created_idx').on(t.profile, t.createdAt, t.creator),
    check('profile_request_state_check', oneOf(t.state, MATRIMONY_REQUEST_STATES)),
  ],
);

/**
 * The owner was told of a request from `creator` (docs/product/matrimony.md, "Full-profile requests"): kept
 * when the request is withdrawn, so asking again never tells them twice.
 */
export const profileRequestNotice = pgTable(
  'profile_request_notice',
  {
    creator: text('creator').notNull().references(profileRef, { onDelete: 'cascade' }),
    profile: text('profile').notNull().references(profileRef, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'profile_request_notice_pk', columns: [t.creator, t.profile] }),
    index('profile_request_notice_profile_idx').on(t.profile),
  ],
);

/**
 * A match (mutual shortlist), one row for each side so each member's list is one index range.
 * The primary key makes a pair match once however many shortlists race.
 */
export const matrimonyMatch = pgTable(
  'matrimony_match',
  {
    member: text('member').notNull().references(profileRef, { onDelete: 'cascade' }),
    other: text('other').notNull().references(profileRef, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /**
     * When `member` saw this match on their Matches tab; null until then (the tab's count and notice,
     * docs/product/matrimony.md, "Dashboard"). Matches from before it existed count as seen.
     */
    seenAt: at('seen_at').defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'matrimony_match_pk', columns: [t.member, t.other] }),
    index('matrimony_match_member_created_idx').on(t.member, t.createdAt, t.other),
  ],
);

/** `blocker` blocked `blocked`: neither sees the other anywhere in matrimony. */
export const matrimonyBlock = pgTable(
  'matrimony_block',
  {
    blocker: text('blocker').notNull().references(profileRef, { onDelete: 'cascade' }),
    blocked: text('blocked').notNull().references(profileRef, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'matrimony_block_pk', columns: [t.blocker, t.blocked] }),
    index('matrimony_block_blocked_idx').on(t.blocked),
  ],
);

/** `member` is not interested in `profile`: it leaves their suggestions. */
export const matrimonyNotInterested = pgTable(
  'matrimony_not_interested',
  {
    member: text('member').notNull().references(profileRef, { onDelete: 'cascade' }),
    profile: text('profile').notNull().references(profileRef, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'matrimony_not_interested_pk', columns: [t.member, t.profile] }),
    index('matrimony_not_interested_profile_idx').on(t.profile),
  ],
);

/** A member's report of a profile, for the staff queue. */
export const matrimonyReport = pgTable(
  'matrimony_report',
  {
    id: id(),
    reporter: text('reporter').notNull().references(profileRef, { onDelete: 'cascade' }),
    profile: text('profile').notNull().references(profileRef, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    status: text('status').$type<MatrimonyReportStatus>().notNull().default('open'),
    decidedBy: text('decided_by'),
    decidedAt: at('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('matrimony_report_status_created_idx').on(t.status, t.createdAt, t.id),
    index('matrimony_report_profile_status_idx').on(t.profile, t.status),
    index('matrimony_report_reporter_idx').on(t.reporter),
    check('matrimony_report_status_check', oneOf(t.status, MATRIMONY_REPORT_STATUSES)),
  ],
);
