// The subscribe flow wired to the app: the signed-in member, the server's VAPID key from the public
// configuration, the current language and the service worker registration.
import { useCallback } from 'react';
import { currentLanguage } from '../i18n';
import { registerServiceWorker } from '../serviceWorker';
import { useCurrentUser } from '../session';
import { subscribeToPush } from './subscribe';
import { useVapidKey } from './useVapidKey';

export { useVapidKey };

/** Subscribes this device for the signed-in member; rejects with a PushError (callers log it). */
export function useSubscribe(): () => Promise<string> {
  const { user } = useCurrentUser();
  const vapidKey = useVapidKey();
  const member = user?.id ?? null;
  return useCallback(() => {
    if (!member) return Promise.reject(new Error('push: nobody is signed in'));
    return subscribeToPush({
      member,
      vapidKey: vapidKey ?? null,
      language: currentLanguage(),
      registration: registerServiceWorker,
    });
  }, [member, vapidKey]);
}
