// better-auth's tables, written by hand (its schema generator needs Node 22).
// Property names are what better-auth addresses; column names are snake_case.
// A member's id is their username (set in platform/auth/auth.ts).
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { at, createdAt } from './columns.ts';
import { surname as surnameTable } from './surnames.ts';

export const user = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    // username plugin
    username: text('username').unique(),
    displayUsername: text('display_username'),
    // admin plugin (blocking)
    role: text('role'),
    banned: boolean('banned').default(false),
    banReason: text('ban_reason'),
    banExpires: at('ban_expires'),
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

/** A column naming a member whose rows go with their account. */
export const memberRef = (name: string) =>
  text(name)
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' });

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: at('expires_at').notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: memberRef('user_id'),
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
    userId: memberRef('user_id'),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: at('access_token_expires_at'),
    refreshTokenExpiresAt: at('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: at('expires_at').notNull(),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
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
