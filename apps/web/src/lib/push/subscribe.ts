// The subscribe flow (docs/product/notifications.md, "Subscribing a device"): a Push API subscription with
// the server's VAPID key, registered with the server as the member's push target (which also adds it to the
// topic 'everyone'). The local record decides whether the server needs to hear about it (record.ts). Callers
// ignore failures and log them (errors.ts).
import type { PushSubscriptionView } from '@samaj/core';
import { api } from '../api';
import { logPushError, PushError } from './errors';
import { pushSupported } from './prompts';
import {
  clearRecord,
  decide,
  type PushRecord,
  type PushRecordOptions,
  readRecord,
  writeRecord,
} from './record';

export interface SubscribeContext {
  /** The signed-in member's id. */
  member: string;
  /** The server's VAPID public key (base64url) from the public configuration; null = push is off. */
  vapidKey: string | null;
  /** The language notifications should be written in (the app's current language). */
  language: string;
  /** The service worker registration (registers it now if the app has not yet). */
  registration: () => Promise<ServiceWorkerRegistration>;
  storage?: Storage;
  now?: () => number;
}

export { pushSupported } from './prompts';

function base64url(buffer: ArrayBuffer | null): string {
  if (!buffer) return '';
  let binary = '';
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function keyBytes(key: string): Uint8Array<ArrayBuffer> {
  const base64 = key.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The browser's subscription for this server key: an existing one for another key is dropped. */
async function browserSubscription(
  registration: ServiceWorkerRegistration,
  vapidKey: string,
): Promise<PushSubscription> {
  const existing = await registration.pushManager.getSubscription();
  if (existing) {
    const existingKey = base64url(existing.options.applicationServerKey);
    if (!existingKey || existingKey === vapidKey) return existing;
    await existing.unsubscribe();
  }
  return registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(vapidKey),
  });
}

async function register(
  subscription: PushSubscription,
  language: string,
  failure: 'token-subscribe-failed' | 'token-update-failed',
): Promise<string> {
  const json = subscription.toJSON();
  let answer: PushSubscriptionView;
  try {
    answer = await api<PushSubscriptionView>('/api/push/subscriptions', {
      method: 'POST',
      body: { endpoint: json.endpoint, keys: json.keys, language },
    });
  } catch (error) {
    throw new PushError(failure, error);
  }
  if (!answer?.token) {
    throw new PushError(
      failure === 'token-subscribe-failed' ? 'token-subscribe-no-token' : 'token-update-no-token',
    );
  }
  return answer.token;
}

async function unregister(token: string): Promise<void> {
  try {
    await api(`/api/push/subscriptions/${encodeURIComponent(token)}`, { method: 'DELETE' });
  } catch (error) {
    throw new PushError('token-unsubscribe-failed', error);
  }
}

/** Subscribes this device for the member; returns the token (the server's id of this push target). */
export async function subscribeToPush(context: SubscribeContext): Promise<string> {
  if (typeof window === 'undefined') throw new PushError('only-available-in-window');
  if (!('serviceWorker' in navigator)) throw new PushError('service-workers-unsupported');
  if (!pushSupported()) throw new PushError('unsupported-browser');
  if (!context.vapidKey) throw new PushError('missing-app-config-value', 'vapidPublicKey');
  if (Notification.permission === 'denied') throw new PushError('permission-blocked');
  if (Notification.permission !== 'granted') throw new PushError('permission-default');
  const storage = context.storage ?? window.localStorage;
  if (!storage) throw new PushError('indexed-db-unsupported');
  const now = context.now ?? Date.now;

  let registration: ServiceWorkerRegistration;
  try {
    registration = await context.registration();
  } catch (error) {
    throw new PushError('failed-service-worker-registration', error);
  }
  let subscription: PushSubscription;
  try {
    subscription = await browserSubscription(registration, context.vapidKey);
  } catch (error) {
    throw new PushError('token-subscribe-failed', error);
  }
  const json = subscription.toJSON();
  const options: PushRecordOptions = {
    auth: json.keys?.auth ?? '',
    p256dh: json.keys?.p256dh ?? '',
    endpoint: subscription.endpoint,
    swScope: registration.scope,
    vapidKey: context.vapidKey,
  };

  const record = readRecord(storage);
  const decision = decide(record, { options, member: context.member, language: context.language }, now());
  if (decision === 'reuse' && record) return record.token;

  if (decision === 'replace' && record) {
    // The old target is useless now; failing to drop it must not keep the new one from working.
    await unregister(record.token).catch(logPushError);
  }
  const token = await register(
    subscription,
    context.language,
    decision === 'refresh' ? 'token-update-failed' : 'token-subscribe-failed',
  );
  const next: PushRecord = {
    token,
    createTime: now(),
    options,
    member: context.member,
    language: context.language,
  };
  writeRecord(storage, next);
  return token;
}

/**
 * This device stops being the member's push target (a logout, or the member turning notifications
 * off here): the server forgets the token, the browser drops its subscription, the record goes.
 */
export async function unsubscribeFromPush(storage: Storage = window.localStorage): Promise<void> {
  const record = readRecord(storage);
  clearRecord(storage);
  const registration = await navigator.serviceWorker?.getRegistration();
  const subscription = await registration?.pushManager?.getSubscription();
  if (!record && !subscription) throw new PushError('no-subscription');
  await subscription?.unsubscribe().catch(() => undefined);
  if (record) await unregister(record.token);
}

/** The stored record, for the settings screen ("this device gets notifications"). */
export function currentRecord(storage: Storage = window.localStorage): PushRecord | null {
  return readRecord(storage);
}
