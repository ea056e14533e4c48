// Keeping this device's push subscription current (docs/product/notifications.md, "Subscribing a device")
// from the app's start: it runs before the member can touch the notification settings, so it never races a
// "turn off" they make on the page. The shell's prompts themselves load later (app/shell/Shell.tsx).
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../i18n';
import { useCurrentUser } from '../session';
import { logPushError } from './log';
import { notificationPermission, pushOptedOut, pushSupported } from './prompts';
import { useVapidKey } from './useVapidKey';

/**
 * With permission already granted, each start of the app re-runs the subscribe flow for the member
 * (which refreshes a token older than 7 days or replaces a changed subscription); failures are
 * logged only. Waits for the service worker the app registers once stable.
 */
export function useKeepPushSubscription(): void {
  const { user } = useCurrentUser();
  const vapidKey = useVapidKey();
  const member = user?.id ?? null;
  // Notifications are written in the subscription's language: a switch is told to the server.
  const { i18n } = useTranslation();
  const language = i18n.language;
  useEffect(() => {
    if (import.meta.env.DEV || !member || !vapidKey || !language || !pushSupported()) return;
    if (notificationPermission() !== 'granted' || pushOptedOut()) return;
    // Loaded on demand: most visits never need the subscribe flow.
    import('./subscribe')
      .then(({ subscribeToPush }) =>
        subscribeToPush({
          member,
          vapidKey,
          language: currentLanguage(),
          registration: () => navigator.serviceWorker.ready,
        }),
      )
      .catch(logPushError);
  }, [member, vapidKey, language]);
}
