// Where the listing form's gam and gotra come from before there is a listing: the member's surname
// (GET /api/surnames/:name). Once listed, the server sends them with the profile (MyProfile.family).
import type { SurnameView } from '@samaj/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export function useSurnameOrigin(surname: string | null | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['matrimony', 'origin', surname ?? ''] as const,
    queryFn: ({ signal }) =>
      api<SurnameView>(`/api/surnames/${encodeURIComponent(surname ?? '')}`, { signal }),
    enabled: enabled && !!surname,
    select: (s) => ({ gam: s.gam.trim() || null, gotra: s.gotra.trim() || null }),
  });
}
