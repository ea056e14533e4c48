import type { SurnameView } from '@samaj/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const surnameQueryKey = (name: string) => ['surnames', 'one', name] as const;

export function useSurname(name: string) {
  return useQuery({
    queryKey: surnameQueryKey(name),
    queryFn: ({ signal }) => api<SurnameView>(`/api/surnames/${encodeURIComponent(name)}`, { signal }),
    enabled: name !== '',
  });
}
