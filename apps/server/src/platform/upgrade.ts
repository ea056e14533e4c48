// WebSocket upgrades on the app's one port: /realtime (platform/realtime/socket.ts) and /peerjs
// (features/events/signalling.ts). One listener on the HTTP server dispatches by path, so each
// socket server runs with `noServer` and no library answers upgrades meant for another (peer's
// own server answers 400 to every path but its own). Also the checks both share: the Origin rule
// of platform/origin.ts and a per-member connection limiter.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { outageOf } from './error-handler.ts';

// Every admitted socket is tied to its session and closes when the session ends (/realtime and
// /peerjs alike): call trackUpgradeSocket(app, request, ws) once the socket is admitted.
export { MSG_SESSION_ENDED, trackUpgradeSocket } from './realtime/session-sockets.ts';

export type UpgradeHandler = (request: IncomingMessage, socket: Duplex, head: Buffer) => Promise<void> | void;

// Keyed by the HTTP server: features are encapsulated Fastify contexts, but share one server.
const routes = new WeakMap<object, Map<string, UpgradeHandler>>();

/** Answers a refused upgrade with a plain HTTP status (the socket never opens). */
export function refuseUpgrade(socket: Duplex, status: number, reason: string): void {
  if (socket.destroyed) return;
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** Routes upgrades for `path` (exactly, or below it) to `handler`. */
export function onUpgrade(app: FastifyInstance, path: string, handler: UpgradeHandler): void {
  let table = routes.get(app.server);
  if (!table) {
    const created = new Map<string, UpgradeHandler>();
    table = created;
    routes.set(app.server, created);
    app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      socket.on('error', () => socket.destroy());
      const pathname = (request.url ?? '/').split('?')[0];
      const match = [...created].find(([prefix]) => pathname === prefix || pathname.startsWith(`${prefix}/`));
      if (!match) return refuseUpgrade(socket, 404, 'Not Found');
      Promise.resolve(match[1](request, socket, head)).catch((err) => {
        app.log.error({ err, url: request.url }, 'upgrade failed');
        // The database away (the session could not be read): the client's usual retry is right.
        if (outageOf(err) === 'database') refuseUpgrade(socket, 503, 'Service Unavailable');
        else refuseUpgrade(socket, 500, 'Internal Server Error');
      });
    });
  }
  table.set(path, handler);
}

/**
 * The Origin rule of platform/origin.ts for upgrades: browsers always send Origin on a WebSocket,
 * and a page of another site must not open one with the member's cookies. No Origin: not a browser.
 */
export function upgradeOriginAllowed(request: IncomingMessage, publicUrl: string): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (origin === new URL(publicUrl).origin) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/**
 * Connections per member (in this process): at most `maxOpen` at once and `maxPerWindow` new
 * ones per `windowMs`, so a looping client or a script cannot pile up sockets.
 */
export class ConnectionLimiter {
  private readonly open = new Map<string, number>();
  private readonly recent = new Map<string, number[]>();

  constructor(
    private readonly maxOpen: number,
    private readonly maxPerWindow: number,
    private readonly windowMs = 60_000,
  ) {}

  /** A release function when `key` may connect now; null when over a limit. */
  acquire(key: string): (() => void) | null {
    const now = Date.now();
    const times = (this.recent.get(key) ?? []).filter((t) => now - t < this.windowMs);
    const open = this.open.get(key) ?? 0;
    if (open >= this.maxOpen || times.length >= this.maxPerWindow) {
      this.recent.set(key, times);
      return null;
    }
    times.push(now);
    this.recent.set(key, times);
    this.open.set(key, open + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.open.get(key) ?? 1) - 1;
      if (left <= 0) this.open.delete(key);
      else this.open.set(key, left);
      const kept = (this.recent.get(key) ?? []).filter((t) => Date.now() - t < this.windowMs);
      if (kept.length === 0 && left <= 0) this.recent.delete(key);
      else this.recent.set(key, kept);
    };
  }
}
