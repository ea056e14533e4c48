// GET /api/admin/summary: what waits for staff, shown in the console's header and on its tabs.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { adminKeys } from './keys';

export interface Summary {
  posts: number;
  reports: number;
  publisherRequests: number;
  surnameSubmissions: number;
}

export function useSummary() {
  return useQuery({
    queryKey: adminKeys.summary,
    queryFn: ({ signal }) => api<Summary>('/api/admin/summary', { signal }),
    staleTime: 15_000,
  });
}
