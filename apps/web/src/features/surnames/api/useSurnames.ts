import { SURNAME_LIST_LIMIT } from '@samaj/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { Page, Surname } from './types';

export const surnamesQueryKey = ['surnames'] as const;

/** Not in spec: a ceiling on pages fetched for one list, so a broken cursor cannot loop forever. */
const MAX_PAGES = 50;

/**
 * Every surname, 100 per request (SPEC §7) following the cursor: the search box filters the whole
 * directory, so the list loads once and filters locally.
 */
export async function fetchAllSurnames(signal?: AbortSignal): Promise<Surname[]> {
  const all: Surname[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < MAX_PAGES; i++) {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const page: Page<Surname> = await api<Page<Surname>>(
      `/api/surnames?limit=${SURNAME_LIST_LIMIT}${query}`,
      { signal },
    );
    all.push(...page.documents);
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  return all;
}

export function useSurnames() {
  return useQuery({ queryKey: surnamesQueryKey, queryFn: ({ signal }) => fetchAllSurnames(signal) });
}
