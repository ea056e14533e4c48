// A server-rendered page is on screen before the app runs it: its buttons would do nothing yet, and
// a tap there would be lost silently. Until every region of the page is the app's, they take no taps
// (the shell's CSS: html[data-rendered="server"]:not([data-taken-over])). Each lazily loaded region
// (a page, a member's part of it) renders one of these; React hydrates each region when its code has
// arrived, so the page is the app's once every marker the server sent is live — or gone, when the
// member moved on before a region's code came (its markup is then dropped, not hydrated).
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

function markWhenAllLive(): void {
  if (!document.querySelector('[data-region]:not([data-live])')) {
    document.documentElement.dataset.takenOver = '';
  }
}

export function TakenOver() {
  const marker = useRef<HTMLSpanElement>(null);
  // Also on each move to another page: a region kept across it (the page's own boundary) sees the
  // regions of the page it replaced go.
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is what makes it look again
  useEffect(() => {
    marker.current?.setAttribute('data-live', '');
    markWhenAllLive();
    // A region replaced in this same commit leaves its markup until React has removed it: look again.
    const again = setTimeout(markWhenAllLive, 0);
    return () => {
      clearTimeout(again);
      setTimeout(markWhenAllLive, 0);
    };
  }, [pathname]);
  return <span hidden data-region ref={marker} />;
}
