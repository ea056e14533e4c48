import { type Page, SURNAME_LIST_LIMIT, type SurnameView, sortSurnames } from '@samaj/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const surnamesQueryKey = ['surnames'] as const;

/** Not in spec: a ceiling on pages fetched for one list, so a broken cursor cannot loop forever. */
const MAX_PAGES = 50;

/**
 * Every surname, 100 per request (docs/product/surnames.md, "Surname list") following the cursor: the search
 * box filters the whole directory, so the list loads once and filters locally. In core's one order
 * (sortSurnames), as signup lists them.
 */
export async function fetchAllSurnames(signal?: AbortSignal): Promise<SurnameView[]> {
  const all: SurnameView[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < MAX_PAGES; i++) {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const page: Page<SurnameView> = await api<Page<SurnameView>>(
      `/api/surnames?limit=${SURNAME_LIST_LIMIT}${query}`,
      { signal },
    );
    all.push(...page.documents);
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  return sortSurnames(all);
}

export const surnamesQuery = queryOptions({
  queryKey: surnamesQueryKey,
  queryFn: ({ signal }) => fetchAllSurnames(signal),
});

export function useSurnames() {
  return useQuery(surnamesQuery);
}
