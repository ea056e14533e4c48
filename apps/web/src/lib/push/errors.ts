// The push errors (docs/product/errors.md, "Push errors"), each with one wording. The interface never shows
// them (a failed subscribe is ignored); they are logged so an operator or developer can tell why a device
// gets no notifications.

export const PUSH_ERROR_MESSAGES = {
  'missing-app-config-value': 'Missing app configuration value: {detail}.',
  'only-available-in-window': 'This push method is only available in a window context.',
  'only-available-in-sw': 'This push method is only available in a service worker context.',
  'permission-default': 'Notification permission was not granted: the request was dismissed.',
  'permission-blocked': 'Notification permission was not granted: notifications are blocked.',
  'unsupported-browser': 'This browser does not support the APIs push notifications need.',
  'indexed-db-unsupported': 'This browser cannot store the push subscription record locally.',
  'failed-service-worker-registration': 'The service worker could not be registered: {detail}',
  'token-subscribe-failed': 'Subscribing this device to push failed: {detail}',
  'token-subscribe-no-token': 'Subscribing this device to push returned no token.',
  'token-update-failed': 'Updating this device’s push subscription failed: {detail}',
  'token-update-no-token': 'Updating this device’s push subscription returned no token.',
  'token-unsubscribe-failed': 'Unsubscribing this device from push failed: {detail}',
  'service-workers-unsupported': 'Service workers are disabled or not supported in this browser.',
  'no-subscription': 'There is no push subscription to unsubscribe.',
} as const;

export type PushErrorCode = keyof typeof PUSH_ERROR_MESSAGES;

export class PushError extends Error {
  readonly code: PushErrorCode;

  constructor(code: PushErrorCode, detail?: unknown) {
    const text = detail instanceof Error ? detail.message : detail === undefined ? '' : String(detail);
    super(`push/${code}: ${PUSH_ERROR_MESSAGES[code].replace('{detail}', text || 'unknown reason')}`);
    this.name = 'PushError';
    this.code = code;
  }
}

export { logPushError } from './log';
