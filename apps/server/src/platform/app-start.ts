// A page the server rendered is readable before any script runs, so its scripts wait until that
// first screen is painted: fetched during the first paint, they shared a slow connection with the
// styles the paint waits for (Lighthouse counted ~150 KB of JavaScript before first paint on `/`).
// The page names its scripts to /start.js (apps/web/src/start.js), which adds them once the
// browser reports the first contentful paint. Text typed before the app takes over is kept (apps/web
// components/FormField.tsx, main.tsx).

/** The starter the web build writes to the site's root (apps/web scripts/startScriptPlugin.ts). */
export const APP_START_SCRIPT = '/start.js';

const MODULE_PRELOAD = /[ \t]*<link rel="modulepreload"[^>]*?\bhref="([^"]+)"[^>]*>\r?\n?/g;
const ENTRY_SCRIPT = /<script type="module"[^>]*?\bsrc="([^"]+)"[^>]*><\/script>/;

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The document with its module script and module preloads (the shell's, then `pageModules`) handed
 * to the starter instead; unchanged when the build wrote no module script (nothing to defer).
 */
export function startAfterFirstPaint(html: string, pageModules: string[]): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) return html;
  const shellModules = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] as string);
  const modules = [...new Set([...shellModules, ...pageModules])];
  const starter =
    `<script src="${APP_START_SCRIPT}" data-entry="${attribute(entry)}" ` +
    `data-modules="${attribute(modules.join(' '))}" defer></script>`;
  return html.replace(MODULE_PRELOAD, '').replace(ENTRY_SCRIPT, () => starter);
}
