// A server-rendered page is on screen before the app runs it: its buttons would do nothing yet, and
// a tap there would be lost silently. Until every region of the page is the app's, they take no taps
// (the shell's CSS: html[data-rendered="server"]:not([data-taken-over])). Each lazily loaded region
// (a page, a member's part of it) renders one of these; React hydrates each region when its code has
// arrived, so the page is the app's once every marker the server sent is live.
import { useEffect, useRef } from 'react';

export function TakenOver() {
  const marker = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    marker.current?.setAttribute('data-live', '');
    if (!document.querySelector('[data-region]:not([data-live])')) {
      document.documentElement.dataset.takenOver = '';
    }
  }, []);
  return <span hidden data-region ref={marker} />;
}
