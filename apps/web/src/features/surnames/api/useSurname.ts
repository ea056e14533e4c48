import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { Surname } from './types';

export const surnameQueryKey = (name: string) => ['surnames', 'one', name] as const;

export function useSurname(name: string) {
  return useQuery({
    queryKey: surnameQueryKey(name),
    queryFn: ({ signal }) => api<Surname>(`/api/surnames/${encodeURIComponent(name)}`, { signal }),
    enabled: name !== '',
  });
}
