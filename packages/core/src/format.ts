// Display formats (docs/product/errors.md, "Formats"). Dates use the runtime's local calendar (the
// viewer's time zone in the browser, the process TZ on the server) so a date
// reads the same as the viewer's clock; nothing here depends on UTC offsets.

export type DateLike = Date | string | number;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function toDate(value: DateLike): Date {
  return value instanceof Date ? value : new Date(value);
}

export type RelativeTimeUnit = 'justNow' | 'minutes' | 'hour' | 'hours' | 'yesterday' | 'days' | 'weeks';
export interface RelativeTime {
  unit: RelativeTimeUnit;
  n: number;
}

/** How long ago, in the spec's bands; a time in the future (clock skew) is 'just now'. */
export function relativeTime(date: DateLike, now: DateLike = new Date()): RelativeTime {
  const elapsed = toDate(now).getTime() - toDate(date).getTime();
  if (!(elapsed >= 5 * MINUTE)) return { unit: 'justNow', n: 0 };
  if (elapsed < HOUR) return { unit: 'minutes', n: Math.floor(elapsed / MINUTE) };
  if (elapsed < 2 * HOUR) return { unit: 'hour', n: 1 };
  if (elapsed < DAY) return { unit: 'hours', n: Math.floor(elapsed / HOUR) };
  if (elapsed < 2 * DAY) return { unit: 'yesterday', n: 1 };
  if (elapsed < 14 * DAY) return { unit: 'days', n: Math.floor(elapsed / DAY) };
  return { unit: 'weeks', n: Math.floor(elapsed / (7 * DAY)) };
}

/** English text of relativeTime; the web translates by unit instead. */
export function formatRelativeTime(date: DateLike, now: DateLike = new Date()): string {
  const { unit, n } = relativeTime(date, now);
  switch (unit) {
    case 'justNow':
      return 'Just now';
    case 'minutes':
      return `${n} minutes ago`;
    case 'hour':
      return 'An hour ago';
    case 'hours':
      return `${n} hours ago`;
    case 'yesterday':
      return 'Yesterday';
    case 'days':
      return `${n} days ago`;
    case 'weeks':
      return `${n} weeks ago`;
  }
}

const COUNT_UNITS = [
  { size: 1e9, suffix: 'b' },
  { size: 1e6, suffix: 'm' },
  { size: 1e3, suffix: 'k' },
] as const;

/**
 * 999 → '999', 1000 → '1k', 1500 → '1.5k', 1e6 → '1m', 1e9 → '1b'.
 * The decimal is truncated, not rounded: a count never shows more than it is
 * (1050 → '1k', 999999 → '999.9k' rather than the odd '1000k').
 */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return '0';
  if (n < 0) return `-${formatCount(-n)}`;
  const whole = Math.floor(n);
  for (const { size, suffix } of COUNT_UNITS) {
    if (whole >= size) {
      // Integer division keeps float error out of the tenths.
      const tenths = Math.floor(whole / (size / 10));
      const text = (tenths / 10).toFixed(1).replace(/\.0$/, '');
      return text + suffix;
    }
  }
  return String(n);
}

/** Calendar-day number of a date, so elapsed days ignore clock time and DST. */
function dayNumber(value: DateLike): number {
  if (typeof value === 'string') {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (match) return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY;
  }
  const d = toDate(value);
  return Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()) / DAY;
}

/**
 * Age in whole years = elapsed days / 365.25, floored (docs/product/errors.md, "Formats"). A 'yyyy-mm-dd'
 * string is read as that calendar day. The formula can turn a year over one day
 * late (a 365-day year is 0.999 of 365.25); that is the spec's rule.
 */
export function ageFromDob(dob: DateLike, now: DateLike = new Date()): number {
  const days = dayNumber(now) - dayNumber(dob);
  return Math.floor(days / 365.25);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 'MM/yyyy' for the profile's 'Joined' line. */
export function formatJoinDate(date: DateLike): string {
  const d = toDate(date);
  return `${pad(d.getMonth() + 1)}/${pad(d.getFullYear(), 4)}`;
}

/** 'dd/MM/yyyy' for event dates. */
export function formatEventDate(date: DateLike): string {
  const d = toDate(date);
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${pad(d.getFullYear(), 4)}`;
}

// Made on first use, not at import: creating one loads the browser's break rules (~7 ms on a slow
// phone), a cost every page importing this module paid before its first paint.
let segmenter: Intl.Segmenter | null | undefined;

/** The text's user-perceived characters: 'માં' (letter, vowel sign, anusvara) is one, so is '👍🏽'. */
function graphemes(text: string): string[] {
  segmenter ??=
    typeof Intl !== 'undefined' && 'Segmenter' in Intl
      ? new Intl.Segmenter(undefined, { granularity: 'grapheme' })
      : null;
  if (segmenter) return Array.from(segmenter.segment(text), (s) => s.segment);
  // Without Segmenter (old browsers) at least never split a surrogate pair.
  return Array.from(text);
}

/**
 * Cuts text longer than max graphemes and appends '...'; shorter text is returned untouched.
 * Counting graphemes rather than UTF-16 units keeps a Gujarati letter with its vowel signs
 * ('વાડીમાં' never becomes 'વાડીમા...') and an emoji with its modifiers.
 */
export function truncateGraphemes(text: string, max: number): string {
  // Fewer units than max means fewer graphemes too: skip segmenting the common short text.
  if (text.length <= max) return text;
  const parts = graphemes(text);
  if (parts.length <= max) return text;
  return `${parts.slice(0, Math.max(0, max)).join('')}...`;
}

/** How far back from the limit a space may be and still be "near": a longer last word is cut. */
const WORD_NEAR = 20;

/**
 * The feed's cut (docs/product/feed.md: a post's text at 100 characters, with 'more'): like
 * truncateGraphemes, but at the last space within WORD_NEAR graphemes of the limit, so a word is not torn; with no space
 * that near (one long word, a link, 220 letters with no spaces) exactly at max graphemes. Returns
 * the text itself when it fits: `cut !== text` says whether 'more' is needed. The server's render
 * and the browser run the same card, so they cut alike.
 */
export function truncateAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const parts = graphemes(text);
  if (parts.length <= max) return text;
  const kept = parts.slice(0, Math.max(0, max));
  for (let i = kept.length; i > 0 && i >= kept.length - WORD_NEAR; i--) {
    // Breaking before parts[i] (a space, or the first grapheme left out when it is one).
    if (/^\s+$/.test(parts[i] ?? '')) {
      const head = kept.slice(0, i).join('').trimEnd();
      if (head) return `${head}...`;
    }
  }
  return `${kept.join('')}...`;
}
