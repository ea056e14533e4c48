import { describe, expect, it } from 'vitest';
import { encodeCursor } from '../cursor.ts';
import { ageFromDob } from '../format.ts';
import {
  dobBounds,
  familyDetailsInputSchema,
  filtersOf,
  matrimonyPhotosSchema,
  partnerPreferencesSchema,
  suggestionsQuerySchema,
} from './matrimony.ts';
import { MSG_RANGE_REVERSED } from './messages.ts';

const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
const DAY = 86_400_000;

describe('dobBounds', () => {
  it("agrees with ageFromDob to the day: the bounds' ages are in range, the day beyond is not", () => {
    for (const today of ['2026-11-27', '2024-02-29', '2025-03-01', '2025-12-31']) {
      for (const age of [18, 21, 30, 45, 99]) {
        const { latest, earliest } = dobBounds(age, age, `${today}T12:00:00`);
        expect(ageFromDob(latest as string, `${today}T12:00:00`), `${today} ${age} latest`).toBe(age);
        expect(ageFromDob(earliest as string, `${today}T12:00:00`), `${today} ${age} earliest`).toBe(age);
        const after = iso(Date.parse(latest as string) + DAY);
        const before = iso(Date.parse(earliest as string) - DAY);
        expect(ageFromDob(after, `${today}T12:00:00`)).toBe(age - 1);
        expect(ageFromDob(before, `${today}T12:00:00`)).toBe(age + 1);
      }
    }
  });

  it('leaves a bound open when not given', () => {
    expect(dobBounds(null, null)).toEqual({ latest: null, earliest: null });
    expect(dobBounds(25, null).earliest).toBeNull();
  });
});

describe('filters and preferences', () => {
  it('a minimum above its maximum names the minimum', () => {
    const result = partnerPreferencesSchema.safeParse({ heightMin: 180, heightMax: 150 });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['heightMin'], message: MSG_RANGE_REVERSED }),
    ]);
    expect(suggestionsQuerySchema.safeParse({ ageMin: '30', ageMax: '25' }).error?.issues[0].path).toEqual([
      'ageMin',
    ]);
  });

  it('reads a query string: numbers, true/false, blank as absent; none given means the saved preferences', () => {
    const query = suggestionsQuerySchema.parse({ ageMin: '25', withPhoto: 'true', place: '', heightMax: '' });
    expect(query).toMatchObject({ ageMin: 25, withPhoto: true, place: undefined, heightMax: undefined });
    expect(filtersOf(query)).toEqual({
      ageMin: 25,
      ageMax: null,
      heightMin: null,
      heightMax: null,
      place: null,
      education: null,
      withPhoto: true,
    });
    const cursor = encodeCursor({ at: '2026-12-02T04:20:39.123456Z', id: 'asha' });
    expect(filtersOf(suggestionsQuerySchema.parse({ cursor, place: '' }))).toBeNull();
    // A cursor is the server's token, never a username.
    expect(suggestionsQuerySchema.safeParse({ cursor: 'asha' }).success).toBe(false);
    expect(suggestionsQuerySchema.safeParse({ withPhoto: 'yes' }).success).toBe(false);
    expect(suggestionsQuerySchema.safeParse({ ageMin: '17' }).success).toBe(false);
  });
});

describe('family details and photos', () => {
  it('take the choices core lists, counts 0–20 and a 24-hour birth time', () => {
    expect(
      familyDetailsInputSchema.safeParse({ diet: 'jain', rashi: 'meen', birthTime: '23:59' }).success,
    ).toBe(true);
    expect(familyDetailsInputSchema.safeParse({ diet: 'vegan' }).success).toBe(false);
    expect(familyDetailsInputSchema.safeParse({ birthTime: '7:5' }).success).toBe(false);
    expect(familyDetailsInputSchema.safeParse({ sistersMarried: -1 }).success).toBe(false);
    expect(familyDetailsInputSchema.safeParse({ income: '', mosal: null }).success).toBe(true);
  });

  it('photos: at most four, each once', () => {
    expect(
      matrimonyPhotosSchema.safeParse({ photos: ['a', 'b', 'c', 'd'], visibility: 'accepted' }).success,
    ).toBe(true);
    expect(
      matrimonyPhotosSchema.safeParse({ photos: ['a', 'b', 'c', 'd', 'e'], visibility: 'listed' }).success,
    ).toBe(false);
    expect(matrimonyPhotosSchema.safeParse({ photos: ['a', 'a'], visibility: 'listed' }).success).toBe(false);
  });
});
