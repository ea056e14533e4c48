import { describe, expect, it } from 'vitest';
import {
  ageFromDob,
  formatCount,
  formatEventDate,
  formatJoinDate,
  formatRelativeTime,
  relativeTime,
  truncateAtWord,
  truncateGraphemes,
} from './format.ts';

const now = new Date('2024-06-15T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const s = 1000;
const m = 60 * s;
const h = 60 * m;
const d = 24 * h;

describe('relativeTime', () => {
  it.each([
    [0, 'justNow', 0, 'Just now'],
    [-10 * m, 'justNow', 0, 'Just now'],
    [4 * m + 59 * s, 'justNow', 0, 'Just now'],
    [5 * m, 'minutes', 5, '5 minutes ago'],
    [59 * m + 59 * s, 'minutes', 59, '59 minutes ago'],
    [60 * m, 'hour', 1, 'An hour ago'],
    [119 * m, 'hour', 1, 'An hour ago'],
    [120 * m, 'hours', 2, '2 hours ago'],
    [3 * h + 30 * m, 'hours', 3, '3 hours ago'],
    [23 * h + 59 * m, 'hours', 23, '23 hours ago'],
    [24 * h, 'yesterday', 1, 'Yesterday'],
    [47 * h + 59 * m, 'yesterday', 1, 'Yesterday'],
    [48 * h, 'days', 2, '2 days ago'],
    [4 * d + 5 * h, 'days', 4, '4 days ago'],
    [13 * d, 'days', 13, '13 days ago'],
    [14 * d - 1, 'days', 13, '13 days ago'],
    [14 * d, 'weeks', 2, '2 weeks ago'],
    [20 * d, 'weeks', 2, '2 weeks ago'],
    [21 * d, 'weeks', 3, '3 weeks ago'],
    [400 * d, 'weeks', 57, '57 weeks ago'],
  ])('%i ms ago → %s %i', (elapsed, unit, n, text) => {
    expect(relativeTime(ago(elapsed), now)).toEqual({ unit, n });
    expect(formatRelativeTime(ago(elapsed), now)).toBe(text);
  });

  it('accepts ISO strings and timestamps', () => {
    expect(formatRelativeTime(ago(3 * h).toISOString(), now)).toBe('3 hours ago');
    expect(formatRelativeTime(ago(3 * h).getTime(), now.getTime())).toBe('3 hours ago');
  });
});

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1k'],
    [1050, '1k'],
    [1099, '1k'],
    [1100, '1.1k'],
    [1500, '1.5k'],
    [12345, '12.3k'],
    [999999, '999.9k'],
    [1e6, '1m'],
    [1_250_000, '1.2m'],
    [999_999_999, '999.9m'],
    [1e9, '1b'],
    [1.25e9, '1.2b'],
    [2e12, '2000b'],
    [-1500, '-1.5k'],
    [Number.NaN, '0'],
  ])('%d → %s', (n, text) => {
    expect(formatCount(n)).toBe(text);
  });
});

describe('ageFromDob', () => {
  it.each([
    ['2000-06-15', '2020-06-14', 19, 'day before the 20th birthday'],
    ['2000-06-15', '2020-06-15', 20, 'on the 20th birthday (5 leap days in 20 years)'],
    ['2000-06-15', '2020-06-16', 20, 'day after'],
    ['2001-06-15', '2002-06-15', 0, 'a 365-day first year is 0.999 by the 365.25 rule'],
    ['2001-06-15', '2002-06-16', 1, 'one day later the year turns'],
    ['1990-01-01', '2024-12-31', 34, 'late in the year'],
    ['2024-06-15', '2024-06-15', 0, 'born today'],
  ])('%s at %s → %i (%s)', (dob, at, age) => {
    expect(ageFromDob(dob, at)).toBe(age);
  });

  it('reads Date values by their local calendar day, ignoring the clock time', () => {
    const dob = new Date(2000, 5, 15, 23, 59);
    expect(ageFromDob(dob, new Date(2020, 5, 15, 0, 1))).toBe(20);
    expect(ageFromDob(dob, new Date(2020, 5, 14, 23, 59))).toBe(19);
  });
});

describe('dates', () => {
  it.each([
    [new Date(2024, 0, 5, 23, 30), '01/2024', '05/01/2024'],
    [new Date(2023, 11, 31, 0, 0), '12/2023', '31/12/2023'],
    [new Date(999, 8, 9), '09/0999', '09/09/0999'],
  ])('%s → join %s, event %s', (date, join, event) => {
    expect(formatJoinDate(date)).toBe(join);
    expect(formatEventDate(date)).toBe(event);
  });

  it('accepts timestamps', () => {
    expect(formatEventDate(new Date(2024, 1, 29).getTime())).toBe('29/02/2024');
  });
});

describe('truncateGraphemes', () => {
  const sixty = 'a'.repeat(60);
  it.each([
    ['', 60, ''],
    [sixty, 60, sixty],
    [`${sixty}b`, 60, `${sixty}...`],
    ['hello world', 5, 'hello...'],
    // અ મ દા વા દ: five letters as a reader counts them, the vowel sign stays on its consonant.
    ['અમદાવાદ', 3, 'અમદા...'],
    ['અમદાવાદ', 5, 'અમદાવાદ'],
    ['ab😀cd', 3, 'ab😀...'],
    ['👍🏽👍🏽👍🏽', 2, '👍🏽👍🏽...'],
  ])('%j at %i → %j', (text, max, out) => {
    expect(truncateGraphemes(text, max)).toBe(out);
  });

  it("cuts the feed's 100 characters without tearing the anusvara off 'વાડીમાં'", () => {
    // 97 + વા ડી માં = 100 graphemes but 104 UTF-16 units: a cut by units left 'વાડીમા'.
    const text = `${'x'.repeat(97)}વાડીમાં ગરબા`;
    expect(truncateGraphemes(text, 100)).toBe(`${'x'.repeat(97)}વાડીમાં...`);
  });
});

describe('truncateAtWord', () => {
  const ninetyFive = 'a'.repeat(95);
  it.each([
    ['short', 100, 'short'],
    // No space near the limit: exactly 100 graphemes.
    ['ક'.repeat(220), 100, `${'ક'.repeat(100)}...`],
    ['x'.repeat(220), 100, `${'x'.repeat(100)}...`],
    // A space within reach: the word is not torn.
    [`${ninetyFive} garba night`, 100, `${ninetyFive}...`],
    [`${ninetyFive} ga rba`, 100, `${ninetyFive} ga...`],
    // A space right after the limit: the cut is the whole of the first 100.
    [`${'a'.repeat(100)} more`, 100, `${'a'.repeat(100)}...`],
    // A space far back (over 20 graphemes): cut at the limit.
    [`${'a'.repeat(10)} ${'b'.repeat(200)}`, 100, `${'a'.repeat(10)} ${'b'.repeat(89)}...`],
    // An emoji is one grapheme: 60 of them fit in 100.
    ['😀'.repeat(60), 100, '😀'.repeat(60)],
    ['વાડીમાં '.repeat(30), 100, `${'વાડીમાં '.repeat(25).trimEnd()}...`],
  ])('%j at %i → %j', (text, max, out) => {
    expect(truncateAtWord(text, max)).toBe(out);
  });
});
