// Whether the reader has done anything on the page yet (a tap, a key, a scroll). The install prompt
// waits for it (lib/push/useShellPrompt.ts): shown on arrival it covered the page's first screen and,
// on a short page (a placeholder), was the largest thing painted, so the page's largest paint came
// only once the prompt's code had loaded (Lighthouse mobile: LCP 6.3 s on /events/create under load).
// Loaded with the shell's prompts after the first screen, not with the app's first scripts: an
// interaction before then is missed, and the next one counts.
import { useSyncExternalStore } from 'react';

const INTERACTIONS = ['pointerdown', 'keydown', 'scroll', 'touchstart'];
const LISTEN = { capture: true, passive: true };
let engaged = false;
const listeners = new Set<() => void>();

function set(value: boolean) {
  engaged = value;
  for (const listener of listeners) listener();
}

function onInteraction() {
  for (const type of INTERACTIONS) removeEventListener(type, onInteraction, LISTEN);
  set(true);
}

/** Starts watching (again, after forgetEngagement in tests). */
export function watchEngagement(): void {
  if (typeof window === 'undefined') return;
  for (const type of INTERACTIONS) addEventListener(type, onInteraction, LISTEN);
}
watchEngagement();

/** True once the reader has tapped, typed or scrolled on the page (false in the server's render). */
export function useEngaged(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    () => engaged,
    () => false,
  );
}

/** Tests only: the page as just opened. */
export function forgetEngagement(): void {
  set(false);
  watchEngagement();
}
