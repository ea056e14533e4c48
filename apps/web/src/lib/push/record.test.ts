import { PUSH_TOKEN_REFRESH_MS } from '@samaj/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { decide, type PushRecord, readRecord, writeRecord } from './record';

const options = {
  auth: 'auth-secret',
  p256dh: 'public-key',
  endpoint: 'https://push.example/abc',
  swScope: 'https://samaj.example/',
  vapidKey: 'server-key',
};
const now = Date.UTC(2026, 10, 22, 12);
const record = (overrides: Partial<PushRecord> = {}): PushRecord => ({
  token: 't1',
  createTime: now - 60_000,
  options,
  member: 'asha_patel',
  language: 'gu',
  ...overrides,
});
const current = { options, member: 'asha_patel', language: 'gu' };

describe('the push subscription record rules', () => {
  it('registers the device when nothing is stored', () => {
    expect(decide(null, current, now)).toBe('create');
  });

  it('reuses a stored token younger than 7 days with the same options', () => {
    expect(decide(record(), current, now)).toBe('reuse');
    expect(decide(record({ createTime: now - PUSH_TOKEN_REFRESH_MS + 1 }), current, now)).toBe('reuse');
  });

  it('refreshes a token 7 days old or older', () => {
    expect(decide(record({ createTime: now - PUSH_TOKEN_REFRESH_MS }), current, now)).toBe('refresh');
    expect(decide(record({ createTime: now - 30 * 24 * 3600_000 }), current, now)).toBe('refresh');
  });

  it('replaces the token when any subscription option differs', () => {
    for (const key of Object.keys(options) as Array<keyof typeof options>) {
      const changed = { ...current, options: { ...options, [key]: `${options[key]}-new` } };
      expect(decide(record(), changed, now), key).toBe('replace');
    }
  });

  it('prefers replace over refresh when an old record also differs', () => {
    const changed = { ...current, options: { ...options, vapidKey: 'rotated' } };
    expect(decide(record({ createTime: 0 }), changed, now)).toBe('replace');
  });

  it("does not reuse another member's record on a shared device", () => {
    expect(decide(record({ member: 'someone_else' }), current, now)).toBe('create');
  });

  it('tells the server again when the app language changed (notifications follow it)', () => {
    expect(decide(record(), { ...current, language: 'en' }, now)).toBe('refresh');
  });
});

describe('the stored record', () => {
  beforeEach(() => localStorage.clear());

  it('round-trips and ignores unreadable or partial records', () => {
    expect(readRecord(localStorage)).toBeNull();
    writeRecord(localStorage, record());
    expect(readRecord(localStorage)).toEqual(record());
    localStorage.setItem('samaj.push', '{not json');
    expect(readRecord(localStorage)).toBeNull();
    localStorage.setItem('samaj.push', JSON.stringify({ token: 't1', createTime: 1 }));
    expect(readRecord(localStorage)).toBeNull();
  });
});
