import type { SurnameView } from '@samaj/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { bootAnswer } from '../../../lib/boot';

/** The surname the page was served with (boot data), when it is this one: drawn with the HTML. */
function servedWith(name: string) {
  const served = bootAnswer('surnamePage');
  return served && served.data.id === name ? { data: served.data.view, at: served.at } : undefined;
}

export const surnameQueryKey = (name: string) => ['surnames', 'one', name] as const;

export function useSurname(name: string) {
  const served = servedWith(name);
  return useQuery({
    initialData: served?.data,
    initialDataUpdatedAt: served?.at,
    queryKey: surnameQueryKey(name),
    queryFn: ({ signal }) => api<SurnameView>(`/api/surnames/${encodeURIComponent(name)}`, { signal }),
    enabled: name !== '',
  });
}
