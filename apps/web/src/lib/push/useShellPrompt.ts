// Which of the shell's prompts to show now (docs/product/notifications.md): the install prompt when the
// browser offers installation, the notification prompt in the installed app. One at a time, install first.
import { useCallback, useState, useSyncExternalStore } from 'react';
import { useEngaged } from '../engaged';
import { useHydrated } from '../hydrated';
import { useInstallEvent } from '../installEvent';
import { serviceWorkerSupported } from '../serviceWorker';
import { useCurrentUser } from '../session';
import {
  installDismissed,
  isStandalone,
  notificationAsked,
  notificationPermission,
  pushSupported,
  showInstallPrompt,
  showNotificationPrompt,
} from './prompts';
import { useVapidKey } from './useVapidKey';

export type ShellPromptKind = 'install' | 'notifications';

function useStandalone(): boolean {
  return useSyncExternalStore(
    (listener) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const query = window.matchMedia('(display-mode: standalone)');
      query.addEventListener?.('change', listener);
      return () => query.removeEventListener?.('change', listener);
    },
    () => isStandalone(),
    () => false,
  );
}

export function useShellPrompt(): { kind: ShellPromptKind | null; close: (kind: ShellPromptKind) => void } {
  const offer = useInstallEvent();
  const engaged = useEngaged();
  const standalone = useStandalone();
  const { user } = useCurrentUser();
  const vapidKey = useVapidKey();
  // The browser's permission exists only in the browser: asked after the page is taken over, so the
  // server's render and the hydration agree (no prompt in either).
  const hydrated = useHydrated();
  const [closed, setClosed] = useState<ReadonlySet<ShellPromptKind>>(() => new Set());
  const close = useCallback(
    (kind: ShellPromptKind) => setClosed((previous) => new Set(previous).add(kind)),
    [],
  );

  // Nothing to ask without an offer or a member, which is always so in the server's render (no window).
  // The install prompt waits for the reader's first tap, key or scroll (lib/engaged.ts).
  const install =
    !closed.has('install') &&
    offer !== null &&
    engaged &&
    showInstallPrompt({
      offered: offer !== null,
      serviceWorkerSupported: serviceWorkerSupported(),
      pushSupported: pushSupported(),
      dismissed: installDismissed(),
    });
  const notifications =
    !closed.has('notifications') &&
    hydrated &&
    !!user &&
    // Asking for a permission the server cannot use (push off there) would only disappoint.
    !!vapidKey &&
    showNotificationPrompt({
      standalone,
      member: !!user,
      permission: notificationPermission(),
      askedThisSession: notificationAsked(),
    });
  return { kind: install ? 'install' : notifications ? 'notifications' : null, close };
}
