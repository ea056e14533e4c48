import type { ProfileView } from '@samaj/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api';
import { profileQueryKey } from '../../../lib/queryKeys';

export const profileQuery = (username: string) =>
  queryOptions({
    queryKey: profileQueryKey(username),
    queryFn: ({ signal }) => api<ProfileView>(`/api/profiles/${encodeURIComponent(username)}`, { signal }),
    // An unknown member will not appear by asking again.
    retry: (failures, error) => !(error instanceof ApiError && error.code === 404) && failures < 1,
  });

export function useProfile(username: string) {
  return useQuery(profileQuery(username));
}
