import { GENDERS, type Gender } from '@samaj/core';
import { check, index, pgTable, real, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { oneOf } from './check.ts';

/**
 * A member's matrimony listing; id = the member's user id (SPEC §3). New profiles wait for staff
 * verification ('requested'); other statuses: approved, banned, inactive (SPEC §4).
 */
export const matrimonyProfile = pgTable(
  'matrimony_profile',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    dp: text('dp'),
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
    status: text('status').notNull().default('requested'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index('matrimony_profile_status_gender_idx').on(t.status, t.gender),
    check('matrimony_profile_gender_check', oneOf(t.gender, GENDERS)),
  ],
);

/** Shortlist entry; id = creator id + profile id. A mutual shortlist is a match. */
export const shortlist = pgTable(
  'shortlist',
  {
    id: text('id').primaryKey(),
    creator: text('creator').notNull(),
    profile: text('profile')
      .notNull()
      .references(() => matrimonyProfile.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('shortlist_creator_profile_unique').on(t.creator, t.profile),
    index('shortlist_creator_created_idx').on(t.creator, t.createdAt.desc()),
    index('shortlist_profile_idx').on(t.profile),
  ],
);

/** Request for a full profile; id = creator id + profile id. */
export const profileRequest = pgTable(
  'profile_request',
  {
    id: text('id').primaryKey(),
    creator: text('creator').notNull(),
    profile: text('profile')
      .notNull()
      .references(() => matrimonyProfile.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('profile_request_creator_profile_unique').on(t.creator, t.profile),
    index('profile_request_creator_created_idx').on(t.creator, t.createdAt.desc()),
    index('profile_request_profile_idx').on(t.profile),
  ],
);
