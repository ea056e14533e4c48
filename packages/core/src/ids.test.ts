import { afterEach, describe, expect, it, vi } from 'vitest';
import { isUniqueId, uniqueId, uniqueIdTime } from './ids.ts';

afterEach(() => {
  vi.useRealTimers();
});

// ids.ts remembers the last id it made (to stay monotonic), so tests that move
// the clock get a fresh copy of the module.
async function fresh() {
  vi.resetModules();
  return await import('./ids.ts');
}

describe('uniqueId', () => {
  it('is 20 lowercase hex characters: seconds, 5-digit milliseconds, 7 random', async () => {
    const { uniqueId, uniqueIdTime } = await fresh();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2024-06-15T12:00:00.123Z'));
    const id = uniqueId();
    expect(id).toMatch(/^[0-9a-f]{20}$/);
    expect(id.slice(0, 8)).toBe(Math.floor(Date.parse('2024-06-15T12:00:00Z') / 1000).toString(16));
    expect(id.slice(8, 13)).toBe('0007b'); // 123 ms
    expect(uniqueIdTime(id).toISOString()).toBe('2024-06-15T12:00:00.123Z');
  });

  it('sorts by creation time across calls 2 ms apart', async () => {
    const first = uniqueId();
    await new Promise((resolve) => setTimeout(resolve, 2));
    const second = uniqueId();
    expect(first < second).toBe(true);
    expect(uniqueIdTime(second).getTime()).toBeGreaterThan(uniqueIdTime(first).getTime());
  });

  it.each([
    [
      'across a second boundary (hex prefix widths stay fixed)',
      '2024-06-15T12:00:00.999Z',
      '2024-06-15T12:00:01.000Z',
    ],
    ['when the clock steps back', '2030-01-01T00:00:00Z', '2029-12-31T23:59:59Z'],
  ])('sorts a later id after an earlier one %s', async (_, first, second) => {
    const { uniqueId } = await fresh();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(first));
    const a = uniqueId();
    vi.setSystemTime(new Date(second));
    const b = uniqueId();
    expect(a < b).toBe(true);
  });

  it('stays unique and increasing over 10k ids made in the same milliseconds', () => {
    const ids = Array.from({ length: 10_000 }, () => uniqueId());
    expect(new Set(ids).size).toBe(10_000);
    expect([...ids].sort()).toEqual(ids);
  });
});

describe('isUniqueId', () => {
  it.each([
    [uniqueId(), true],
    ['6669d3b000000abcdef1', true],
    ['6669d3b000000abcdef', false],
    ['6669d3b000000abcdef12', false],
    ['6669D3B000000ABCDEF1', false],
    ['6669d3b000000abcdefg', false],
    ['', false],
    [42, false],
    [null, false],
  ])('%j → %s', (value, ok) => {
    expect(isUniqueId(value)).toBe(ok);
  });
});
