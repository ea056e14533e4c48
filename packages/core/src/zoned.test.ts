import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, formatEventStart, fromZonedInput, isTimeZone, toZonedInput } from './zoned.ts';

describe("an event's start in the community's time zone", () => {
  it("reads 'dd/MM/yyyy · HH:mm' in the zone, whatever the runtime's own", () => {
    const start = '2026-12-01T13:30:00.000Z';
    expect(formatEventStart(start, 'Asia/Kolkata')).toBe('01/12/2026 · 19:00');
    expect(formatEventStart(start, 'Europe/London')).toBe('01/12/2026 · 13:30');
    expect(formatEventStart(start, 'America/Toronto')).toBe('01/12/2026 · 08:30');
    // Midnight is 00, not 24; the day follows the zone.
    expect(formatEventStart('2026-12-01T18:30:00.000Z', 'Asia/Kolkata')).toBe('02/12/2026 · 00:00');
    // An unknown zone reads as the default one.
    expect(formatEventStart(start, 'Mars/Olympus')).toBe(formatEventStart(start, DEFAULT_TIME_ZONE));
  });

  it('the form reads and writes the same wall-clock time', () => {
    expect(toZonedInput('2026-12-01T13:30:00.000Z', 'Asia/Kolkata')).toBe('2026-12-01T19:00');
    expect(fromZonedInput('2026-12-01T19:00', 'Asia/Kolkata')?.toISOString()).toBe(
      '2026-12-01T13:30:00.000Z',
    );
    for (const zone of ['Asia/Kolkata', 'Europe/London', 'America/Toronto', 'UTC']) {
      for (const iso of [
        '2026-03-29T00:30:00.000Z',
        '2026-07-15T09:05:00.000Z',
        '2026-10-25T03:30:00.000Z',
      ]) {
        expect(fromZonedInput(toZonedInput(iso, zone), zone)?.toISOString(), `${iso} ${zone}`).toBe(iso);
      }
    }
  });

  it('across DST: a skipped time is the moment after the gap, a doubled one the first', () => {
    // London skips 01:00–02:00 on 29/03/2026 and repeats 01:00–02:00 on 25/10/2026.
    expect(fromZonedInput('2026-03-29T01:30', 'Europe/London')?.toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    expect(fromZonedInput('2026-10-25T01:30', 'Europe/London')?.toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
  });

  it('refuses what names no moment, and knows which zones exist', () => {
    for (const bad of ['', '2026-02-30T10:00', '2026-12-01T24:00', '2026-12-01 10:00', '01/12/2026']) {
      expect(fromZonedInput(bad, 'Asia/Kolkata'), bad).toBeNull();
    }
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Asia/Bhuj')).toBe(false);
  });
});
