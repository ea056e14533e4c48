// One push to one subscription with web-push (RFC 8030/8291/8292): the payload is encrypted with
// the browser's keys (aes128gcm) and signed with the server's VAPID key. What the push service
// answers decides what happens next: 2xx delivered, 404/410 the subscription is gone for good,
// 429/5xx/network try again later, any other 4xx will not get better by retrying.
import type { NotificationKind, PushPayload } from '@samaj/core';
import webpush, { WebPushError } from 'web-push';
import type { VapidDetails } from '../../platform/vapid.ts';
import type { Target } from './queries.ts';
import { encodePayload } from './texts.ts';

export type Outcome =
  | { status: 'sent' }
  | { status: 'gone' }
  | { status: 'retry'; reason: string; retryAfterSeconds?: number }
  | { status: 'failed'; reason: string };

/** How long the push service keeps a push for an offline device, and how eagerly it wakes it. */
const DELIVERY: Record<NotificationKind, { ttl: number; urgency: webpush.Urgency }> = {
  // A live event is worth waking the phone for, and worthless once it is over.
  event_live: { ttl: 60 * 60, urgency: 'high' },
  post_decided: { ttl: 24 * 60 * 60, urgency: 'normal' },
  surname_submission_applied: { ttl: 24 * 60 * 60, urgency: 'low' },
  publisher_request_decided: { ttl: 24 * 60 * 60, urgency: 'normal' },
  matrimony_match: { ttl: 3 * 24 * 60 * 60, urgency: 'normal' },
  matrimony_request_received: { ttl: 3 * 24 * 60 * 60, urgency: 'normal' },
  matrimony_request_accepted: { ttl: 3 * 24 * 60 * 60, urgency: 'normal' },
};

/** A push service that does not answer within this is tried again later. */
const TIMEOUT_MS = 10_000;

function retryAfter(headers: Record<string, string | string[] | undefined> | undefined): number | undefined {
  const value = Number(headers?.['retry-after']);
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

export async function deliver(target: Target, payload: PushPayload, vapid: VapidDetails): Promise<Outcome> {
  const { ttl, urgency } = DELIVERY[payload.kind];
  try {
    await webpush.sendNotification(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      encodePayload(payload),
      {
        vapidDetails: vapid,
        TTL: ttl,
        urgency,
        contentEncoding: 'aes128gcm',
        timeout: TIMEOUT_MS,
      },
    );
    return { status: 'sent' };
  } catch (error) {
    if (error instanceof WebPushError) {
      const code = error.statusCode;
      if (code === 404 || code === 410) return { status: 'gone' };
      if (code === 429 || code >= 500) {
        return {
          status: 'retry',
          reason: `push service answered ${code}`,
          retryAfterSeconds: retryAfter(error.headers),
        };
      }
      return {
        status: 'failed',
        reason: `push service answered ${code}: ${error.body?.slice(0, 200) ?? ''}`,
      };
    }
    // Keys web-push cannot use are the browser's mistake and will not improve.
    if (error instanceof Error && /keys|p256dh|auth|public key/i.test(error.message) && !('code' in error)) {
      return { status: 'failed', reason: error.message };
    }
    return { status: 'retry', reason: (error as Error).message ?? String(error) };
  }
}
