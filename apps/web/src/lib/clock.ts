// "n minutes ago" must read the same on the server and in the hydrating browser, or React finds a
// different text and redraws the page: both use the moment the page was rendered until the app has
// taken the page over, then the browser's own clock.
import { createContext, useContext, useSyncExternalStore } from 'react';

/** When the server rendered this page (ms since the epoch); null for a page the browser drew itself. */
export const RenderedAt = createContext<number | null>(null);

const nothingToWatch = () => () => {};

/** The time a render should show as "now". */
export function useNow(): () => Date {
  const renderedAt = useContext(RenderedAt);
  const hydrated = useSyncExternalStore(
    nothingToWatch,
    () => true,
    () => false,
  );
  return renderedAt !== null && !hydrated ? () => new Date(renderedAt) : () => new Date();
}
