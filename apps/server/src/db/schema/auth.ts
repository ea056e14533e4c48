// better-auth's tables, written by hand (its schema generator needs Node 22).
// Property names are what better-auth addresses; column names are snake_case.
// A member's id is their username (set in platform/auth/auth.ts).
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { surname as surnameTable } from './surnames.ts';

export const user = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // username plugin
    username: text('username').unique(),
    displayUsername: text('display_username'),
    // admin plugin (blocking)
    role: text('role'),
    banned: boolean('banned').default(false),
    banReason: text('ban_reason'),
    banExpires: timestamp('ban_expires', { withTimezone: true }),
    // Samaj's own fields (better-auth additionalFields)
    /** The member's surname (atak); surname.user_count counts these. */
    surname: text('surname').references(() => surnameTable.id, { onDelete: 'set null', onUpdate: 'cascade' }),
    phone: text('phone'),
    labels: text('labels').array().notNull().default(sql`'{}'::text[]`),
    dob: text('dob'),
    gender: text('gender'),
    maritalStatus: text('marital_status'),
    dp: text('dp').notNull().default('newuser'),
    matrimony: text('matrimony'),
  },
  // Counting members per surname (surnames.user_count) reads this index.
  (t) => [index('user_surname_idx').on(t.surname)],
);

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    impersonatedBy: text('impersonated_by'),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

export type UserRow = typeof user.$inferSelect;

/**
 * The key that signs session cookies, made once and kept in the database so
 * that every app process behind a load balancer signs with the same key and
 * no environment variable is needed.
 */
export const authSecret = pgTable('auth_secret', {
  id: text('id').primaryKey(),
  value: text('value').notNull(),
});
