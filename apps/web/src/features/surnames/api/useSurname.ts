import type { SurnameView } from '@samaj/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const surnameQueryKey = (name: string) => ['surnames', 'one', name] as const;

export const surnameQuery = (name: string) =>
  queryOptions({
    queryKey: surnameQueryKey(name),
    queryFn: ({ signal }) => api<SurnameView>(`/api/surnames/${encodeURIComponent(name)}`, { signal }),
  });

export function useSurname(name: string) {
  return useQuery({ ...surnameQuery(name), enabled: name !== '' });
}
