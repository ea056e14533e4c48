// The events list (SPEC §2 Events): members only, newest first, 4 then 3 per cursor page.

import type { EventPage, EventView } from '@samaj/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const eventsKeys = {
  all: ['events'] as const,
  list: () => ['events', 'list'] as const,
  one: (id: string) => ['events', 'one', id] as const,
};

/** One event by id (SPEC §7: the event page loads one event for the signed-in member). */
export function useEvent(id: string, enabled = true) {
  return useQuery({
    queryKey: eventsKeys.one(id),
    queryFn: ({ signal }) => api<EventView>(`/api/events/${encodeURIComponent(id)}`, { signal }),
    enabled,
    retry: false,
  });
}

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
