import v8 from 'node:v8';
import { describe, expect, it } from 'vitest';
import { createIdleTidy, fullCollection } from './idle-gc.ts';

const MB = 1024 * 1024;

function clockAndHeap() {
  const state = { now: 1_000_000, heap: 100 * MB, collections: 0 };
  const tidy = createIdleTidy({
    collect: () => {
      state.collections++;
      state.heap = 90 * MB;
    },
    quietMs: 10_000,
    growthBytes: 32 * MB,
    now: () => state.now,
    heapReserved: () => state.heap,
  });
  return { state, tidy };
}

describe('giving memory back when the server falls quiet', () => {
  it('collects once, after requests stopped for the quiet time, when the heap grew', () => {
    const { state, tidy } = clockAndHeap();
    tidy.busy();
    state.heap = 200 * MB;
    state.now += 9_000;
    expect(tidy.check()).toBe(false); // still within the quiet time of the last request
    tidy.busy();
    state.now += 9_000;
    expect(tidy.check()).toBe(false); // a request came since: quiet counts from it
    state.now += 1_000;
    expect(tidy.check()).toBe(true);
    expect(state.collections).toBe(1);
    // Nothing asked since: no second collection, however long the quiet lasts.
    state.heap = 300 * MB;
    state.now += 60_000;
    expect(tidy.check()).toBe(false);
    expect(state.collections).toBe(1);
  });

  it('leaves a heap that has not grown past what the last collection left', () => {
    const { state, tidy } = clockAndHeap();
    tidy.busy();
    state.heap = 120 * MB; // 20 MB above the start: not worth a full collection
    state.now += 11_000;
    expect(tidy.check()).toBe(false);
    expect(state.collections).toBe(0);
  });

  it("runs V8's full collection, compacting, without the process having been started with --expose-gc", () => {
    const collect = fullCollection();
    // Survivors scattered over the old generation (one object in eight kept), the rest dropped: a
    // plain full collection frees the garbage but keeps most pages (~90 MB kept for ~18 in use).
    const kept: object[] = [];
    let dropped: object[] | null = [];
    for (let i = 0; i < 1_200_000; i++) {
      const o = { a: i, b: [i] };
      if (i % 8 === 0) kept.push(o);
      else dropped.push(o);
    }
    collect(); // promoted, as a burst's survivors are
    const withGarbage = v8.getHeapStatistics().used_heap_size;
    expect(dropped.length).toBeGreaterThan(0);
    dropped = null;
    collect();
    expect(withGarbage - v8.getHeapStatistics().used_heap_size).toBeGreaterThan(50 * MB);
    // Compacted: the pages the garbage was on are given back, not kept beside the survivors.
    const old = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'old_space');
    expect((old?.space_size ?? 0) - (old?.space_used_size ?? 0)).toBeLessThan(20 * MB);
    expect(kept.length).toBe(150_000);
  });
});
