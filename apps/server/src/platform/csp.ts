import type { IncomingMessage } from 'node:http';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/** The origin of the map tile server, e.g. https://tile.openstreetmap.org for the default TILE_URL. */
export function tileOrigin(tileUrl: string): string {
  // Placeholders like {s}.tile.example.org become a wildcard host.
  const url = new URL(tileUrl.replace(/\{s\}/g, 'SUBDOMAIN').replace(/\{[a-z]\}/g, '0'));
  return `${url.protocol}//${url.host.replace('SUBDOMAIN', '*')}`;
}

/**
 * Only our own origin, plus the tile server for map images. data:/blob: serve previews of photos
 * picked for upload and the live video element; ws(s) to ourselves carries realtime and PeerJS
 * signalling (listed explicitly because older browsers do not count ws: as 'self').
 */
export function contentSecurityPolicy(config: Config): FastifyHelmetOptions['contentSecurityPolicy'] {
  const publicUrl = new URL(config.publicUrl);
  const publicWs = `${publicUrl.protocol === 'https:' ? 'wss:' : 'ws:'}//${publicUrl.host}`;
  const requestWs = (req: IncomingMessage) => {
    const host = req.headers.host;
    // A Host header that is not a plain host[:port] must not shape the policy.
    if (!host || !/^[A-Za-z0-9.\-[\]:]+$/.test(host)) return publicWs;
    return `ws://${host} wss://${host}`;
  };
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      scriptSrc: ["'self'"],
      // Mantine and Leaflet set inline styles at runtime.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', tileOrigin(config.tileUrl)],
      mediaSrc: ["'self'", 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", publicWs, (req) => requestWs(req as IncomingMessage)],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
    },
  };
}

/**
 * Powerful browser features: camera and microphone for this origin only (live video needs them);
 * geolocation left to the browser's default (the map may ask for it); features the app never uses
 * are off, also for anything embedded. Only features Chromium knows: an unknown one (bluetooth) makes
 * it log a warning on every page.
 */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=(self)',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'magnetometer=()',
  'gyroscope=()',
  'accelerometer=()',
  'xr-spatial-tracking=()',
  'browsing-topics=()',
].join(', ');

export function registerPermissionsPolicy(app: FastifyInstance): void {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
}
