// GET /api/admin/summary: what waits for staff, shown in the console's header and on its tabs.
import type { StaffSummary } from '@samaj/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { adminKeys } from './keys';

export const summaryQuery = queryOptions({
  queryKey: adminKeys.summary,
  queryFn: ({ signal }) => api<StaffSummary>('/api/admin/summary', { signal }),
  staleTime: 15_000,
});

export function useSummary() {
  return useQuery(summaryQuery);
}
