// Starts the app on a page the server sent already rendered (the server's platform/app-start.ts): the
// app's scripts are asked for once the browser reports that page painted (its first-contentful-paint
// entry, written when the frame is on screen), so on a slow connection they no longer hold up the paint.
// A hidden tab paints nothing, and a browser without paint timing says nothing: start at once; a page
// that never reports a paint starts after 3 s.
(() => {
  // The browser may offer installation before the app has loaded: keep the offer (and keep the
  // browser's own mini-infobar away) for the app's install prompt (src/lib/installEvent.ts).
  addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    window.samajInstallOffer = event;
  });
  addEventListener('appinstalled', () => {
    window.samajInstallOffer = null;
  });
  const me = document.currentScript;
  const entry = me.getAttribute('data-entry');
  // The app's own entry first: everything waits on it, and asked for after the page's ~60 other
  // modules (one a task, six at a time over HTTP/1.1) it arrived ~1.6 s after them on a slow phone.
  const modules = [entry, ...(me.getAttribute('data-modules') || '').split(' ').filter(Boolean)];
  const add = (tag, attributes) => {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    document.head.appendChild(element);
  };
  // One preload a task (a message to ourselves: timers would be clamped to 4 ms apart): appending a
  // module preload costs the browser's loader up to ~15 ms on a slow phone, and a page asks for up to
  // ~40 — in one task they held the main thread for ~150 ms, a tap unanswered all that time.
  const channel = new MessageChannel();
  let next = 0;
  channel.port1.onmessage = () => {
    const href = modules[next++];
    if (href === undefined) {
      add('script', { type: 'module', src: entry, crossorigin: '' });
      return;
    }
    add('link', { rel: 'modulepreload', href, crossorigin: '' });
    channel.port2.postMessage(null);
  };
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    channel.port2.postMessage(null);
  };
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  const reports = typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes;
  if (document.visibilityState === 'hidden' || !reports || !reports.includes('paint') || painted()) {
    start();
    return;
  }
  const observer = new PerformanceObserver(() => {
    if (!painted()) return;
    observer.disconnect();
    start();
  });
  observer.observe({ type: 'paint' });
  document.addEventListener('visibilitychange', start, { once: true });
  setTimeout(start, 3000);
})();
