// Web Push as the browser and the service worker read it (apps/server/src/features/notifications).
import type { NotificationKind } from '../schemas/push.ts';

/**
 * The answer to POST /api/push/subscriptions: `token` is the push target's id, kept in the local
 * subscription record (docs/product/notifications.md, "Subscribing a device") and used to unsubscribe (DELETE
 * /api/push/subscriptions/{token}).
 */
export interface PushSubscriptionView {
  token: string;
  /** When the server first stored this endpoint. */
  createdAt: string;
}

/** GET/PUT /api/push/settings: every kind, true = the member wants it. */
export interface NotificationSettingsView {
  kinds: Record<NotificationKind, boolean>;
}

/**
 * What the service worker receives in a push event (`event.data.json()`), already in the
 * subscription's language. It shows `title`/`body`, collapses notifications with the same `tag`
 * (a second "event is live" replaces the first), and on click opens (or focuses) `url`, a path of
 * this site such as `/event/abc`.
 */
export interface PushPayload {
  kind: NotificationKind;
  title: string;
  body: string;
  url: string;
  tag: string;
}
