// When the shell's two prompts appear (docs/product/notifications.md). Pure conditions (prompts.test.ts) plus
// the small memory each needs: the install prompt's "never again" (this browser) and the notification
// prompt's "asked this session".

export const INSTALL_DISMISSED_KEY = 'samaj.installPrompt';
/** The member turned notifications off on this device in Settings: the app does not subscribe it by itself. */
export const PUSH_OPT_OUT_KEY = 'samaj.push.off';
export const NOTIFICATION_ASKED_KEY = 'samaj.notificationPrompt';

export interface InstallPromptState {
  /** The browser offered the install event (`beforeinstallprompt`). */
  offered: boolean;
  serviceWorkerSupported: boolean;
  pushSupported: boolean;
  /** Skipped, or the browser's prompt ended in anything but "accepted", once before. */
  dismissed: boolean;
}

export function showInstallPrompt(s: InstallPromptState): boolean {
  return s.offered && s.serviceWorkerSupported && s.pushSupported && !s.dismissed;
}

export interface NotificationPromptState {
  /** Running as the installed app (display-mode standalone). */
  standalone: boolean;
  /** A member is signed in. */
  member: boolean;
  /** Notification.permission; 'unsupported' when the browser has no notifications. */
  permission: NotificationPermission | 'unsupported';
  /** Already asked (or skipped) in this session. */
  askedThisSession: boolean;
}

export function showNotificationPrompt(s: NotificationPromptState): boolean {
  return (
    s.standalone &&
    s.member &&
    s.permission !== 'unsupported' &&
    s.permission !== 'granted' &&
    !s.askedThisSession
  );
}

/** Push works here: a window with service workers, the Push API and notifications. */
export function pushSupported(win: Window | undefined = globalThis.window): boolean {
  return !!win && 'serviceWorker' in win.navigator && 'PushManager' in win && 'Notification' in win;
}

export function isStandalone(win: Window = window): boolean {
  const iosStandalone = (win.navigator as Navigator & { standalone?: boolean }).standalone === true;
  return (
    iosStandalone ||
    (typeof win.matchMedia === 'function' && win.matchMedia('(display-mode: standalone)').matches)
  );
}

export function notificationPermission(win: Window = window): NotificationPermission | 'unsupported' {
  return 'Notification' in win ? (win as Window & typeof globalThis).Notification.permission : 'unsupported';
}

function read(storage: () => Storage, key: string): boolean {
  try {
    return storage().getItem(key) !== null;
  } catch {
    return false;
  }
}

function write(storage: () => Storage, key: string): void {
  try {
    storage().setItem(key, '1');
  } catch {
    // Private mode: the prompt comes back next time, which is harmless.
  }
}

export const pushOptedOut = () => read(() => localStorage, PUSH_OPT_OUT_KEY);
export const optOutOfPush = () => write(() => localStorage, PUSH_OPT_OUT_KEY);
export function optBackIntoPush(): void {
  try {
    localStorage.removeItem(PUSH_OPT_OUT_KEY);
  } catch {
    // Nothing stored, nothing to undo.
  }
}

export const installDismissed = () => read(() => localStorage, INSTALL_DISMISSED_KEY);
export const dismissInstall = () => write(() => localStorage, INSTALL_DISMISSED_KEY);
export const notificationAsked = () => read(() => sessionStorage, NOTIFICATION_ASKED_KEY);
export const markNotificationAsked = () => write(() => sessionStorage, NOTIFICATION_ASKED_KEY);
