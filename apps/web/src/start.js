// Starts the app on a page the server sent already drawn (a visitor's prerendered first screen; the
// server's platform/app-start.ts): the app's scripts are asked for once the browser reports that
// screen painted (its first-contentful-paint entry, written when the frame is on screen), so on a slow
// connection they no longer hold up the paint. A hidden tab paints nothing, and a browser without
// paint timing says nothing: start at once; a page that never reports a paint starts after 3 s.
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
  const modules = (me.getAttribute('data-modules') || '').split(' ').filter(Boolean);
  const add = (tag, attributes) => {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    document.head.appendChild(element);
  };
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of modules) add('link', { rel: 'modulepreload', href, crossorigin: '' });
    add('script', { type: 'module', src: entry, crossorigin: '' });
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
