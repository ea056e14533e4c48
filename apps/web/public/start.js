// Starts the app on a page the server sent already drawn (a visitor's prerendered first screen; the
// server's platform/app-start.ts): the app's scripts are asked for once that screen is painted, so
// on a slow connection they no longer hold up the paint. A hidden tab paints nothing: start at once.
(() => {
  const me = document.currentScript;
  const entry = me.getAttribute('data-entry');
  const modules = (me.getAttribute('data-modules') || '').split(' ').filter(Boolean);
  const add = (tag, attributes) => {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    document.head.appendChild(element);
  };
  const start = () => {
    for (const href of modules) add('link', { rel: 'modulepreload', href, crossorigin: '' });
    add('script', { type: 'module', src: entry, crossorigin: '' });
  };
  if (document.visibilityState === 'hidden') start();
  else requestAnimationFrame(() => setTimeout(start, 0));
})();
