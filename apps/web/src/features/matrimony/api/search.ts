// Choosing (docs/product/matrimony.md, "Partner preferences and filters"): partner preferences — the filters
// the member's suggestions take — and the lists "Shortlisted me" and "Sent requests". Every key starts with
// 'matrimony', so a card's action (api/matrimony.ts useAction) refreshes these lists too.
import type {
  Page,
  PartnerPreferences,
  PartnerPreferencesInput,
  ProfileCard,
  SentRequest,
} from '@samaj/core';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { matrimonyKeys } from './matrimony';

export const searchKeys = {
  preferences: ['matrimony', 'preferences'] as const,
  shortlistedMe: ['matrimony', 'shortlisted-me'] as const,
  sent: ['matrimony', 'requests-sent'] as const,
};

/** My saved partner preferences; `null` when none are saved. */
export function usePreferences() {
  return useQuery({
    queryKey: searchKeys.preferences,
    queryFn: ({ signal }) => api<PartnerPreferences | null>('/api/matrimony/preferences', { signal }),
  });
}

/** Save (replace) my preferences: my suggestions are read again with them. */
export function useSavePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PartnerPreferencesInput) =>
      api<PartnerPreferences>('/api/matrimony/preferences', { method: 'PUT', body: input }),
    onSuccess: (saved) => {
      client.setQueryData(searchKeys.preferences, saved);
      return client.invalidateQueries({ queryKey: matrimonyKeys.suggestions });
    },
  });
}

/** Clear my preferences: suggestions as before any were saved. */
export function useClearPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<null>('/api/matrimony/preferences', { method: 'DELETE' }),
    onSuccess: () => {
      client.setQueryData(searchKeys.preferences, null);
      return client.invalidateQueries({ queryKey: matrimonyKeys.suggestions });
    },
  });
}

function usePages<T>(queryKey: readonly unknown[], path: string) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      api<Page<T>>(pageParam ? `${path}?cursor=${encodeURIComponent(pageParam)}` : path, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export const useShortlistedMe = () =>
  usePages<ProfileCard>(searchKeys.shortlistedMe, '/api/matrimony/shortlisted-me');
export const useSentRequests = () => usePages<SentRequest>(searchKeys.sent, '/api/matrimony/requests/sent');
