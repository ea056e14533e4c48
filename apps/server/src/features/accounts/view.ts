// What a member may see: all of their own account, only the public part of others'.
import {
  type AccountView,
  DEFAULT_PICTURE_ID,
  GENDERS,
  type Gender,
  MARITAL_STATUSES,
  type MaritalStatus,
  type ProfileView,
} from '@samaj/core';
import { z } from 'zod';
import type { UserRow } from './queries.ts';

type AccountSource = Pick<
  UserRow,
  | 'id'
  | 'name'
  | 'email'
  | 'phone'
  | 'labels'
  | 'createdAt'
  | 'dp'
  | 'dob'
  | 'gender'
  | 'maritalStatus'
  | 'matrimony'
  | 'surname'
  | 'emailVerified'
>;

/** The member's own account (GET /api/account). */
export function accountView(u: AccountSource): AccountView & { emailVerified: boolean } {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    phone: u.phone ?? null,
    labels: u.labels ?? [],
    createdAt: u.createdAt.toISOString(),
    surname: u.surname ?? null,
    prefs: {
      dp: u.dp || DEFAULT_PICTURE_ID,
      dob: u.dob ?? null,
      // The columns are plain text, but only manageProfileSchema's choices are ever written to them.
      gender: (u.gender as Gender | null) ?? null,
      marital_status: (u.maritalStatus as MaritalStatus | null) ?? null,
      matrimony: u.matrimony ?? null,
    },
    emailVerified: u.emailVerified,
  };
}

/** Another member's profile: never email, phone, birthday, gender or marital status. */
export function profileView(u: Pick<UserRow, 'id' | 'name' | 'dp' | 'labels' | 'createdAt'>): ProfileView {
  return {
    id: u.id,
    name: u.name,
    dp: u.dp || DEFAULT_PICTURE_ID,
    labels: u.labels ?? [],
    createdAt: u.createdAt.toISOString(),
  };
}

// Response schemas (the OpenAPI document at /api/docs describes the routes with them).
export const accountViewSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    labels: z.array(z.string()),
    createdAt: z.string(),
    surname: z.string().nullable(),
    prefs: z.object({
      dp: z.string(),
      dob: z.string().nullable(),
      gender: z.enum(GENDERS).nullable(),
      marital_status: z.enum(MARITAL_STATUSES).nullable(),
      matrimony: z.string().nullable(),
    }),
    /** Whether the member opened the confirmation mail sent to `email`. */
    emailVerified: z.boolean(),
  })
  .describe('Account') satisfies z.ZodType<AccountView>;

export const accountResponse = z.object({
  user: accountViewSchema,
  /** A new address waiting for its confirmation link to be opened (PATCH with SMTP configured). */
  pendingEmail: z.string().optional(),
});

export const profileViewSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    dp: z.string(),
    labels: z.array(z.string()),
    createdAt: z.string(),
  })
  .describe('Profile') satisfies z.ZodType<ProfileView>;

/** The download: accounts' own data, then one key per registered part of the member's data. */
export const exportResponse = z
  .looseObject({
    exportedAt: z.string(),
    account: z.looseObject({ id: z.string(), email: z.string() }),
    sessions: z.array(z.looseObject({})),
    files: z.array(z.looseObject({})),
  })
  .describe('Member data export');
