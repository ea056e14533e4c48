import { describe, expect, it } from 'vitest';
import { realtimeReconnectDelayMs, withUtm } from './constants.ts';
import { hasLabel, isLabel, normalizeLabels } from './labels.ts';

describe('realtimeReconnectDelayMs', () => {
  it.each([
    [0, 1000],
    [4, 1000],
    [5, 5000],
    [14, 5000],
    [15, 10000],
    [99, 10000],
    [100, 60000],
    [1000, 60000],
  ])('attempt %i → %i ms', (attempt, delay) => {
    expect(realtimeReconnectDelayMs(attempt)).toBe(delay);
  });
});

describe('withUtm', () => {
  it.each([
    ['https://samaj.example/surnames', 'https://samaj.example/surnames?utm_source=share&utm_medium=web'],
    [
      'https://samaj.example/post/abc?x=1#c',
      'https://samaj.example/post/abc?x=1&utm_source=share&utm_medium=web#c',
    ],
    [
      'https://samaj.example/?utm_source=old&utm_medium=old',
      'https://samaj.example/?utm_source=share&utm_medium=web',
    ],
    ['/surname/Patel', '/surname/Patel?utm_source=share&utm_medium=web'],
  ])('%s → %s', (url, out) => {
    expect(withUtm(url)).toBe(out);
  });
});

describe('labels', () => {
  it('knows the four labels and orders badges with Verified first', () => {
    expect(isLabel('Admin')).toBe(true);
    expect(isLabel('admin')).toBe(false);
    expect(hasLabel(['Publisher'], 'Publisher')).toBe(true);
    expect(hasLabel(undefined, 'Admin')).toBe(false);
    expect(normalizeLabels(['Admin', 'bogus', 'Verified', 'Admin'])).toEqual(['Verified', 'Admin']);
  });
});
