// SFU mode for live events (docs/product/live-video.md; operators: docs/live-video.md): with JANUS_URL, the
// host publishes once to Janus's VideoRoom and every viewer subscribes from Janus. The app server is Janus's
// ONLY client: the browser opens `/sfu?event=<id>&role=host|viewer` on the app's own origin (admitted like
// /realtime and /peerjs: Origin rule, session cookie, tracked by its session), and the server relays on the
// one VideoRoom handle it attached for that channel what the member's role allows (rules.ts).
// - The event's room is created by the server when the event goes live (a random room id, secret
//   and pin that never leave this process) and destroyed when it ends; viewers are told (1000).
// - Only the host or an Admin opens a host channel, one at a time per event; a member watches an
//   event through one viewer channel; at most LIVE_MAX_VIEWERS viewers (500 by default in SFU mode).
// - Per member: channels open at once and per minute (ConnectionLimiter); per channel: a message
//   budget (a token bucket), 32 KB a message (1009 above).
// - `live` holds the lease of db/live.ts: renewed while the host's channel is open here; the host
//   gone for LIVE_HOST_GRACE_MS, or Janus restarting (its rooms are gone with it), clears it.
// - The viewer count goes out from here over the realtime pub/sub on the event's channel.
// Rooms, channels, seats and the per-member limits live in this process: with several app processes,
// send /sfu to one of them (unlike /peerjs, which peer-relay.ts lets any process serve; docs/live-video.md).
// Here: admission and the wiring; the rooms and channels of this process: rooms.ts, one channel: channel.ts,
// the limits and words: limits.ts.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { REALTIME_CLOSE } from '@samaj/core';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import { getUpgradeUser } from '../../../platform/auth/index.ts';
import {
  ConnectionLimiter,
  onUpgrade,
  refuseUpgrade,
  trackUpgradeSocket,
  upgradeOriginAllowed,
} from '../../../platform/upgrade.ts';
import { answersPing } from '../channel-limits.ts';
import { mayBroadcast } from '../policy.ts';
import { findEvent, LIVE_LEASE_RENEW_MS, renewLiveLeases } from '../queries.ts';
import { serveChannel } from './channel.ts';
import { JanusClient } from './janus.ts';
import {
  closeWith,
  MSG_SFU_ENDED,
  MSG_SFU_FULL,
  MSG_SFU_HOST_TAKEN,
  MSG_SFU_NO_EVENT,
  MSG_SFU_NOT_HOST,
  MSG_SFU_NOT_LIVE,
  MSG_SFU_SHUTDOWN,
  MSG_SFU_SIGN_IN,
  MSG_SFU_TOO_MANY,
  MSG_SFU_UNAVAILABLE,
  MSG_SFU_WATCHING,
  type Room,
  SEAT_PING_MS,
  SFU_CONNECTS_PER_MINUTE,
  SFU_MAX_OPEN_PER_MEMBER,
  SFU_PING_MS,
} from './limits.ts';
import { SfuRooms } from './rooms.ts';
import { SFU_MAX_MESSAGE_BYTES, SFU_PATH, sfuQuery } from './rules.ts';

/** What tests read of the SFU (the room of a live event, the Janus client's request counter). */
export interface SfuState {
  janus: JanusClient;
  roomOf(eventId: string): Room | undefined;
  viewers(eventId: string): number;
}
const states = new WeakMap<object, SfuState>();
export function sfuState(app: FastifyInstance): SfuState | undefined {
  return states.get(app.server);
}

