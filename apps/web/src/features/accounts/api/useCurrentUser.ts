import type { AccountView } from '@samaj/core';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api';

export const currentUserQueryKey = ['account'] as const;

async function fetchAccount(signal: AbortSignal): Promise<AccountView | null> {
  try {
    return await api<AccountView>('/api/account', { signal });
  } catch (error) {
    // Logged out is an answer, not a failure.
    if (error instanceof ApiError && error.code === 401) return null;
    throw error;
  }
}

/**
 * The member using the app: `undefined` while unknown, `null` when logged out.
 * Invalidate `currentUserQueryKey` after login, logout or a profile change.
 */
export function useCurrentUser(): { user: AccountView | null | undefined; isLoading: boolean } {
  const query = useQuery({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => fetchAccount(signal),
    retry: false,
    staleTime: 60_000,
  });
  // An unreachable server leaves the visitor with the logged-out screens rather than a spinner forever.
  const user = query.isError ? null : query.data;
  return { user, isLoading: query.isLoading };
}
