// The answers the server wrote into this page's HTML (server platform/boot-data.ts), so the first
// screen does not wait for round trips to learn who is signed in and how the community is set up. A page served from the service
// worker's precached shell has none: the queries then ask the server as usual.
import { BOOT_DATA_ID, type BootData } from '@samaj/core';
import type { QueryClient } from '@tanstack/react-query';
import { publicConfigQueryKey } from './publicConfig';
import { currentUserQueryKey } from './session';

/** What this page was served with, and when: a feature's query starts from its part (`bootAnswer`). */
let served: { data: BootData; at: number } = { data: {}, at: 0 };

/** Reads and removes the boot script: it describes the moment the page was served, nothing later. */
export function takeBootData(doc: Document = document): BootData {
  const element = doc.getElementById(BOOT_DATA_ID);
  element?.remove();
  let data: BootData = {};
  try {
    if (element) data = JSON.parse(element.textContent ?? '') as BootData;
  } catch {
    // Damaged: the queries ask the server as usual.
  }
  serveBootData(data);
  return data;
}

/** The boot data this page was served with (takeBootData; the build's prerender draws with its own). */
export function serveBootData(data: BootData): void {
  served = { data, at: Date.now() };
}

/**
 * One part of the boot data for a feature's own query (its `initialData`), with the time the page was
 * served (its `initialDataUpdatedAt`, so the usual staleness applies); undefined when the page has none.
 */
export function bootAnswer<K extends keyof BootData>(
  name: K,
): { data: NonNullable<BootData[K]>; at: number } | undefined {
  const data = served.data[name];
  return data === undefined || data === null ? undefined : { data, at: served.at };
}

/** Seeds the query cache with the boot data, as if the queries had just been answered. */
export function seedBootData(client: QueryClient, boot: BootData): void {
  if (boot.account !== undefined) client.setQueryData(currentUserQueryKey, boot.account);
  if (boot.publicConfig) client.setQueryData(publicConfigQueryKey, boot.publicConfig);
}
