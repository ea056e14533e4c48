import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api';

export interface AccountPrefs {
  dp?: string;
  dob?: string | null;
  gender?: 'Male' | 'Female' | null;
  marital_status?: 'Single' | 'Married' | null;
  matrimony?: string | null;
}

/** The signed-in member as GET /api/account returns it. `id` is the username. */
export interface Account {
  id: string;
  name: string;
  email: string;
  labels: string[];
  createdAt: string;
  prefs: AccountPrefs;
  surname?: string | null;
}

export const currentUserQueryKey = ['account'] as const;

async function fetchAccount(signal: AbortSignal): Promise<Account | null> {
  try {
    return await api<Account>('/api/account', { signal });
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
export function useCurrentUser(): { user: Account | null | undefined; isLoading: boolean } {
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
