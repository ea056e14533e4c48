// One push to one subscription with web-push (RFC 8030/8291/8292): the payload is encrypted with
// the browser's keys (aes128gcm) and signed with the server's VAPID key. What the push service
// answers decides what happens next: 2xx delivered, 404/410 the subscription is gone for good,
// 429/5xx/network try again later, any other 4xx will not get better by retrying.
import type https from 'node:https';
import type { NotificationKind, PushPayload } from '@samaj/core';
import { LRUCache } from 'lru-cache';
import webpush, { WebPushError } from 'web-push';
import type { VapidDetails } from '../../platform/vapid.ts';
import { PRIVATE_ADDRESS, PublicAgent, pushEndpointHost } from './endpoint.ts';
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
  event_reminder: { ttl: 60 * 60, urgency: 'high' },
  post_decided: { ttl: 24 * 60 * 60, urgency: 'normal' },
  surname_submission_applied: { ttl: 24 * 60 * 60, urgency: 'low' },
  publisher_request_decided: { ttl: 24 * 60 * 60, urgency: 'normal' },
  matrimony_match: { ttl: 3 * 24 * 60 * 60, urgency: 'normal' },
  matrimony_request_received: { ttl: 3 * 24 * 60 * 60, urgency: 'normal' },
  matrimony_request_accepted: { ttl: 3 * 24 * 60 * 60, urgency: 'normal' },
  matrimony_request_declined: { ttl: 3 * 24 * 60 * 60, urgency: 'normal' },
};

/** A push service that does not answer within this is tried again later. */
const TIMEOUT_MS = 10_000;

/** A VAPID token may live 24 h (RFC 8292); ours say 12 h and are reused for 1 h per push service. */
const TOKEN_LIFETIME_S = 12 * 60 * 60;
const TOKEN_REUSE_MS = 60 * 60 * 1000;
const tokens = new LRUCache<string, string>({ max: 1000, ttl: TOKEN_REUSE_MS });

/**
 * The Authorization header for a push service: signing one per push (web-push's default) costs
 * ~1 ms of the ~2 ms a push takes, and a fan-out sends thousands to the same few services.
 */
function authorization(endpoint: string, vapid: VapidDetails): string {
  const audience = new URL(endpoint).origin;
  const key = `${vapid.publicKey} ${audience}`;
  const cached = tokens.get(key);
  if (cached) return cached;
  const { Authorization } = webpush.getVapidHeaders(
    audience,
    vapid.subject,
    vapid.publicKey,
    vapid.privateKey,
    'aes128gcm',
    Math.floor(Date.now() / 1000) + TOKEN_LIFETIME_S,
  );
  tokens.set(key, Authorization);
  return Authorization;
}

function retryAfter(headers: Record<string, string | string[] | undefined> | undefined): number | undefined {
  const value = Number(headers?.['retry-after']);
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/**
 * The connections pushes go out on: kept alive (a fan-out sends thousands to the same few push
 * services) and, unless private endpoints are allowed, never to an address inside the network
 * (PublicAgent checks each address it connects to). Allowed (tests, benchmarks): Node's default agent.
 */
export function pushAgent(allowPrivate: boolean): https.Agent | undefined {
  return allowPrivate ? undefined : new PublicAgent();
}

export async function deliver(
  target: Target,
  payload: PushPayload,
  vapid: VapidDetails,
  agent?: https.Agent,
): Promise<Outcome> {
  const { ttl, urgency } = DELIVERY[payload.kind];
  // Stored before endpoints were read strictly, or by hand: web-push would connect to a host we
  // never checked. Not a push service; forget it.
  if (pushEndpointHost(target.endpoint) === null) return { status: 'gone' };
  try {
    await webpush.sendNotification(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      encodePayload(payload),
      {
        headers: { Authorization: authorization(target.endpoint, vapid) },
        TTL: ttl,
        urgency,
        contentEncoding: 'aes128gcm',
        timeout: TIMEOUT_MS,
        ...(agent ? { agent } : {}),
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
    // Its name now points inside the network: not a push service, forget it.
    if ((error as NodeJS.ErrnoException).code === PRIVATE_ADDRESS) return { status: 'gone' };
    // Keys web-push cannot use are the browser's mistake and will not improve.
    if (error instanceof Error && /keys|p256dh|auth|public key/i.test(error.message) && !('code' in error)) {
      return { status: 'failed', reason: error.message };
    }
    return { status: 'retry', reason: (error as Error).message ?? String(error) };
  }
}
