// The browser's offer to install the app (`beforeinstallprompt`). It can fire before React has
// mounted, so main.tsx starts listening first and the install prompt reads the kept event; on a
// prerendered page it can fire before this script has even loaded, so start.js keeps it in
// `window.samajInstallOffer` for us.
import { useSyncExternalStore } from 'react';

/** Chromium's event (not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

let offered: BeforeInstallPromptEvent | null = null;
/**
 * Whether the reader has done anything on the page yet (a tap, a key, a scroll). The install prompt
 * waits for it: shown on arrival it covered the page's first screen and, on a short page (a
 * placeholder), was the largest thing painted, so the page's largest paint came only once the
 * prompt's code had loaded (Lighthouse mobile: LCP 6.3 s on /events/create under load).
 */
let engaged = false;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

function set(event: BeforeInstallPromptEvent | null) {
  offered = event;
  notify();
}

const INTERACTIONS = ['pointerdown', 'keydown', 'scroll', 'touchstart'] as const;

export function captureInstallEvent(
  win: Window & { samajInstallOffer?: BeforeInstallPromptEvent | null } = window,
): () => void {
  if (win.samajInstallOffer) set(win.samajInstallOffer);
  const onOffer = (event: Event) => {
    // Keep the browser's own mini-infobar away: the app shows its prompt instead (SPEC §4).
    event.preventDefault();
    set(event as BeforeInstallPromptEvent);
  };
  const onInstalled = () => set(null);
  const listen = { capture: true, passive: true };
  const onInteraction = () => {
    for (const type of INTERACTIONS) win.removeEventListener(type, onInteraction, listen);
    engaged = true;
    notify();
  };
  win.addEventListener('beforeinstallprompt', onOffer);
  win.addEventListener('appinstalled', onInstalled);
  if (!engaged) for (const type of INTERACTIONS) win.addEventListener(type, onInteraction, listen);
  return () => {
    win.removeEventListener('beforeinstallprompt', onOffer);
    win.removeEventListener('appinstalled', onInstalled);
    for (const type of INTERACTIONS) win.removeEventListener(type, onInteraction, listen);
  };
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** The browser's install offer, or null when it has made none (or it was used). */
export function useInstallEvent(): BeforeInstallPromptEvent | null {
  return useSyncExternalStore(
    subscribe,
    () => offered,
    () => null,
  );
}

/** True once the reader has tapped, typed or scrolled on the page (false in the server's render). */
export function useEngaged(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => engaged,
    () => false,
  );
}

/** Tests only: the page as just opened. */
export function forgetEngagement(): void {
  engaged = false;
  notify();
}

/** An offer can be used once: after its prompt it is gone. */
export function forgetInstallEvent(): void {
  set(null);
}
