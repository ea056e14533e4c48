import { PUSH_TOKEN_REFRESH_MS } from '@samaj/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PushError } from './errors';
import { readRecord } from './record';
import { subscribeToPush } from './subscribe';

const KEY_A = 'BAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
const KEY_B = 'BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB';

function fromBase64url(key: string): ArrayBuffer {
  const binary = atob(key.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0)).buffer;
}

/** A browser push subscription as the Push API hands it out. */
function fakeSubscription(endpoint: string, serverKey: string) {
  return {
    endpoint,
    options: { applicationServerKey: fromBase64url(serverKey), userVisibleOnly: true },
    toJSON: () => ({ endpoint, keys: { p256dh: `p256-${endpoint}`, auth: `auth-${endpoint}` } }),
    unsubscribe: vi.fn(async () => true),
  };
}

function fakeRegistration() {
  let current: ReturnType<typeof fakeSubscription> | null = null;
  let count = 0;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async ({ applicationServerKey }: { applicationServerKey: Uint8Array }) => {
      count += 1;
      let binary = '';
      for (const b of applicationServerKey) binary += String.fromCharCode(b);
      const key = btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
      current = fakeSubscription(`https://push.example/sub-${count}`, key);
      return current;
    }),
  };
  return { scope: 'https://samaj.example/', pushManager } as unknown as ServiceWorkerRegistration & {
    pushManager: typeof pushManager;
  };
}

/** Asha's device with a fresh registration; `clock` moves the time the flow sees. */
function device(clock?: { now: number }) {
  const registration = fakeRegistration();
  const context = {
    member: 'asha_patel',
    vapidKey: KEY_A,
    language: 'gu',
    registration: async () => registration,
    ...(clock && { now: () => clock.now }),
  };
  return { registration, context };
}

let calls: Array<{ method: string; url: string; body?: unknown }>;
let nextToken: number;

beforeEach(() => {
  localStorage.clear();
  calls = [];
  nextToken = 1;
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { permission: 'granted' });
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (method === 'DELETE') return new Response(null, { status: 204 });
      const token = `token-${nextToken++}`;
      return Response.json({ token, createdAt: new Date().toISOString() }, { status: 201 });
    }),
  );
});
afterEach(() => {
  // biome-ignore lint/suspicious/noExplicitAny: undo the stub above
  delete (navigator as any).serviceWorker;
});

describe('subscribe flow', () => {
  it('registers a new device with the server, then reuses the token without asking again', async () => {
    const clock = { now: 1_000_000 };
    const { registration, context } = device(clock);
    expect(await subscribeToPush(context)).toBe('token-1');
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/push/subscriptions',
        body: {
          endpoint: 'https://push.example/sub-1',
          keys: { p256dh: 'p256-https://push.example/sub-1', auth: 'auth-https://push.example/sub-1' },
          language: 'gu',
        },
      },
    ]);
    expect(readRecord(localStorage)).toMatchObject({
      token: 'token-1',
      createTime: clock.now,
      options: { endpoint: 'https://push.example/sub-1', swScope: 'https://samaj.example/', vapidKey: KEY_A },
    });

    clock.now += PUSH_TOKEN_REFRESH_MS - 1;
    expect(await subscribeToPush(context)).toBe('token-1');
    expect(calls).toHaveLength(1);
    expect(registration.pushManager.subscribe).toHaveBeenCalledTimes(1);
  });

  it('refreshes a token once it is 7 days old', async () => {
    const clock = { now: 1_000_000 };
    const { context } = device(clock);
    await subscribeToPush(context);
    clock.now += PUSH_TOKEN_REFRESH_MS;
    await subscribeToPush(context);
    expect(calls.map((c) => c.method)).toEqual(['POST', 'POST']);
    expect(calls[1].body).toMatchObject({ endpoint: 'https://push.example/sub-1' });
    expect(readRecord(localStorage)?.createTime).toBe(clock.now);
  });

  it('replaces the subscription when the server key changed: old token dropped, new one stored', async () => {
    const { registration, context } = device();
    await subscribeToPush(context);
    const first = await registration.pushManager.getSubscription();
    expect(await subscribeToPush({ ...context, vapidKey: KEY_B })).toBe('token-2');
    expect(first?.unsubscribe).toHaveBeenCalled();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/push/subscriptions',
      'DELETE /api/push/subscriptions/token-1',
      'POST /api/push/subscriptions',
    ]);
    expect(readRecord(localStorage)).toMatchObject({
      token: 'token-2',
      options: { endpoint: 'https://push.example/sub-2', vapidKey: KEY_B },
    });
  });

  it('fails with the spec’s push errors, without a server call', async () => {
    const { context } = device();
    await expect(subscribeToPush({ ...context, vapidKey: null })).rejects.toMatchObject({
      code: 'missing-app-config-value',
    });
    vi.stubGlobal('Notification', { permission: 'denied' });
    await expect(subscribeToPush(context)).rejects.toMatchObject({ code: 'permission-blocked' });
    vi.stubGlobal('Notification', { permission: 'granted' });
    await expect(
      subscribeToPush({ ...context, registration: () => Promise.reject(new Error('boom')) }),
    ).rejects.toBeInstanceOf(PushError);
    expect(calls).toEqual([]);
  });

  it('reports a refused registration as a subscribe failure and stores nothing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ message: 'x', code: 503, type: 'general_service_unavailable' }, { status: 503 }),
      ),
    );
    const registration = fakeRegistration();
    await expect(
      subscribeToPush({
        member: 'asha_patel',
        vapidKey: KEY_A,
        language: 'gu',
        registration: async () => registration,
      }),
    ).rejects.toMatchObject({ code: 'token-subscribe-failed' });
    expect(readRecord(localStorage)).toBeNull();
  });
});
