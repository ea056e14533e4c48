import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'samaj-scroll';

/**
 * Where the reader was on each history entry (location.key), kept across a reload in the tab. Read at
 * its first use, not at import: the tab's first sessionStorage read waits on the browser (10–40 ms at
 * 4× CPU in a profile of a page load), which lengthened the load's longest task, its scripts' evaluation.
 */
let savedPositions: Map<string, number> | null = null;
const positions = () => (savedPositions ??= new Map<string, number>(readSaved()));

/** Whether this document was opened afresh (a link, the address bar), not reloaded or gone back to. */
function openedAfresh(): boolean {
  const entry = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return entry?.type === 'navigate';
}
/** The page as the browser opened it (not a navigation inside the app). */
let opening = true;

function readSaved(): [string, number][] {
  try {
    return Object.entries(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>);
  } catch {
    return [];
  }
}

function save() {
  try {
    // The last 50 entries are plenty for back/forward.
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries([...positions()].slice(-50))));
  } catch {
    // Private mode or full storage: back/forward still works within this page's life.
  }
}

/**
 * After a push navigation the page glides back to the top; back/forward (POP) puts the reader where
 * they were on that entry. The browser's own restoration is off: it would jump before the page is drawn.
 */
export function useScrollPosition() {
  const { key } = useLocation();
  const type = useNavigationType();

  useLayoutEffect(() => {
    history.scrollRestoration = 'manual';
    window.addEventListener('pagehide', save);
    return () => window.removeEventListener('pagehide', save);
  }, []);

  useLayoutEffect(() => {
    let stopRestoring = () => {};
    const opened = opening;
    // A page opened afresh has no position of its own to go back to.
    const saved = opened && openedAfresh() ? undefined : positions().get(key);
    opening = false;
    if (type === 'POP') {
      // A page just opened with nothing saved is already at its top: scrolling there anyway would
      // make the browser lay out the whole page in the middle of the app's first render.
      if (!(opened && saved === undefined)) stopRestoring = restore(saved ?? 0);
    } else {
      const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
    }
    // Remember this entry's position as the reader scrolls, until the next navigation.
    let frame = 0;
    const track = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => positions().set(key, window.scrollY));
    };
    window.addEventListener('scroll', track, { passive: true });
    return () => {
      stopRestoring();
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', track);
    };
  }, [key, type]);
}

/** How long a page may take to grow tall enough (a long list draws its first cards first). */
const RESTORE_FOR_MS = 2000;
const READER_MOVES = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Scrolls to `top` at once (not the smooth scrolling of in-page links); while the page is still too
 * short for it, again each time it grows, until it fits, the reader takes over, or time is up.
 */
function restore(top: number): () => void {
  const root = document.documentElement;
  const jump = () => {
    window.scrollTo({ top, behavior: 'instant' });
    return root.scrollHeight - window.innerHeight >= top;
  };
  if (jump() || typeof ResizeObserver === 'undefined') return () => {};
  const observer = new ResizeObserver(() => {
    if (jump()) stop();
  });
  const timer = setTimeout(() => stop(), RESTORE_FOR_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
    for (const name of READER_MOVES) window.removeEventListener(name, stop);
  }
  observer.observe(document.body);
  for (const name of READER_MOVES) window.addEventListener(name, stop, { passive: true });
  return stop;
}
