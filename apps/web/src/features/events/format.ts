import { DEFAULT_TIME_ZONE, type EventView, formatEventStart } from '@samaj/core';
import { useNow } from '../../lib/clock';
import { usePublicConfig } from '../../lib/publicConfig';

/** The community's time zone (COMMUNITY_TIME_ZONE): events' starts are shown and entered in it. */
export function useCommunityTimeZone(): string {
  return usePublicConfig().data?.timeZone ?? DEFAULT_TIME_ZONE;
}

/**
 * An event's start as members read it: 'dd/MM/yyyy · HH:mm' (docs/product/errors.md, "Formats") in the
 * community's time zone, the same on the server's render and on every phone.
 */
export function useEventStart(): (iso: string) => string {
  const zone = useCommunityTimeZone();
  return (iso) => formatEventStart(iso, zone);
}

/** The calendar day 'yyyy-MM-dd' of a moment in `zone` (comparable as text). */
function dayIn(date: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
}

/**
 * Whether the event is over (it says 'Ended'): its stream ran and stopped, or its day — in the
 * community's time zone — is behind us. An event has no end time, so one without a stream stays on
 * for the rest of its day. "Now" is the render's moment until the app took the page over (lib/clock).
 */
export function useEventOver(): (event: Pick<EventView, 'time' | 'live' | 'liveEndedAt'>) => boolean {
  const zone = useCommunityTimeZone();
  const now = useNow();
  return (event) => {
    if (event.live) return false;
    if (event.liveEndedAt) return true;
    return dayIn(new Date(event.time), zone) < dayIn(now(), zone);
  };
}
