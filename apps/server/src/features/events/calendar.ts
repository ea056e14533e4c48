// "Add to calendar" (docs/product/events.md, "Event details"): the event as an iCalendar file with its
// time, place and link. The `ics` package writes the properties and escapes backslash, `;`, `,` and
// CRLF/LF in text; what it leaves is done here: every other line break a calendar might honour (a lone
// CR, U+2028) becomes an escaped one and other control characters go, so no text of the event can
// start a property of its own (an ORGANIZER, a VALARM); and lines are folded at 75 octets, as RFC 5545
// says, where the package counts characters (a Gujarati character is 3 octets).
import { createEvent } from 'ics';
import type { EventRow } from './view.ts';

/**
 * How long the calendar entry lasts: the event form has no end time, and a start alone reads as an
 * instant (some calendars then show nothing in the day view, others an hour).
 */
export const CALENDAR_EVENT_DURATION_MS = 2 * 60 * 60 * 1000;

/** The event's page in the app: where the calendar entry leads back to. */
export const eventLink = (publicUrl: string, id: string) => `${publicUrl}/event/${encodeURIComponent(id)}`;

/**
 * Text as one iCalendar TEXT value: every line break (CRLF, CR, LF, NEL, U+2028, U+2029) one LF,
 * which the package writes as `\n`; every other control character (C0 but tab, DEL, C1) dropped.
 */
export function calendarText(text: string): string {
  return (
    text
      .replace(/\r\n|[\r\u0085\u2028\u2029]/g, '\n')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: dropping control characters is the point.
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '')
  );
}

/** One content line folded at 75 octets: CRLF and a space before each further 74, never inside a character. */
function foldLine(line: string): string {
  const parts: string[] = [];
  let part = '';
  let octets = 0;
  let limit = 75;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > limit) {
      parts.push(part);
      part = '';
      octets = 0;
      limit = 74; // the leading space counts
    }
    part += char;
    octets += size;
  }
  parts.push(part);
  return parts.join('\r\n ');
}

/** The package's output unfolded (its folds are CRLF + tab) and folded again by octets. */
export function foldByOctets(ics: string): string {
  return ics
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .map(foldLine)
    .join('\r\n');
}

/**
 * One VEVENT: the start time in UTC (every calendar shows it in its own zone), an end
 * CALENDAR_EVENT_DURATION_MS later, the location's text, the place on the map as GEO, and the link
 * both as URL and at the end of the description (most calendars show only the description). The UID
 * is the event's, so adding it again updates the entry instead of doubling it.
 */
export function eventCalendar(row: EventRow, publicUrl: string): string {
  const link = eventLink(publicUrl, row.id);
  const description = calendarText(row.description);
  const location = calendarText(row.location);
  const start = row.time.getTime();
  const { value, error } = createEvent({
    productId: 'samaj/events',
    uid: `${row.id}@${new URL(publicUrl).host}`,
    start,
    startInputType: 'utc',
    startOutputType: 'utc',
    end: start + CALENDAR_EVENT_DURATION_MS,
    endInputType: 'utc',
    endOutputType: 'utc',
    title: calendarText(row.name),
    description: description ? `${description}\n\n${link}` : link,
    ...(location ? { location } : {}),
    ...(row.latitude !== null && row.longitude !== null
      ? { geo: { lat: row.latitude, lon: row.longitude } }
      : {}),
    url: link,
  });
  // Only a bug of ours (a value the schema refuses) lands here: the event's fields were checked on save.
  if (error || !value) throw error ?? new Error('The calendar entry could not be written');
  return foldByOctets(value);
}
