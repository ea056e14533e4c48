// The events feature's calls (core's api/events.ts lists the routes): the list (4, then 3 per
// cursor page), one event, the live flag, Request Streaming, and the Admin/Publisher form.
import type {
  AttendanceResult,
  EventAttendees,
  EventDetails,
  EventDetailsPage,
  EventImageUpload,
  EventInput,
  EventView,
  MemberLookup,
  StreamRequestResult,
} from '@samaj/core';
import {
  type InfiniteData,
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const eventsKeys = {
  all: ['events'] as const,
  list: () => ['events', 'list'] as const,
  one: (id: string) => ['events', 'one', id] as const,
  members: (q: string) => ['events', 'members', q] as const,
};

const enc = encodeURIComponent;

/** One event by id (the event page loads one event for the signed-in member). */
export const eventQuery = (id: string) =>
  queryOptions({
    queryKey: eventsKeys.one(id),
    queryFn: ({ signal }) => api<EventDetails>(`/api/events/${enc(id)}`, { signal }),
    retry: false,
  });

export function useEvent(id: string, enabled = true) {
  return useQuery({ ...eventQuery(id), enabled });
}

export function eventsUrl(cursor: string | null): string {
  return cursor ? `/api/events?cursor=${enc(cursor)}` : '/api/events';
}

export const eventsListQuery = infiniteQueryOptions({
  queryKey: eventsKeys.list(),
  queryFn: ({ pageParam, signal }) => api<EventDetailsPage>(eventsUrl(pageParam), { signal }),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
});

export function useEventsList(enabled = true) {
  return useInfiniteQuery({ ...eventsListQuery, enabled });
}

/** Puts a changed event into the cached screen and list, so both show it without a refetch. */
function useRememberEvent() {
  const client = useQueryClient();
  return (id: string, change: Partial<EventDetails>) => {
    client.setQueryData<EventDetails>(eventsKeys.one(id), (old) => (old ? { ...old, ...change } : old));
    client.setQueryData<InfiniteData<EventDetailsPage>>(eventsKeys.list(), (old) =>
      old
        ? {
            ...old,
            pages: old.pages.map((page) => ({
              ...page,
              documents: page.documents.map((e) => (e.id === id ? { ...e, ...change } : e)),
            })),
          }
        : old,
    );
  };
}

/** Start and END: the host (or an Admin) sets the live flag. */
export function useSetLive(id: string) {
  const remember = useRememberEvent();
  return useMutation({
    mutationFn: (live: boolean) =>
      api<EventView>(`/api/events/${enc(id)}/live`, { method: 'PUT', body: { live } }),
    onSuccess: (event) => remember(event.id, event),
  });
}

/** "Watch again": the event's recorded stream (members; the browser seeks it with Range requests). */
export function replayUrl(id: string): string {
  return `/api/events/${enc(id)}/replay`;
}

/** The event's manager deletes its replay; the screen and the list stop offering it. */
export function useDeleteReplay(id: string) {
  const remember = useRememberEvent();
  return useMutation({
    mutationFn: () => api(replayUrl(id), { method: 'DELETE' }),
    onSuccess: () => remember(id, { replay: null }),
  });
}

/** "I'll attend" (true) or not any more (false): the screen and the list show the answer and the new count. */
export function useSetAttendance(id: string) {
  const remember = useRememberEvent();
  return useMutation({
    mutationFn: (attending: boolean) =>
      api<AttendanceResult>(`/api/events/${enc(id)}/attendance`, { method: 'PUT', body: { attending } }),
    onSuccess: (result) => remember(id, result),
  });
}

/** How many said "I'll attend", as a visitor sees it (the count only; members read it on the event). */
export const eventAttendeesQuery = (id: string) =>
  queryOptions({
    queryKey: ['events', 'attendees', id],
    queryFn: ({ signal }) => api<EventAttendees>(`/api/events/${enc(id)}/attendees`, { signal }),
    retry: false,
  });

export function useEventAttendees(id: string) {
  return useQuery(eventAttendeesQuery(id));
}

/** "Add to calendar": the event's .ics (its time, place and link), downloaded by the browser. */
export function calendarUrl(id: string): string {
  return `/api/events/${enc(id)}/calendar`;
}

/** `Request Streaming`: recorded once per member; the host and staff see the count. */
export function useRequestStreaming() {
  const remember = useRememberEvent();
  return useMutation({
    mutationFn: (id: string) =>
      api<StreamRequestResult>(`/api/events/${enc(id)}/stream-requests`, { method: 'POST' }),
    onSuccess: (result, id) => remember(id, result),
  });
}

export function uploadEventImage(file: File): Promise<EventImageUpload> {
  const form = new FormData();
  form.append('file', file);
  return api<EventImageUpload>('/api/events/images', { body: form });
}

/** Create (no id) or edit an event; lists and the screen show the saved one. */
export function useSaveEvent(id: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EventInput) =>
      id
        ? api<EventView>(`/api/events/${enc(id)}`, { method: 'PUT', body: input })
        : api<EventView>('/api/events', { body: input }),
    onSuccess: async (event) => {
      client.setQueryData(eventsKeys.one(event.id), event);
      await client.invalidateQueries({ queryKey: eventsKeys.list() });
    },
  });
}

export function useDeleteEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/events/${enc(id)}`, { method: 'DELETE' }),
    onSuccess: async (_result, id) => {
      client.removeQueries({ queryKey: eventsKeys.one(id) });
      await client.invalidateQueries({ queryKey: eventsKeys.list() });
    },
  });
}

/**
 * Members whose name or username holds `q`, for the host field (GET /api/members/lookup, Admin and
 * Publisher only). Asked only once something is typed; the last answer stays while the next loads.
 */
export function useMemberLookup(q: string, enabled: boolean) {
  const query = q.trim();
  return useQuery({
    queryKey: eventsKeys.members(query),
    queryFn: ({ signal }) => api<MemberLookup>(`/api/members/lookup?q=${enc(query)}`, { signal }),
    enabled: enabled && query.length > 0,
    placeholderData: (previous) => previous,
    staleTime: 60_000,
  });
}
