import { SURNAME_LIST_LIMIT, sortSurnames } from '@samaj/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface SurnameOption {
  name: string;
  name_guj: string;
  /** For the search, as the directory searches (core filterSurnames). */
  pronounce: string;
}

interface SurnamePage {
  documents: SurnameOption[];
  nextCursor: string | null;
}

/** Every surname for the signup list: pages of 100, following nextCursor to the end. */
export const surnameOptionsQuery = queryOptions({
  queryKey: ['accounts', 'surname-options'],
  queryFn: async ({ signal }) => {
    const all: SurnameOption[] = [];
    let cursor: string | null = null;
    // A bound on the pages keeps a misbehaving server from looping us forever.
    for (let page = 0; page < 100; page++) {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const result: SurnamePage = await api<SurnamePage>(
        `/api/surnames?limit=${SURNAME_LIST_LIMIT}${query}`,
        { signal },
      );
      all.push(...result.documents.map(({ name, name_guj, pronounce }) => ({ name, name_guj, pronounce })));
      cursor = result.nextCursor;
      if (!cursor) break;
    }
    // The directory's order (core sortSurnames): the labels are Gujarati and read in Gujarati order.
    return sortSurnames(all);
  },
  staleTime: 5 * 60_000,
});

export function useSurnameOptions() {
  return useQuery(surnameOptionsQuery);
}
