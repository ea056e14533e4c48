// The staff console's matrimony queues (imitating features/admin/api/queues.ts): keyset pages with
// load more; every decision refreshes everything under 'admin' (queues, the waiting counts on the
// tabs, the audit log) and the member's own matrimony screens in this browser.
import type { MatrimonyStatus, Page, StaffProfile, StaffReport } from '@samaj/core';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { matrimonyKeys } from './matrimony';

export const staffKeys = {
  profiles: (status: MatrimonyStatus) => ['admin', 'matrimony-profiles', status] as const,
  reports: ['admin', 'matrimony-reports'] as const,
};

function pages<T>(queryKey: readonly unknown[], path: string, params: Record<string, string> = {}) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams(params);
      if (pageParam) query.set('cursor', pageParam);
      const text = query.toString();
      return api<Page<T>>(text ? `${path}?${text}` : path, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** Profiles by status; `requested` is the verification queue, oldest first. */
export const staffProfilesQuery = (status: MatrimonyStatus) =>
  pages<StaffProfile>(staffKeys.profiles(status), '/api/admin/matrimony/profiles', { status });
export const useStaffProfiles = (status: MatrimonyStatus) => useInfiniteQuery(staffProfilesQuery(status));

/** Open reports of matrimony profiles, oldest first. */
export const staffReportsQuery = pages<StaffReport>(staffKeys.reports, '/api/admin/matrimony/reports');
export const useStaffReports = () => useInfiniteQuery(staffReportsQuery);

function useStaffAction<V>(request: (input: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['admin'] }),
        client.invalidateQueries({ queryKey: matrimonyKeys.all }),
      ]),
  });
}

const enc = encodeURIComponent;

export type ProfileDecision =
  | { id: string; decision: 'approve' | 'unban' }
  | { id: string; decision: 'ban'; reason: string };

export const useDecideProfile = () =>
  useStaffAction((input: ProfileDecision) =>
    api<StaffProfile>(`/api/admin/matrimony/profiles/${enc(input.id)}/${input.decision}`, {
      method: 'POST',
      ...(input.decision === 'ban' ? { body: { reason: input.reason } } : {}),
    }),
  );

export const useDismissReport = () =>
  useStaffAction((id: string) =>
    api<StaffReport>(`/api/admin/matrimony/reports/${enc(id)}/dismiss`, { method: 'POST' }),
  );
