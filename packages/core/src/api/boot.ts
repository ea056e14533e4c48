import type { AccountView } from './accounts.ts';

/**
 * The answers the web app would otherwise ask for before it can draw anything, written by the server
 * into the HTML of the page it sends (apps/server/src/platform/boot-data.ts) as a JSON script with
 * this id. Absent when the page comes from the service worker's shell: the app then asks as usual.
 */
export const BOOT_DATA_ID = 'samaj-boot';

export interface BootData {
  /** `GET /api/account`: the signed-in member, or null for a visitor (no 401 round trip to learn it). */
  account?: AccountView | null;
}
