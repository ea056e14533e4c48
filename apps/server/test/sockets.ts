// WebSocket clients for tests of /realtime and /peerjs against a listening app.
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';

/** Starts `app` on a free loopback port (once) and returns its http origin. */
export async function listening(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

export interface TestSocket {
  ws: WebSocket;
  /** Every JSON message received so far. */
  messages: Array<Record<string, unknown>>;
  /** Resolves with the close code and reason. */
  closed: Promise<{ code: number; reason: string }>;
  /** Waits for a message matching `match` (received before or after the call). */
  next(match: (m: Record<string, unknown>) => boolean, ms?: number): Promise<Record<string, unknown>>;
}

/** Opens a socket as a browser of `origin` would (Origin header), with `cookie` when given. */
export function openSocket(
  origin: string,
  path: string,
  cookie?: string,
  headers: Record<string, string> = {},
): TestSocket {
  const url = origin.replace(/^http/, 'ws') + path;
  const ws = new WebSocket(url, { headers: { origin, ...(cookie ? { cookie } : {}), ...headers } });
  const messages: Array<Record<string, unknown>> = [];
  const waiters: Array<{
    match: (m: Record<string, unknown>) => boolean;
    resolve: (m: Record<string, unknown>) => void;
  }> = [];
  ws.on('message', (data) => {
    let m: Record<string, unknown>;
    try {
      m = JSON.parse(data.toString());
    } catch {
      return;
    }
    messages.push(m);
    for (const w of [...waiters]) {
      if (w.match(m)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
    }
  });
  ws.on('error', () => {});
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
    ws.on('unexpected-response', (_req, res) => resolve({ code: res.statusCode ?? 0, reason: 'http' }));
  });
  return {
    ws,
    messages,
    closed,
    next(match, ms = 10_000) {
      const found = messages.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(
              new Error(`no matching message on ${path} within ${ms} ms; got ${JSON.stringify(messages)}`),
            ),
          ms,
        );
        waiters.push({
          match,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
  };
}

export function opened(socket: TestSocket): Promise<void> {
  if (socket.ws.readyState === WebSocket.OPEN) return Promise.resolve();
  return new Promise((resolve, reject) => {
    socket.ws.once('open', () => resolve());
    socket.closed.then((c) => reject(new Error(`closed before open: ${c.code} ${c.reason}`)));
  });
}