export function registerSfu(app: FastifyInstance): void {
  const janusConfig = app.config.janus;
  if (!janusConfig) return;
  const janus = new JanusClient(janusConfig.url, janusConfig.apiSecret, app.log);
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: SFU_MAX_MESSAGE_BYTES,
    perMessageDeflate: false,
  });
  const limiter = new ConnectionLimiter(SFU_MAX_OPEN_PER_MEMBER, SFU_CONNECTS_PER_MINUTE);
  const rooms = new SfuRooms(app, janus);
  states.set(app.server, { janus, roomOf: (id) => rooms.rooms.get(id), viewers: (id) => rooms.viewers(id) });

  // The stream starts and ends with the live flag, whichever way it changed (Start/END, the host
  // gone, a lapsed lease).
  app.events.onCommit('event.live', ({ eventId, live }) => {
    if (live) {
      if (janus.up) rooms.ensureRoom(eventId);
    } else {
      rooms.endEvent(eventId, 1000, MSG_SFU_ENDED);
    }
  });
  app.events.onCommit('event.changed', ({ eventId, change }) => {
    if (change === 'deleted') rooms.endEvent(eventId, 1000, MSG_SFU_ENDED);
  });

  // Janus restarted or went away: its rooms and every handle are gone, so are the streams.
  janus.onDown(() => rooms.janusDown());

  async function admit(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    if (!upgradeOriginAllowed(request, app.config.publicUrl)) return refuseUpgrade(socket, 403, 'Forbidden');
    const query = sfuQuery(request.url);
    if (!query) return refuseUpgrade(socket, 400, 'Bad Request');
    const me = await getUpgradeUser(app, request);
    const event = me ? await findEvent(app.db, query.eventId) : undefined;
    const seat = `${me?.id} ${query.eventId}`;
    const seated = query.role === 'viewer' ? rooms.seats.get(seat) : undefined;
    if (seated && !(await answersPing(seated.ws, SEAT_PING_MS))) seated.ws.terminate();
    wss.handleUpgrade(request, socket, head, (ws) => {
      ws.on('error', () => ws.terminate());
      // Opened, then closed with a code a browser can read; nothing of this reaches Janus.
      if (!me) return closeWith(ws, REALTIME_CLOSE.POLICY, MSG_SFU_SIGN_IN);
      if (!event) return closeWith(ws, REALTIME_CLOSE.POLICY, MSG_SFU_NO_EVENT);
      if (query.role === 'host' && !mayBroadcast(me, event)) {
        return closeWith(ws, REALTIME_CLOSE.POLICY, MSG_SFU_NOT_HOST);
      }
      if (!event.live) return closeWith(ws, REALTIME_CLOSE.TRY_LATER, MSG_SFU_NOT_LIVE);
      if (!janus.up) return closeWith(ws, REALTIME_CLOSE.TRY_LATER, MSG_SFU_UNAVAILABLE);
      if (query.role === 'host' && rooms.hosts.get(event.id)?.ws.readyState === ws.OPEN) {
        return closeWith(ws, REALTIME_CLOSE.TRY_LATER, MSG_SFU_HOST_TAKEN);
      }
      if (query.role === 'viewer') {
        if (rooms.seats.get(seat)?.ws.readyState === ws.OPEN) {
          return closeWith(ws, REALTIME_CLOSE.TRY_LATER, MSG_SFU_WATCHING);
        }
        if (rooms.viewers(event.id) >= app.config.liveMaxViewers) {
          return closeWith(ws, REALTIME_CLOSE.TRY_LATER, MSG_SFU_FULL);
        }
      }
      const release = limiter.acquire(me.id);
      if (!release) return closeWith(ws, REALTIME_CLOSE.TRY_LATER, MSG_SFU_TOO_MANY);
      serveChannel(rooms, ws, { memberId: me.id, eventId: event.id, role: query.role, seat }, release);
      trackUpgradeSocket(app, request, ws);
    });
  }

  onUpgrade(app, SFU_PATH, admit);

  // A channel whose member's network went is dropped, so it holds no place and no count.
  const pinger = setInterval(() => {
    for (const ws of wss.clients) {
      if (!rooms.alive.has(ws)) {
        ws.terminate();
        continue;
      }
      rooms.alive.delete(ws);
      ws.ping();
    }
  }, SFU_PING_MS);
  pinger.unref();

  // The lease: renewed while the host's channel is open here.
  let leases: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    // Optional server: the app starts without it, and the client keeps trying (janus.ts warns once).
    janus.start().catch(() => {});
    leases = setInterval(() => {
      if (rooms.closing || !janus.up) return;
      renewLiveLeases(app.db, [...rooms.hosts.keys()]).catch((err) =>
        app.log.error({ err }, 'sfu: lease renewal failed'),
      );
    }, LIVE_LEASE_RENEW_MS);
    leases.unref();
  });

  // A graceful stop ends the streams whose host is here while the database is still open.
  app.addHook('preClose', async () => {
    clearInterval(leases);
    await rooms.stop();
  });

  app.addHook('onClose', async () => {
    clearInterval(leases);
    clearInterval(pinger);
    rooms.stopTimers();
    for (const ws of wss.clients) closeWith(ws, REALTIME_CLOSE.GOING_AWAY, MSG_SFU_SHUTDOWN);
    await rooms.destroyAll();
    await janus.close();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  });
}
