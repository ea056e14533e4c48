// What a member may see: all of their own account, only the public part of others'.
import type { AccountView, Gender, MaritalStatus, ProfileView } from '@samaj/core';
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
>;

/** The member's own account (GET /api/account). */
export function accountView(u: AccountSource): AccountView {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    phone: u.phone ?? null,
    labels: u.labels ?? [],
    createdAt: u.createdAt.toISOString(),
    surname: u.surname ?? null,
    prefs: {
      dp: u.dp || 'newuser',
      dob: u.dob ?? null,
      // The columns are plain text, but only manageProfileSchema's choices are ever written to them.
      gender: (u.gender as Gender | null) ?? null,
      marital_status: (u.maritalStatus as MaritalStatus | null) ?? null,
      matrimony: u.matrimony ?? null,
    },
  };
}

/** Another member's profile: never email, phone, birthday, gender or marital status. */
export function profileView(u: Pick<UserRow, 'id' | 'name' | 'dp' | 'labels' | 'createdAt'>): ProfileView {
  return {
    id: u.id,
    name: u.name,
    dp: u.dp || 'newuser',
    labels: u.labels ?? [],
    createdAt: u.createdAt.toISOString(),
  };
}
