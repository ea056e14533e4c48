// The push subscription record kept on the device and the rules of the subscribe flow
// (docs/product/notifications.md, "Subscribing a device"): reuse a stored token; refresh it when older than 7
// days; replace it when the subscription's options differ.
import { PUSH_TOKEN_REFRESH_MS } from '@samaj/core';

export interface PushRecordOptions {
  auth: string;
  p256dh: string;
  endpoint: string;
  swScope: string;
  vapidKey: string;
}

export interface PushRecord {
  /** The server's id for this device as the member's push target. */
  token: string;
  /** When the token was last confirmed with the server (ms since epoch). */
  createTime: number;
  options: PushRecordOptions;
  /** The member it was stored for, and the language their notifications are written in. */
  member: string;
  language: string;
}

/**
 * - `create`: no record for this member: register the device.
 * - `replace`: the subscription changed (new keys, endpoint, worker scope or server key): the old
 *   token is dropped and a new one registered.
 * - `refresh`: same subscription, but the token is older than 7 days or the language changed:
 *   registered again so the server keeps it current.
 * - `reuse`: nothing to tell the server.
 */
export type RecordDecision = 'create' | 'replace' | 'refresh' | 'reuse';

export function sameOptions(a: PushRecordOptions, b: PushRecordOptions): boolean {
  return (
    a.auth === b.auth &&
    a.p256dh === b.p256dh &&
    a.endpoint === b.endpoint &&
    a.swScope === b.swScope &&
    a.vapidKey === b.vapidKey
  );
}

export function decide(
  record: PushRecord | null,
  current: { options: PushRecordOptions; member: string; language: string },
  now: number,
): RecordDecision {
  if (!record || record.member !== current.member) return 'create';
  if (!sameOptions(record.options, current.options)) return 'replace';
  if (now - record.createTime >= PUSH_TOKEN_REFRESH_MS || record.language !== current.language)
    return 'refresh';
  return 'reuse';
}

export const PUSH_RECORD_KEY = 'samaj.push';

function isRecord(value: unknown): value is PushRecord {
  if (!value || typeof value !== 'object') return false;
  const r = value as Partial<PushRecord>;
  const o = r.options as Partial<PushRecordOptions> | undefined;
  return (
    typeof r.token === 'string' &&
    typeof r.createTime === 'number' &&
    typeof r.member === 'string' &&
    typeof r.language === 'string' &&
    !!o &&
    ['auth', 'p256dh', 'endpoint', 'swScope', 'vapidKey'].every(
      (key) => typeof o[key as keyof PushRecordOptions] === 'string',
    )
  );
}

/** The stored record, or null when there is none or it is unreadable (then the device registers anew). */
export function readRecord(storage: Storage): PushRecord | null {
  try {
    const value: unknown = JSON.parse(storage.getItem(PUSH_RECORD_KEY) ?? 'null');
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeRecord(storage: Storage, record: PushRecord): void {
  storage.setItem(PUSH_RECORD_KEY, JSON.stringify(record));
}

export function clearRecord(storage: Storage): void {
  storage.removeItem(PUSH_RECORD_KEY);
}
