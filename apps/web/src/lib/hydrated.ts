// A page the server rendered (src/entry-server.tsx) is hydrated from what the server drew, so what only
// the browser knows (the reader's clock and time zone, this device's permissions and push state, a
// map, a TURN credential) is drawn only once the app runs the page: until then, the server's
// placeholder. Read it in the leaf that shows it, so the render it causes stays small
// (docs/decisions/0038-before-the-app-takes-a-page-over.md).
import { useSyncExternalStore } from 'react';

const nothingToWatch = () => () => {};

/** False in the server's render and while React hydrates it; true once the app runs the page. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    nothingToWatch,
    () => true,
    () => false,
  );
}
