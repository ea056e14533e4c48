// The events list (SPEC §2 Events): members only, newest first, 4 then 3 per cursor page.

import type { EventPage } from '@samaj/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const eventsKeys = {
  all: ['events'] as const,
  list: () => ['events', 'list'] as const,
};

export function eventsUrl(cursor: string | null): string {
  return cursor ? `/api/events?cursor=${encodeURIComponent(cursor)}` : '/api/events';
}

export function useEventsList(enabled = true) {
  return useInfiniteQuery({
    queryKey: eventsKeys.list(),
    queryFn: ({ pageParam, signal }) => api<EventPage>(eventsUrl(pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
}
