// Who is using the app, for every feature: the member (or null), and forgetting them on logout.
import type { AccountView } from '@samaj/core';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api, apiOrNull } from './api';
import { publicConfigQueryKey } from './publicConfig';
import { logPushError } from './push/log';
import { PUSH_RECORD_KEY } from './push/record';
import { clearRuntimeCaches } from './serviceWorker';

export const currentUserQueryKey = ['account'] as const;

// Logged out (401) is an answer, not a failure.
const fetchAccount = (signal: AbortSignal) => apiOrNull<AccountView>('/api/account', 401, { signal });

/** Who is signed in: every page asks (the shell), so the server's render asks before its first pass. */
export const currentUserQuery = queryOptions({
  queryKey: currentUserQueryKey,
  queryFn: ({ signal }) => fetchAccount(signal),
  retry: false,
  staleTime: 60_000,
});

/**
 * The member using the app: `undefined` while unknown, `null` when logged out.
 * Invalidate `currentUserQueryKey` after login, logout or a profile change.
 */
export function useCurrentUser(): { user: AccountView | null | undefined; isLoading: boolean } {
  const query = useQuery(currentUserQuery);
  // An unreachable server leaves the visitor with the logged-out screens rather than a spinner forever.
  const user = query.isError ? null : query.data;
  return { user, isLoading: query.isLoading };
}

/** Forgets everything the previous member's session loaded (keeping only the site's own config). */
export function forgetSession(client: QueryClient): void {
  client.removeQueries({ predicate: (q) => q.queryKey[0] !== publicConfigQueryKey[0] });
  client.setQueryData(currentUserQueryKey, null);
}

export async function logout(client: QueryClient): Promise<void> {
  // While still signed in: this device stops receiving the member's notifications, so the next
  // person to use it is not shown them.
  try {
    if (localStorage.getItem(PUSH_RECORD_KEY)) await (await import('./push/subscribe')).unsubscribeFromPush();
  } catch (error) {
    logPushError(error);
  }
  try {
    await api('/api/account/logout', { method: 'POST' });
  } finally {
    // Even if the server could not be reached, this browser must stop showing the account,
    // including what the service worker kept of it for offline use.
    forgetSession(client);
    await clearRuntimeCaches().catch(() => undefined);
  }
}
