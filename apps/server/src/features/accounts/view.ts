// What a member may see: all of their own account, only the public part of others'.
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
export function accountView(u: AccountSource) {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    phone: u.phone ?? null,
    labels: u.labels ?? [],
    createdAt: u.createdAt,
    surname: u.surname ?? null,
    prefs: {
      dp: u.dp || 'newuser',
      dob: u.dob ?? null,
      gender: u.gender ?? null,
      marital_status: u.maritalStatus ?? null,
      matrimony: u.matrimony ?? null,
    },
  };
}

export type AccountView = ReturnType<typeof accountView>;

/** Another member's profile: never email, phone, birthday, gender or marital status. */
export function profileView(u: Pick<UserRow, 'id' | 'name' | 'dp' | 'labels' | 'createdAt'>) {
  return {
    id: u.id,
    name: u.name,
    dp: u.dp || 'newuser',
    labels: u.labels ?? [],
    createdAt: u.createdAt,
  };
}
