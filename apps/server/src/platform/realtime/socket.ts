// The /realtime WebSocket (docs/product/errors.md, "Realtime connection"; protocol in core's realtime.ts). A
// signed-in member subscribes to channels (one event's document, their own member channel) and hears `{ type:
// 'change', channel, id }` whenever something on them changes — in this process or, through the pub/sub
// (LISTEN/NOTIFY), in any other. Ids only: the client refetches through the API. Bad input closes only the
// socket that sent it.
import {
  REALTIME_CHANNEL_PATTERN,
  REALTIME_CLOSE,
  REALTIME_MAX_CHANNELS,
  REALTIME_MAX_MESSAGE_BYTES,
  REALTIME_PATH,
  type RealtimeServerMessage,
  realtimeClientMessageSchema,
} from '@samaj/core';
import type { FastifyInstance } from 'fastify';
import { type WebSocket, WebSocketServer } from 'ws';
import { getUpgradeUser } from '../auth/index.ts';
import { ConnectionLimiter, onUpgrade, refuseUpgrade, upgradeOriginAllowed } from '../upgrade.ts';
import { registerSessionSockets, trackUpgradeSocket } from './session-sockets.ts';

/** Not in spec: sockets a member keeps open at once (tabs, devices) and opens per minute. */
export const REALTIME_MAX_OPEN_PER_MEMBER = 10;
export const REALTIME_CONNECTS_PER_MINUTE = 30;
/** Not in spec: a socket that answers no ping for this long is dropped (a phone that lost its network). */
export const REALTIME_PING_MS = 30_000;

export const MSG_SIGN_IN = 'Sign in to receive live updates.';
export const MSG_TOO_MANY_CONNECTIONS = 'Too many connections; try again later.';

function send(ws: WebSocket, message: RealtimeServerMessage): void {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
}

export function registerRealtimeSocket(app: FastifyInstance): void {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: REALTIME_MAX_MESSAGE_BYTES,
    perMessageDeflate: false,
  });
  const limiter = new ConnectionLimiter(REALTIME_MAX_OPEN_PER_MEMBER, REALTIME_CONNECTS_PER_MINUTE);
  const alive = new WeakSet<WebSocket>();

  onUpgrade(app, REALTIME_PATH, async (request, socket, head) => {
    if (!upgradeOriginAllowed(request, app.config.publicUrl)) return refuseUpgrade(socket, 403, 'Forbidden');
    const me = await getUpgradeUser(app, request);
    wss.handleUpgrade(request, socket, head, (ws) => {
      // Opened, then closed with a code: a browser cannot read an HTTP refusal, and 1008 tells the
      // client to stop reconnecting until the member signs in again.
      if (!me) return ws.close(REALTIME_CLOSE.POLICY, MSG_SIGN_IN);
      const release = limiter.acquire(me.id);
      if (!release) return ws.close(REALTIME_CLOSE.TRY_LATER, MSG_TOO_MANY_CONNECTIONS);
      serve(ws, me.id, release);
      trackUpgradeSocket(app, request, ws);
    });
  });

  function serve(ws: WebSocket, memberId: string, release: () => void): void {
    const subscriptions = new Map<string, () => void>();
    alive.add(ws);
    ws.on('pong', () => alive.add(ws));
    ws.on('error', () => ws.terminate());
    ws.on('close', () => {
      for (const stop of subscriptions.values()) stop();
      subscriptions.clear();
      release();
    });

    ws.on('message', (data, isBinary) => {
      if (isBinary) return ws.close(REALTIME_CLOSE.UNSUPPORTED, 'Send JSON text messages.');
      let parsed: unknown;
      try {
        parsed = JSON.parse(data.toString());
      } catch {
        return ws.close(REALTIME_CLOSE.MALFORMED, 'Not JSON.');
      }
      const result = realtimeClientMessageSchema.safeParse(parsed);
      if (!result.success) return ws.close(REALTIME_CLOSE.MALFORMED, 'Not a realtime message.');
      const message = result.data;
      if (message.type === 'ping') return send(ws, { type: 'pong' });
      if (message.type === 'unsubscribe') {
        for (const channel of message.channels) {
          subscriptions.get(channel)?.();
          subscriptions.delete(channel);
        }
        return send(ws, { type: 'subscribed', channels: [...subscriptions.keys()] });
      }
      const forbidden: string[] = [];
      const tooMany: string[] = [];
      for (const channel of new Set(message.channels)) {
        if (subscriptions.has(channel)) continue;
        const [, kind, id] = REALTIME_CHANNEL_PATTERN.exec(channel) ?? [];
        if (kind === 'member' && id !== memberId) {
          forbidden.push(channel);
          continue;
        }
        if (subscriptions.size >= REALTIME_MAX_CHANNELS) {
          tooMany.push(channel);
          continue;
        }
        const notify = (changed: string) => send(ws, { type: 'change', channel, id: changed });
        const stop = app.realtime.subscribe(
          channel,
          (m) => {
            const changed = typeof m.id === 'string' ? m.id : id;
            // An event's viewer count (SFU mode, features/events/sfu) is a count, not a change.
            const viewers = m.viewers;
            if (
              kind === 'event' &&
              typeof viewers === 'number' &&
              Number.isSafeInteger(viewers) &&
              viewers >= 0
            ) {
              return send(ws, { type: 'viewers', channel, id: changed, viewers });
            }
            notify(changed);
          },
          {
            // Notifications sent while the database connection was down are lost: tell the client to refetch.
            onReconnect: () => notify(id),
          },
        );
        subscriptions.set(channel, stop);
      }
      if (forbidden.length > 0) {
        send(ws, {
          type: 'error',
          code: 'channel_forbidden',
          channels: forbidden,
          message: "A member's channel is theirs alone.",
        });
      }
      if (tooMany.length > 0) {
        send(ws, {
          type: 'error',
          code: 'too_many_channels',
          channels: tooMany,
          message: `A socket follows at most ${REALTIME_MAX_CHANNELS} channels.`,
        });
      }
      send(ws, { type: 'subscribed', channels: [...subscriptions.keys()] });
    });

    send(ws, { type: 'connected', member: memberId });
  }

  // A socket whose session ends (logout, a new password elsewhere, a block, the account deleted, in
  // any process) closes with the code that stops reconnecting: session-sockets.ts.
  registerSessionSockets(app);

  const pinger = setInterval(() => {
    for (const ws of wss.clients) {
      if (!alive.has(ws)) {
        ws.terminate();
        continue;
      }
      alive.delete(ws);
      ws.ping();
    }
  }, REALTIME_PING_MS);
  pinger.unref();

  app.addHook('onClose', async () => {
    clearInterval(pinger);
    for (const ws of wss.clients) ws.close(REALTIME_CLOSE.GOING_AWAY, 'Server shutting down.');
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  });
}
