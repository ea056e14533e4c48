// Login and signup (logout lives in lib/session): each leaves the cache telling who is signed in.
import type { AccountView, SignupPayload } from '@samaj/core';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { currentUserQueryKey } from '../../../lib/session';

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
