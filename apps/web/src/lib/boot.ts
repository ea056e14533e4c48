// The answers the server wrote into this page's HTML (server platform/boot-data.ts), so the first
// screen does not wait for round trips to learn who is signed in and how the community is set up. A page served from the service
// worker's precached shell has none: the queries then ask the server as usual.
import { BOOT_DATA_ID, type BootData } from '@samaj/core';
import type { QueryClient } from '@tanstack/react-query';
import { publicConfigQueryKey } from './publicConfig';
import { currentUserQueryKey } from './session';

/** Reads and removes the boot script: it describes the moment the page was served, nothing later. */
export function takeBootData(doc: Document = document): BootData {
  const element = doc.getElementById(BOOT_DATA_ID);
  if (!element) return {};
  element.remove();
  try {
    return JSON.parse(element.textContent ?? '') as BootData;
  } catch {
    return {};
  }
}

/** Seeds the query cache with the boot data, as if the queries had just been answered. */
export function seedBootData(client: QueryClient, boot: BootData): void {
  if (boot.account !== undefined) client.setQueryData(currentUserQueryKey, boot.account);
  if (boot.publicConfig) client.setQueryData(publicConfigQueryKey, boot.publicConfig);
}
