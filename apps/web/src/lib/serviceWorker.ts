// Registers the service worker (/sw.js, built from src/sw/sw.ts) once the app is stable, at the
// latest after 30000 ms (docs/product/shell.md, "Installable app and offline use"), never in development;
// tells the shell when a new version is waiting so it can offer a reload.
import { SW_REGISTRATION_FALLBACK_MS, SW_REGISTRATION_MARK } from '@samaj/core';
import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { Workbox } from 'workbox-window';
import { RUNTIME_CACHES } from '../sw/paths';

export const SW_URL = '/sw.js';

export function serviceWorkerSupported(win: Window = window): boolean {
  return 'serviceWorker' in win.navigator;
}

/**
 * Resolves when the page has loaded and no query or mutation is in flight (the first screen and its
 * data are in), or after `timeoutMs` whatever happens; registering earlier would compete with the
 * first screen for the network.
 */
export function whenStable(
  client: QueryClient,
  { timeoutMs = SW_REGISTRATION_FALLBACK_MS, win = window }: { timeoutMs?: number; win?: Window } = {},
): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const cleanups: Array<() => void> = [];
    const finish = () => {
      if (done) return;
      done = true;
      for (const cleanup of cleanups) cleanup();
      resolve();
    };
    const timer = win.setTimeout(finish, timeoutMs);
    cleanups.push(() => win.clearTimeout(timer));

    const idle = () => client.isFetching() === 0 && client.isMutating() === 0;
    const check = () => {
      if (win.document.readyState !== 'complete' || !idle()) return;
      // One more turn: a screen that just got its data often asks for more right away.
      const settle = win.setTimeout(() => (idle() ? finish() : undefined), 500);
      cleanups.push(() => win.clearTimeout(settle));
    };
    cleanups.push(client.getQueryCache().subscribe(check));
    cleanups.push(client.getMutationCache().subscribe(check));
    win.addEventListener('load', check);
    cleanups.push(() => win.removeEventListener('load', check));
    check();
  });
}

type Listener = () => void;
let workbox: Workbox | null = null;
let registering: Promise<ServiceWorkerRegistration> | null = null;
let updateWaiting = false;
const listeners = new Set<Listener>();

function setUpdateWaiting(value: boolean) {
  updateWaiting = value;
  for (const listener of listeners) listener();
}

/**
 * Registers now (once). Used after the app is stable, and at once when a member asks to subscribe
 * to notifications before that.
 */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration> {
  if (registering) return registering;
  registering = (async () => {
    if (import.meta.env.DEV) throw new Error('service worker registration is off in development');
    if (!serviceWorkerSupported()) throw new Error('service workers are not supported');
    // Where the first load ends: what loads from here on (workbox-window, then the worker's precache)
    // is the installable app, measured apart in bench/suites/01-startup.ts.
    performance.mark(SW_REGISTRATION_MARK);
    const { Workbox } = await import('workbox-window');
    const wb = new Workbox(SW_URL, { scope: '/' });
    // A new version installed behind the open app: offer the reload (the first install takes over
    // silently, see sw.ts).
    wb.addEventListener('waiting', () => setUpdateWaiting(true));
    const registration = await wb.register();
    if (!registration) throw new Error('the browser refused the service worker');
    workbox = wb;
    return registration;
  })();
  registering.catch(() => {
    registering = null;
  });
  return registering;
}

let stable = false;
const stableListeners = new Set<Listener>();

/**
 * True once the first screen is in (`whenStable`): the shell's prompts (install, notifications, a new
 * version) load from here, with the installable app, not in the first load they do not take part in.
 */
export function useAppStable(): boolean {
  return useSyncExternalStore(
    (listener) => {
      stableListeners.add(listener);
      return () => stableListeners.delete(listener);
    },
    () => stable,
    () => false,
  );
}

/** Started once from App.tsx; a failure is logged to the console and nothing else. */
export function registerServiceWorkerWhenStable(client: QueryClient): void {
  whenStable(client)
    .then(() => {
      // Registering first: its mark is where the first load ends, and what `stable` loads comes after.
      const registered = import.meta.env.DEV || !serviceWorkerSupported() ? null : registerServiceWorker();
      stable = true;
      for (const listener of stableListeners) listener();
      return registered;
    })
    .catch((error: unknown) => console.error('Service worker registration failed:', error));
}

/** True once a new version of the app is installed and waiting for a reload. */
export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => updateWaiting,
    () => false,
  );
}

/**
 * Lets the waiting version take over, then reloads into it. The prompt stays up (its button busy)
 * until then: Chromium can hold the old version for up to its 30 s idle timeout when this page was
 * claimed on its first visit (the install check still holds it), and a prompt that vanished with
 * nothing happening would look broken.
 */
export function reloadIntoUpdate(): void {
  const wb = workbox;
  if (!wb) {
    window.location.reload();
    return;
  }
  wb.addEventListener('controlling', () => window.location.reload());
  wb.messageSkipWaiting();
}

/** The runtime caches hold what the signed-in member saw; a logout empties them (see sw/paths.ts). */
export async function clearRuntimeCaches(win: Window = window): Promise<void> {
  if (!('caches' in win)) return;
  await Promise.all(Object.values(RUNTIME_CACHES).map((name) => win.caches.delete(name)));
}
