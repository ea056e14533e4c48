// An event's start in the community's time zone (docs/product/events.md, "Community time zone";
// COMMUNITY_TIME_ZONE, public-config's `timeZone`): every member reads the same wall-clock time — the samaj's
// — whichever zone their phone is in, the server's render and the browser's agree (no hydration mismatch),
// and the event form reads and writes that same wall-clock time. Only the platform's Intl, which knows the
// IANA zones and their DST.

/** Where the community meets when the operator names no zone (COMMUNITY_TIME_ZONE): India. */
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

/** Whether `zone` is an IANA time zone this runtime knows ('Asia/Kolkata', 'Europe/London', 'UTC'). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock time at `date` in `zone` (an unknown zone reads as the default one). */
function wallTime(date: Date, zone: string): WallTime {
  const known = isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
  let format = formatters.get(known);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone: known,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(known, format);
  }
  const parts = Object.fromEntries(format.formatToParts(date).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The start as members read it: 'dd/MM/yyyy · HH:mm' (docs/product/errors.md, "Formats") in `zone`. */
export function formatEventStart(date: Date | string, zone: string): string {
  const w = wallTime(new Date(date), zone);
  return `${pad(w.day)}/${pad(w.month)}/${pad(w.year, 4)} · ${pad(w.hour)}:${pad(w.minute)}`;
}

/** The moment as a datetime-local input shows it in `zone`: 'yyyy-MM-ddTHH:mm'. */
export function toZonedInput(date: Date | string, zone: string): string {
  const w = wallTime(new Date(date), zone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/**
 * The moment a datetime-local input's 'yyyy-MM-ddTHH:mm' names in `zone`; null when it names none. A
 * time that does not exist on that day (skipped by a DST change) reads as the moment after the gap; one
 * that happens twice, as the first.
 */
export function fromZonedInput(value: string, zone: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59)
    return null;
  // The zone's offset at a moment: its wall time read as if it were UTC, minus the moment.
  const offsetAt = (t: number) => {
    const w = wallTime(new Date(t), zone);
    return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) - t;
  };
  // The zone's offsets around that day (two of them where DST changes): the moments they give.
  const DAY = 86_400_000;
  const moments = [...new Set([asUtc - DAY, asUtc, asUtc + DAY].map((t) => asUtc - offsetAt(t)))];
  const matching = moments.filter((t) => toZonedInput(new Date(t), zone) === value);
  // None matches in a gap (the hour skipped): the moment after it.
  return new Date(matching.length ? Math.min(...matching) : Math.max(...moments));
}
