import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * After a push navigation the main area glides back to the top; back/forward (POP) is left
 * to <ScrollRestoration>, which puts the reader where they were.
 */
export function useScrollToTopOnPush() {
  const { key } = useLocation();
  const type = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: key marks each navigation, even to the same path
  useEffect(() => {
    if (type === 'POP') return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
  }, [key, type]);
}
