// The spec locks zoom only in the installed app (standalone display mode), where pinch-zoom
// fights the app-like layout; in a normal browser tab zoom stays available for accessibility.
const UNLOCKED = 'width=device-width, initial-scale=1, viewport-fit=cover';
const LOCKED = `${UNLOCKED}, maximum-scale=1, user-scalable=no`;

export function watchStandaloneZoomLock(win: Window = window): () => void {
  const meta = win.document.querySelector<HTMLMetaElement>('meta[name="viewport"]');
  if (!meta || typeof win.matchMedia !== 'function') return () => {};
  const query = win.matchMedia('(display-mode: standalone)');
  const apply = () => meta.setAttribute('content', query.matches ? LOCKED : UNLOCKED);
  apply();
  query.addEventListener?.('change', apply);
  return () => query.removeEventListener?.('change', apply);
}
