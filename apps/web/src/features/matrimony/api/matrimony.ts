// The member's side of matrimony (paths in core's api/matrimony.ts). Every query key starts with
// 'matrimony', so one invalidation after an action refreshes suggestions, matches, requests and the
// count together: a shortlist can make a match, a block ends one, an accept shows contact.
import type {
  FullProfile,
  HiddenProfile,
  IncomingRequest,
  MatchCard,
  MatchNews,
  MatrimonyProfileInput,
  MatrimonySettings,
  MyProfile,
  Page,
  PhotoUpload,
  ProfileCard,
  RequestCount,
  ShortlistResult,
} from '@samaj/core';
import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { currentUserQueryKey } from '../../../lib/session';

export const matrimonyKeys = {
  all: ['matrimony'] as const,
  mine: ['matrimony', 'profile'] as const,
  suggestions: ['matrimony', 'suggestions'] as const,
  matches: ['matrimony', 'matches'] as const,
  requests: ['matrimony', 'requests'] as const,
  requestCount: ['matrimony', 'requests', 'count'] as const,
  matchNews: ['matrimony', 'matches', 'news'] as const,
  hidden: ['matrimony', 'hidden'] as const,
  profile: (id: string) => ['matrimony', 'full', id] as const,
};

const enc = encodeURIComponent;

/** My own profile: `null` when I have not listed one (the API answers 200 with null). */
export function useMyProfile(enabled: boolean) {
  return useQuery({
    queryKey: matrimonyKeys.mine,
    queryFn: ({ signal }) => api<MyProfile | null>('/api/matrimony/profile', { signal }),
    enabled,
  });
}

async function uploadPhoto(file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  const { dp } = await api<PhotoUpload>('/api/matrimony/photo', { body });
  return dp;
}

/** Apply (POST) or edit (PUT): a newly picked photo is uploaded first and sent as `dp`. */
export function useSaveProfile(method: 'POST' | 'PUT') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ values, photo }: { values: MatrimonyProfileInput; photo: File | null }) => {
      const dp = photo ? await uploadPhoto(photo) : values.dp;
      return api<MyProfile>('/api/matrimony/profile', { method, body: { ...values, dp: dp ?? null } });
    },
    onSuccess: async (profile) => {
      client.setQueryData(matrimonyKeys.mine, profile);
      // Applying sets the account's matrimony pref to 'applied'.
      await client.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}

/** Hide (inactive) or Activate (active). */
export function useSetStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (status: 'active' | 'inactive') =>
      api<MyProfile>('/api/matrimony/profile/status', { body: { status } }),
    onSuccess: (profile) => {
      client.setQueryData(matrimonyKeys.mine, profile);
      return client.invalidateQueries({ queryKey: matrimonyKeys.all });
    },
  });
}

export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: MatrimonySettings) =>
      api<MatrimonySettings>('/api/matrimony/settings', { method: 'PUT', body: settings }),
    onSuccess: (settings) => {
      client.setQueryData<MyProfile | null>(matrimonyKeys.mine, (mine) =>
        mine ? { ...mine, ...settings } : mine,
      );
      return client.invalidateQueries({ queryKey: matrimonyKeys.suggestions });
    },
  });
}

function usePages<T>(queryKey: readonly unknown[], path: string) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      api<Page<T>>(pageParam ? `${path}?cursor=${enc(pageParam)}` : path, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export const useSuggestions = () =>
  usePages<ProfileCard>(matrimonyKeys.suggestions, '/api/matrimony/suggestions');
export const useMatches = () => usePages<MatchCard>(matrimonyKeys.matches, '/api/matrimony/matches');
export const useIncomingRequests = () =>
  usePages<IncomingRequest>(matrimonyKeys.requests, '/api/matrimony/requests');

export function useRequestCount() {
  return useQuery({
    queryKey: matrimonyKeys.requestCount,
    queryFn: ({ signal }) => api<RequestCount>('/api/matrimony/requests/count', { signal }),
  });
}

/** New matches and answers to my requests since I last opened Matches (its count and notice). */
export function useMatchNews() {
  return useQuery({
    queryKey: matrimonyKeys.matchNews,
    queryFn: ({ signal }) => api<MatchNews>('/api/matrimony/matches/news', { signal }),
  });
}

/** I opened Matches: its news is seen. */
export function useMatchesSeen() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/matrimony/matches/seen', { method: 'POST' }),
    onSuccess: () => client.setQueryData<MatchNews>(matrimonyKeys.matchNews, { matches: 0, answers: 0 }),
  });
}

/** Another member's profile; `contact` only once they accepted my request. */
export const fullProfileQuery = (id: string) =>
  queryOptions({
    queryKey: matrimonyKeys.profile(id),
    queryFn: ({ signal }) => api<FullProfile>(`/api/matrimony/profiles/${enc(id)}`, { signal }),
  });

export function useFullProfile(id: string, enabled = true) {
  return useQuery({ ...fullProfileQuery(id), enabled });
}

/** Any action on another profile: afterwards every matrimony list is read again. */
function useAction<V, R = unknown>(request: (input: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () => client.invalidateQueries({ queryKey: matrimonyKeys.all }),
  });
}

export const useShortlist = () =>
  useAction(
    ({ profile, on }: { profile: string; on: boolean }): Promise<ShortlistResult | null> =>
      on
        ? api<ShortlistResult>('/api/matrimony/shortlists', { body: { profile } })
        : api<null>(`/api/matrimony/shortlists/${enc(profile)}`, { method: 'DELETE' }),
  );

/** Request Full Profile / withdraw it (Request Sent). */
export const useFullProfileRequest = () =>
  useAction(({ profile, on }: { profile: string; on: boolean }) =>
    on
      ? api('/api/matrimony/requests', { body: { profile } })
      : api(`/api/matrimony/requests/${enc(profile)}`, { method: 'DELETE' }),
  );

/** Accept Request / Decline / Revoke Profile Access, by the requester's id. */
export const useAnswerRequest = () =>
  useAction(({ creator, answer }: { creator: string; answer: 'accept' | 'decline' | 'revoke' }) =>
    api(`/api/matrimony/requests/${enc(creator)}/${answer}`, { method: 'POST' }),
  );

export const useNotInterested = () =>
  useAction((profile: string) => api('/api/matrimony/not-interested', { body: { profile } }));
export const useBlock = () =>
  useAction((profile: string) => api('/api/matrimony/blocks', { body: { profile } }));
export const useReport = () =>
  useAction(({ profile, reason }: { profile: string; reason: string }) =>
    api('/api/matrimony/reports', { body: { profile, reason } }),
  );

/**
 * My Not interested and Block marks, for settings to review and undo (docs/product/matrimony.md, "Safety").
 */
export function useHiddenProfiles(enabled: boolean) {
  return useQuery({
    queryKey: matrimonyKeys.hidden,
    queryFn: ({ signal }) => api<HiddenProfile[]>('/api/matrimony/hidden', { signal }),
    enabled,
  });
}

/** Undo a Not interested mark or lift my block. */
export const useUndoHidden = () =>
  useAction(({ id, kind }: Pick<HiddenProfile, 'id' | 'kind'>) =>
    api(`/api/matrimony/${kind === 'blocked' ? 'blocks' : 'not-interested'}/${enc(id)}`, {
      method: 'DELETE',
    }),
  );
