// A prerendered page (apps/web src/prerender.tsx) is on screen before the app runs it: its links work,
// its buttons do nothing yet. A button that only works through the app starts disabled in the drawn
// page and comes alive when React has taken the page over — a tap before that would be lost silently.
import { useSyncExternalStore } from 'react';

const nothingToWatch = () => () => {};

/** False while drawn at build time and while React hydrates it; true once the app runs the page. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    nothingToWatch,
    () => true,
    () => false,
  );
}
