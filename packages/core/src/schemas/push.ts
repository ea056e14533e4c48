// Web Push (docs/product/notifications.md, "Subscribing a device"): what a browser sends to become a
// member's push target, and the per-kind notification settings (Settings → Notifications).
// The server stores the subscription and adds it to the topic 'everyone' (MESSAGING_TOPIC).
import { z } from 'zod';
import { typeError } from './common.ts';
import { MSG_INVALID_VALUE, MSG_TOO_LONG } from './messages.ts';

/** Push service URLs seen in the wild are ~200–500 characters; 2048 leaves room without inviting abuse. */
export const PUSH_ENDPOINT_MAX = 2048;
/** base64url of an uncompressed P-256 point (65 bytes) is 87 characters; padding and variants allowed. */
export const PUSH_P256DH_MAX = 100;
/** base64url of the 16-byte auth secret is 22 characters. */
export const PUSH_AUTH_MAX = 32;

/** The languages a notification can be written in (the web app's languages; Gujarati first). */
export const NOTIFICATION_LANGUAGES = ['gu', 'en'] as const;
export type NotificationLanguage = (typeof NOTIFICATION_LANGUAGES)[number];

/**
 * What a member can be told, each switchable in Settings → Notifications
 * (docs/product/notifications.md, "Notification settings").
 */
export const NOTIFICATION_KINDS = [
  /** An event went live (sent to the topic 'everyone'). */
  'event_live',
  /** An event the member said they'll attend starts within the hour (docs/product/events.md, "Reminders"). */
  'event_reminder',
  /** Staff approved or rejected the member's post. */
  'post_decided',
  /** Staff applied the member's surname submission to the directory. */
  'surname_submission_applied',
  /** Staff approved or rejected the member's publisher application. */
  'publisher_request_decided',
  /** Matrimony: a mutual shortlist (a new match). */
  'matrimony_match',
  /** Matrimony: someone asked for the member's full profile. */
  'matrimony_request_received',
  /** Matrimony: the member's request for a full profile was accepted. */
  'matrimony_request_accepted',
  /** Matrimony: the member's request for a full profile was declined. */
  'matrimony_request_declined',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

const base64url = (max: number) =>
  z
    .string({ error: typeError })
    .min(1, MSG_INVALID_VALUE)
    .max(max, MSG_TOO_LONG)
    .regex(/^[A-Za-z0-9_\-+/]+=*$/, MSG_INVALID_VALUE);

/**
 * POST /api/push/subscriptions: `PushSubscription.toJSON()` (endpoint and keys) plus the language
 * the device shows the app in, so its notifications are written in it. Sending it again (same
 * endpoint) updates keys and language; the answer's token stays the same.
 */
export const pushSubscribeSchema = z.object({
  endpoint: z.url({ protocol: /^https$/, error: MSG_INVALID_VALUE }).max(PUSH_ENDPOINT_MAX, MSG_TOO_LONG),
  keys: z.object({ p256dh: base64url(PUSH_P256DH_MAX), auth: base64url(PUSH_AUTH_MAX) }),
  language: z.enum(NOTIFICATION_LANGUAGES, { error: MSG_INVALID_VALUE }).default('gu'),
});
export type PushSubscribeInput = z.input<typeof pushSubscribeSchema>;

/** PUT /api/push/settings: any subset of kinds, true = send. Kinds left out keep their value. */
export const notificationSettingsSchema = z.partialRecord(
  z.enum(NOTIFICATION_KINDS, { error: MSG_INVALID_VALUE }),
  z.boolean({ error: MSG_INVALID_VALUE }),
);
export type NotificationSettingsInput = z.infer<typeof notificationSettingsSchema>;

/** A new member gets every kind. */
export const DEFAULT_NOTIFICATION_SETTINGS: Record<NotificationKind, boolean> = Object.fromEntries(
  NOTIFICATION_KINDS.map((kind) => [kind, true]),
) as Record<NotificationKind, boolean>;
