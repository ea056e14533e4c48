import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api';

/** The public part of a member (GET /api/profiles/:username): never email, phone or birthday. */
export interface PublicProfile {
  id: string;
  name: string;
  dp: string;
  labels: string[];
  createdAt: string;
}

export const profileQueryKey = (username: string) => ['profile', username] as const;

export function useProfile(username: string) {
  return useQuery({
    queryKey: profileQueryKey(username),
    queryFn: ({ signal }) => api<PublicProfile>(`/api/profiles/${encodeURIComponent(username)}`, { signal }),
    // An unknown member will not appear by asking again.
    retry: (failures, error) => !(error instanceof ApiError && error.code === 404) && failures < 1,
  });
}
