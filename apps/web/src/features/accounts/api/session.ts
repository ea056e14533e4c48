// Login, signup and logout: each ends with the cache telling the truth about who is signed in.
import type { AccountView, SignupPayload } from '@samaj/core';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { publicConfigQueryKey } from '../../../lib/publicConfig';
import { currentUserQueryKey } from './useCurrentUser';

async function signedIn(client: QueryClient, user: AccountView): Promise<void> {
  client.setQueryData(currentUserQueryKey, user);
  await client.invalidateQueries({ queryKey: currentUserQueryKey });
}

export async function login(client: QueryClient, email: string, password: string): Promise<void> {
  const { user } = await api<{ user: AccountView }>('/api/account/login', { body: { email, password } });
  await signedIn(client, user);
}

export async function signup(client: QueryClient, payload: SignupPayload): Promise<void> {
  const { user } = await api<{ user: AccountView }>('/api/account/signup', { body: payload });
  // The chosen surname's member count just changed.
  await client.invalidateQueries({ queryKey: ['surnames'] });
  await signedIn(client, user);
}

/** Forgets everything the previous member's session loaded (keeping only the site's own config). */
export function forgetSession(client: QueryClient): void {
  client.removeQueries({ predicate: (q) => q.queryKey[0] !== publicConfigQueryKey[0] });
  client.setQueryData(currentUserQueryKey, null);
}

export async function logout(client: QueryClient): Promise<void> {
  try {
    await api('/api/account/logout', { method: 'POST' });
  } finally {
    // Even if the server could not be reached, this browser must stop showing the account.
    forgetSession(client);
  }
}
