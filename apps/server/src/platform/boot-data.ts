// Boot data: the answers every page would otherwise ask for before drawing anything (who is signed
// in), written into the HTML the server sends. On a slow connection that saves the app a round trip
// before its first screen, and a visitor's browser no longer logs a 401 for learning it is logged out.
import { BOOT_DATA_ID, type BootData } from '@samaj/core';
import type { FastifyRequest } from 'fastify';

/** The path of the page asked for, without its query: a part is sent only with the page it is for. */
export function servedPath(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? '';
}

/** Asks every registered part for this viewer; a part that fails is left out (the app then asks itself). */
export async function collectBootData(request: FastifyRequest): Promise<BootData> {
  const data: Record<string, unknown> = {};
  await Promise.all(
    [...request.server.registry.bootData].map(async ([name, load]) => {
      try {
        data[name] = await load(request);
      } catch (err) {
        request.log.warn({ err, part: name }, 'boot data: left out');
      }
    }),
  );
  return data as BootData;
}

/**
 * The JSON script the web app reads (apps/web/src/lib/boot.ts). `<` is escaped so no text a member
 * wrote can close the script element; a JSON script is data, never run, so the CSP allows it.
 */
export function bootScript(data: BootData): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `<script id="${BOOT_DATA_ID}" type="application/json">${json}</script>`;
}
