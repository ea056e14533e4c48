// A member's account as the server sends it (apps/server/src/features/accounts/view.ts).
import type { Gender, MaritalStatus } from '../constants.ts';

export interface AccountPrefs {
  dp: string;
  /** YYYY-MM-DD. */
  dob: string | null;
  gender: Gender | null;
  marital_status: MaritalStatus | null;
  matrimony: string | null;
}

/** The signed-in member (GET /api/account, and `user` after login, signup, profile change). `id` is the username. */
export interface AccountView {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  labels: string[];
  createdAt: string;
  surname: string | null;
  prefs: AccountPrefs;
  /**
   * Whether the member opened the confirmation mail sent to `email`
   * (docs/product/accounts.md, "Email confirmation").
   */
  emailVerified?: boolean;
}

/** POST /api/admin/members/:username/reset-link: a one-time password link, shown once. */
export interface ResetLinkView {
  url: string;
  expiresAt: string;
}

/** Another member (GET /api/profiles/:username): never email, phone, birthday, gender or marital status. */
export interface ProfileView {
  id: string;
  name: string;
  dp: string;
  labels: string[];
  createdAt: string;
}

/**
 * GET /api/members/lookup?q= (Admin, Publisher): members whose username or name holds `q`, for
 * picking an event's host as they type. Only what the picker shows: the username and the name.
 */
export interface MemberMatch {
  id: string;
  name: string;
}

export interface MemberLookup {
  members: MemberMatch[];
}
