import type { ProfileView } from '@samaj/core';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api';
import { profileQueryKey } from '../../../lib/queryKeys';

export function useProfile(username: string) {
  return useQuery({
    queryKey: profileQueryKey(username),
    queryFn: ({ signal }) => api<ProfileView>(`/api/profiles/${encodeURIComponent(username)}`, { signal }),
    // An unknown member will not appear by asking again.
    retry: (failures, error) => !(error instanceof ApiError && error.code === 404) && failures < 1,
  });
}
