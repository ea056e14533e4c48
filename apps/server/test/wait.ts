// Waiting in tests for work that finishes after the request that started it (jobs, realtime, push).
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

export { sleep };

/**
 * Polls `get` until it returns something truthy, and returns that. Generous by default: the machine
 * running the suite may be busy (two database engines, browser tests beside).
 */
export async function waitFor<T>(
  get: () => T | Promise<T>,
  what: string,
  ms = 45_000,
  every = 100,
): Promise<NonNullable<T>> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const value = await get();
    if (value) return value as NonNullable<T>;
    await sleep(every);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * Resolves once every notification sent before it has reached `app`'s subscribers. A test that
 * changes a member straight in the database (as an operator command or another process does) waits
 * for this before its next request: PostgreSQL delivers NOTIFY in commit order, so a marker sent
 * after the change arrives after the change's own 'auth.member-changed' (platform/auth/session-cache.ts).
 */
export async function realtimeSettled(app: FastifyInstance): Promise<void> {
  await app.ready();
  const id = randomUUID();
  let unsubscribe = () => {};
  const heard = new Promise<void>((resolve) => {
    unsubscribe = app.realtime.subscribe('test.settled', (message) => {
      if (message.id === id) resolve();
    });
  });
  // Sent again while unheard: a notification sent while the LISTEN connection reconnects is lost.
  let again: NodeJS.Timeout | undefined;
  try {
    await app.realtime.publish('test.settled', { id });
    again = setInterval(() => void app.realtime.publish('test.settled', { id }).catch(() => {}), 2_000);
    await heard;
  } finally {
    clearInterval(again);
    unsubscribe();
  }
}
