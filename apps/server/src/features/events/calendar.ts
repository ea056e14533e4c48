// "Add to calendar" (docs/product/events.md, "Event details"): the event as an iCalendar file with its time,
// place and link. The `ics` package writes RFC 5545 (escaping, folding, CRLF) so that no text of the event
// can break out of its property.
import { createEvent, type EventAttributes } from 'ics';
import type { EventRow } from './view.ts';

/** The event's page in the app: where the calendar entry leads back to. */
export const eventLink = (publicUrl: string, id: string) => `${publicUrl}/event/${encodeURIComponent(id)}`;

/**
 * One VEVENT: the start time in UTC (every calendar shows it in its own zone), no end (the event has
 * none: RFC 5545 reads a DTSTART alone as the moment it starts), the location's text, the place on the
 * map as GEO, and the link both as URL and at the end of the description (most calendars show only
 * the description). The UID is the event's, so adding it again updates the entry instead of doubling it.
 */
export function eventCalendar(row: EventRow, publicUrl: string): string {
  const link = eventLink(publicUrl, row.id);
  const { value, error } = createEvent({
    productId: 'samaj/events',
    uid: `${row.id}@${new URL(publicUrl).host}`,
    start: row.time.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    title: row.name,
    description: row.description ? `${row.description}\n\n${link}` : link,
    ...(row.location ? { location: row.location } : {}),
    ...(row.latitude !== null && row.longitude !== null
      ? { geo: { lat: row.latitude, lon: row.longitude } }
      : {}),
    url: link,
    // The package writes a DTSTART alone (RFC 5545's "ends when it starts"); its types want an end
    // or a duration, which the event does not have and we will not invent.
  } as EventAttributes);
  // Only a bug of ours (a value the schema refuses) lands here: the event's fields were checked on save.
  if (error || !value) throw error ?? new Error('The calendar entry could not be written');
  return value;
}
