// Waiting in tests for work that finishes after the request that started it (jobs, realtime, push).
import { setTimeout as sleep } from 'node:timers/promises';

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
