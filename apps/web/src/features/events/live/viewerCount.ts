// The viewer count as a small store. It changes with every join and leave — eight times over when
// a crowd joins together — and only the badge that shows it should redraw, not the stage with its
// two videos and the controls (on a loaded phone each redraw of the stage cost 10–30 ms, in the
// very moments the calls are being set up: bench/RESULTS.md, live video).
import { useSyncExternalStore } from 'react';

export interface ViewerCount {
  get(): number;
  subscribe(onChange: () => void): () => void;
}

export class ViewerCountStore implements ViewerCount {
  private count = 0;
  private readonly listeners = new Set<() => void>();

  get = (): number => this.count;

  subscribe = (onChange: () => void): (() => void) => {
    this.listeners.add(onChange);
    return () => this.listeners.delete(onChange);
  };

  set = (count: number): void => {
    if (count === this.count) return;
    this.count = count;
    for (const listener of this.listeners) listener();
  };
}

/** The current count; redraws only the component that calls it. */
export function useViewerCount(count: ViewerCount): number {
  return useSyncExternalStore(count.subscribe, count.get, count.get);
}
