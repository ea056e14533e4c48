// The browser's offer to install the app (`beforeinstallprompt`). It can fire before React has
// mounted, so main.tsx starts listening first and the install prompt reads the kept event; on a
// server-rendered page it can fire before this script has even loaded, so start.js keeps it in
// `window.samajInstallOffer` for us.
import { useSyncExternalStore } from 'react';

/** Chromium's event (not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

let offered: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function set(event: BeforeInstallPromptEvent | null) {
  offered = event;
  for (const listener of listeners) listener();
}

export function captureInstallEvent(
  win: Window & { samajInstallOffer?: BeforeInstallPromptEvent | null } = window,
): () => void {
  if (win.samajInstallOffer) set(win.samajInstallOffer);
  const onOffer = (event: Event) => {
    // Keep the browser's own mini-infobar away: the app shows its prompt instead
    // (docs/product/notifications.md, "Install prompt").
    event.preventDefault();
    set(event as BeforeInstallPromptEvent);
  };
  const onInstalled = () => set(null);
  win.addEventListener('beforeinstallprompt', onOffer);
  win.addEventListener('appinstalled', onInstalled);
  return () => {
    win.removeEventListener('beforeinstallprompt', onOffer);
    win.removeEventListener('appinstalled', onInstalled);
  };
}

/** The browser's install offer, or null when it has made none (or it was used). */
export function useInstallEvent(): BeforeInstallPromptEvent | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => offered,
    () => null,
  );
}

/** An offer can be used once: after its prompt it is gone. */
export function forgetInstallEvent(): void {
  set(null);
}
