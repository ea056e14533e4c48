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

  it("runs V8's full collection without the process having been started with --expose-gc", () => {
    const collect = fullCollection();
    // ~100 MB of objects that live long enough to be promoted, then are dropped.
    let held: number[][] | null = Array.from({ length: 400 }, () => new Array(32_000).fill(Math.random()));
    const withGarbage = v8.getHeapStatistics().used_heap_size;
    expect(held.length).toBe(400);
    held = null;
    collect();
    const after = v8.getHeapStatistics().used_heap_size;
    expect(withGarbage - after).toBeGreaterThan(50 * MB);
  });
});
