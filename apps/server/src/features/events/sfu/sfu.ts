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
import { randomBytes, randomInt } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { LIVE_HOST_GRACE_MS, REALTIME_CLOSE, realtimeChannels, SFU_CLOSE_REASON } from '@samaj/core';
import type { FastifyInstance } from 'fastify';
import { type WebSocket, WebSocketServer } from 'ws';
import { getUpgradeUser } from '../../../platform/auth/index.ts';
import {
  ConnectionLimiter,
  onUpgrade,
  refuseUpgrade,
  trackUpgradeSocket,
  upgradeOriginAllowed,
} from '../../../platform/upgrade.ts';
import { answersPing, MessageBudget } from '../channel-limits.ts';
import { mayBroadcast } from '../policy.ts';
import { findEvent, LIVE_LEASE_RENEW_MS, renewLiveLeases, setLive } from '../queries.ts';
import { roomRecording } from '../replay/recording.ts';
import { JanusClient, type JanusMessage } from './janus.ts';
import {
  checkSfuMessage,
  SFU_MAX_MESSAGE_BYTES,
  SFU_PATH,
  type SfuRequest,
  type SfuRole,
  sfuQuery,
  toMember,
} from './rules.ts';

export const VIDEOROOM = 'janus.plugin.videoroom';

/** Not in spec: SFU channels a member keeps open at once and opens per minute. */
export const SFU_MAX_OPEN_PER_MEMBER = 6;
export const SFU_CONNECTS_PER_MINUTE = 30;
/** Not in spec: messages a channel may send in a burst, and per second after it (a join is ~30 with candidates). */
export const SFU_MESSAGE_BURST = 60;
export const SFU_MESSAGES_PER_SECOND = 5;
/** Not in spec: the viewer count goes out at most this often per event. */
export const SFU_COUNT_EVERY_MS = 1000;
/**
 * Not in spec: while anyone is on an event, its count goes out again this often. A page only hears
 * the count once it listens (it starts when it learns the event is live, or after its socket came
 * back), so a page that began after the last join or leave would show 0 until the next one: a slow
 * phone, or all three viewers of the SFU browser test on a loaded machine.
 */
export const SFU_COUNT_AGAIN_MS = 5000;
/** How long a relayed request may wait for Janus's answer. */
const RELAY_TIMEOUT_MS = 30_000;
/** Not in spec: a channel that answers no ping for this long is dropped (a phone that lost its network). */
export const SFU_PING_MS = 15_000;
/** How long a member's open viewer channel has to answer a ping before a new one replaces it. */
const SEAT_PING_MS = 2000;

export const MSG_SFU_SIGN_IN = 'Sign in to watch or broadcast live events.';
export const MSG_SFU_NO_EVENT = 'No event with this id.';
export const MSG_SFU_NOT_LIVE = SFU_CLOSE_REASON.notLive;
export const MSG_SFU_NOT_HOST = 'Only the host of this event or an Admin may broadcast it.';
export const MSG_SFU_HOST_TAKEN = SFU_CLOSE_REASON.hostTaken;
export const MSG_SFU_WATCHING = SFU_CLOSE_REASON.watching;
export const MSG_SFU_FULL = SFU_CLOSE_REASON.full;
export const MSG_SFU_TOO_MANY = 'Too many connections; try again later.';
export const MSG_SFU_FLOOD = 'Too many messages.';
export const MSG_SFU_UNAVAILABLE = 'The video server is not available; try again in a moment.';
export const MSG_SFU_ENDED = SFU_CLOSE_REASON.ended;
export const MSG_SFU_SHUTDOWN = 'Server shutting down.';

/** The event's room in Janus, while it is live. Its secret and pin never leave this process. */
export interface Room {
  id: number;
  secret: string;
  pin: string;
  /** The publisher id the server gave the host's latest channel; viewers subscribe to it. */
  feed: number;
  ready: Promise<void>;
  /** Stops following the event's realtime channel. */
  unfollow: () => void;
}

interface Channel {
  ws: WebSocket;
  memberId: string;
  eventId: string;
  role: SfuRole;
  handle: Promise<number>;
  /** Detaches the channel's handle from Janus, once, whoever asks first (its close, its room's end). */
  leave(): Promise<void>;
}

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

function closeWith(ws: WebSocket, code: number, reason: string): void {
  if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING) ws.close(code, reason.slice(0, 120));
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
  const rooms = new Map<string, Room>();
  const channels = new Map<string, Set<Channel>>();
  /** The host channel of each event, and each member's viewer channel (`<member> <event>`). */
  const hosts = new Map<string, Channel>();
  const seats = new Map<string, Channel>();
  const clearTimers = new Map<string, NodeJS.Timeout>();
  /** Channels that answered the last ping. */
  const alive = new WeakSet<WebSocket>();
  const countTimers = new Map<string, NodeJS.Timeout>();
  const repeatTimers = new Map<string, NodeJS.Timeout>();
  /** The server's own VideoRoom handle, for creating and destroying rooms. */
  let adminHandle: Promise<number> | undefined;
  let closing = false;

  const viewers = (eventId: string) =>
    [...(channels.get(eventId) ?? [])].filter((c) => c.role === 'viewer').length;
  states.set(app.server, { janus, roomOf: (id) => rooms.get(id), viewers });

  const admin = (): Promise<number> => {
    adminHandle ??= janus.attach(VIDEOROOM, () => {});
    adminHandle.catch(() => {
      adminHandle = undefined;
    });
    return adminHandle;
  };

  /** Creates the event's room once (a fresh id, secret and pin for every stream). */
  function ensureRoom(eventId: string): Room {
    const existing = rooms.get(eventId);
    if (existing) return existing;
    const room: Room = {
      id: randomInt(1, 2 ** 48),
      secret: randomBytes(24).toString('base64url'),
      pin: randomBytes(24).toString('base64url'),
      feed: randomInt(1, 2 ** 48),
      ready: Promise.resolve(),
      unfollow: () => {},
    };
    room.ready = (async () => {
      // An event that asked for a replay is recorded by Janus (replay/recording.ts).
      const recording = await roomRecording(app, eventId, room.id);
      const handle = await admin();
      await janus.pluginRequest(handle, {
        ...recording,
        request: 'create',
        room: room.id,
        secret: room.secret,
        pin: room.pin,
        is_private: true,
        permanent: false,
        publishers: 1,
        description: `event ${eventId}`,
        notify_joining: false,
      });
    })();
    room.ready.catch((err) => {
      if (rooms.get(eventId) === room) {
        rooms.delete(eventId);
        room.unfollow();
      }
      app.log.error({ err, eventId }, 'sfu: could not create the room');
    });
    rooms.set(eventId, room);
    // END, a lapsed lease or a deletion may be committed by another app process: its notice on the
    // event's channel has this one look again (the viewer counts it carries are this module's own).
    room.unfollow = app.realtime.subscribe(
      realtimeChannels.event(eventId.toLowerCase()),
      (m) => {
        if (m.viewers === undefined) void endIfOver(eventId);
      },
      { onReconnect: () => void endIfOver(eventId) },
    );
    return room;
  }

  async function endIfOver(eventId: string): Promise<void> {
    try {
      const row = await findEvent(app.db, eventId);
      if (!row?.live && rooms.has(eventId)) endEvent(eventId, 1000, MSG_SFU_ENDED);
    } catch (err) {
      app.log.warn({ err, eventId }, 'sfu: could not read the event');
    }
  }

  /** Rooms being destroyed: a graceful stop waits for them, or Janus would keep them (empty) until it restarts. */
  const destroying = new Set<Promise<void>>();

  function destroyRoom(eventId: string): Promise<void> {
    const room = rooms.get(eventId);
    if (!room) return Promise.resolve();
    rooms.delete(eventId);
    room.unfollow();
    // Everyone in the room leaves before it is destroyed: Janus tearing down a room while its
    // participants' handles are being detached freed a session twice and crashed (SIGSEGV in
    // janus_plugin_session_is_alive, seen under the SFU browser tests at END).
    const leaving = [...(channels.get(eventId) ?? [])].map((channel) => channel.leave());
    const done = Promise.allSettled(leaving)
      .then(() => destroyed(eventId, room))
      .finally(() => destroying.delete(done));
    destroying.add(done);
    return done;
  }

  async function destroyed(eventId: string, room: Room): Promise<void> {
    await room.ready.catch(() => {});
    if (!janus.up) return;
    try {
      await janus.pluginRequest(await admin(), { request: 'destroy', room: room.id, secret: room.secret });
    } catch (err) {
      app.log.warn({ err, eventId }, 'sfu: could not destroy the room');
    }
  }

  /** A join or a leave: the count goes out within SFU_COUNT_EVERY_MS (joins together send it once). */
  function publishCount(eventId: string): void {
    clearTimeout(repeatTimers.get(eventId));
    repeatTimers.delete(eventId);
    if (countTimers.has(eventId) || closing) return;
    const timer = setTimeout(() => {
      countTimers.delete(eventId);
      sendCount(eventId);
    }, SFU_COUNT_EVERY_MS);
    timer.unref();
    countTimers.set(eventId, timer);
  }

  function sendCount(eventId: string): void {
    app.realtime
      .publish(realtimeChannels.event(eventId.toLowerCase()), { id: eventId, viewers: viewers(eventId) })
      .catch((err) => app.log.warn({ err, eventId }, 'sfu: could not publish the viewer count'));
    if (closing || !channels.has(eventId)) return;
    const again = setTimeout(() => {
      repeatTimers.delete(eventId);
      sendCount(eventId);
    }, SFU_COUNT_AGAIN_MS);
    again.unref();
    repeatTimers.set(eventId, again);
  }

  function endEvent(eventId: string, code: number, reason: string): void {
    for (const channel of channels.get(eventId) ?? []) closeWith(channel.ws, code, reason);
    void destroyRoom(eventId);
  }

  /** Clears `live` unless a host channel for the event is back within the grace period. */
  function clearUnlessBack(eventId: string): void {
    if (closing) return;
    clearTimeout(clearTimers.get(eventId));
    const timer = setTimeout(() => {
      clearTimers.delete(eventId);
      if (hosts.has(eventId) || closing) return;
      setLive(app, eventId, false).catch((err) =>
        app.log.error({ err, eventId }, 'sfu: clearing live failed'),
      );
    }, LIVE_HOST_GRACE_MS);
    timer.unref();
    clearTimers.set(eventId, timer);
  }

  // The stream starts and ends with the live flag, whichever way it changed (Start/END, the host
  // gone, a lapsed lease).
  app.events.onCommit('event.live', ({ eventId, live }) => {
    if (live) {
      if (janus.up) ensureRoom(eventId);
    } else {
      endEvent(eventId, 1000, MSG_SFU_ENDED);
    }
  });
  app.events.onCommit('event.changed', ({ eventId, change }) => {
    if (change === 'deleted') endEvent(eventId, 1000, MSG_SFU_ENDED);
  });

  // Janus restarted or went away: its rooms and every handle are gone, so are the streams.
  janus.onDown(() => {
    const live = [...rooms.keys()];
    for (const room of rooms.values()) room.unfollow();
    rooms.clear();
    adminHandle = undefined;
    for (const set of channels.values()) {
      for (const channel of set) closeWith(channel.ws, REALTIME_CLOSE.TRY_LATER, MSG_SFU_UNAVAILABLE);
    }
    if (closing) return;
    for (const eventId of live) {
      setLive(app, eventId, false).catch((err) =>
        app.log.error({ err, eventId }, 'sfu: clearing live failed'),
      );
    }
  });

  async function admit(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    if (!upgradeOriginAllowed(request, app.config.publicUrl)) return refuseUpgrade(socket, 403, 'Forbidden');
    const query = sfuQuery(request.url);
    if (!query) return refuseUpgrade(socket, 400, 'Bad Request');
    const me = await getUpgradeUser(app, request);
    const event = me ? await findEvent(app.db, query.eventId) : undefined;
    const seat = `${me?.id} ${query.eventId}`;
    const seated = query.role === 'viewer' ? seats.get(seat) : undefined;
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
      if (query.role === 'host' && hosts.get(event.id)?.ws.readyState === ws.OPEN) {
        return closeWith(ws, REALTIME_CLOSE.TRY_LATER, MSG_SFU_HOST_TAKEN);
      }
      if (query.role === 'viewer') {
        if (seats.get(seat)?.ws.readyState === ws.OPEN) {
          return closeWith(ws, REALTIME_CLOSE.TRY_LATER, MSG_SFU_WATCHING);
        }
        if (viewers(event.id) >= app.config.liveMaxViewers) {
          return closeWith(ws, REALTIME_CLOSE.TRY_LATER, MSG_SFU_FULL);
        }
      }
      const release = limiter.acquire(me.id);
      if (!release) return closeWith(ws, REALTIME_CLOSE.TRY_LATER, MSG_SFU_TOO_MANY);
      serve(ws, { memberId: me.id, eventId: event.id, role: query.role, seat }, release);
      trackUpgradeSocket(app, request, ws);
    });
  }

  function serve(
    ws: WebSocket,
    who: { memberId: string; eventId: string; role: SfuRole; seat: string },
    release: () => void,
  ): void {
    const { eventId, role } = who;
    const room = ensureRoom(eventId);
    const handle = room.ready.then(() => janus.attach(VIDEOROOM, (m) => send(toMember(m, undefined))));
    let left: Promise<void> | null = null;
    const leave = () => {
      left ??= handle.then((id) => janus.detach(id)).catch(() => {});
      return left;
    };
    const channel: Channel = { ws, memberId: who.memberId, eventId, role, handle, leave };
    const set = channels.get(eventId) ?? new Set<Channel>();
    set.add(channel);
    channels.set(eventId, set);
    if (role === 'host') {
      // A fresh publisher id for every host channel: the host's earlier handle may still be leaving.
      room.feed = randomInt(1, 2 ** 48);
      hosts.set(eventId, channel);
      clearTimeout(clearTimers.get(eventId));
      clearTimers.delete(eventId);
    } else {
      seats.set(who.seat, channel);
      publishCount(eventId);
    }
    const budget = new MessageBudget(SFU_MESSAGE_BURST, SFU_MESSAGES_PER_SECOND);
    alive.add(ws);
    ws.on('pong', () => alive.add(ws));

    function send(message: Record<string, unknown>): void {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
    }

    handle.catch(() => closeWith(ws, REALTIME_CLOSE.TRY_LATER, MSG_SFU_UNAVAILABLE));

    ws.on('close', () => {
      release();
      set.delete(channel);
      if (set.size === 0 && channels.get(eventId) === set) channels.delete(eventId);
      void leave();
      if (role === 'host') {
        if (hosts.get(eventId) === channel) {
          hosts.delete(eventId);
          clearUnlessBack(eventId);
        }
      } else {
        if (seats.get(who.seat) === channel) seats.delete(who.seat);
        publishCount(eventId);
      }
    });

    ws.on('message', (data, isBinary) => {
      if (!budget.take()) return closeWith(ws, REALTIME_CLOSE.POLICY, MSG_SFU_FLOOD);
      if (isBinary) return closeWith(ws, REALTIME_CLOSE.UNSUPPORTED, 'Send JSON text messages.');
      const checked = checkSfuMessage(role, String(data));
      if (!checked.ok) return closeWith(ws, checked.code, checked.reason);
      void pass(checked.request);
    });

    /** Passes a checked request on, with what only the server knows filled in. */
    async function pass(request: SfuRequest): Promise<void> {
      if (request.janus === 'keepalive') return send({ janus: 'ack', transaction: request.transaction });
      let id: number;
      try {
        id = await handle;
      } catch {
        return;
      }
      const payload: Record<string, unknown> = { ...request };
      delete payload.transaction;
      if (request.janus === 'message' && request.body.request === 'join') {
        payload.body =
          role === 'host'
            ? {
                request: 'join',
                ptype: 'publisher',
                room: room.id,
                pin: room.pin,
                id: room.feed,
                display: 'host',
              }
            : {
                request: 'join',
                ptype: 'subscriber',
                room: room.id,
                pin: room.pin,
                streams: [{ feed: room.feed }],
              };
      }
      try {
        await janus.relay(
          id,
          payload,
          (m: JanusMessage) => send(toMember(m, request.transaction)),
          RELAY_TIMEOUT_MS,
        );
      } catch {
        send({
          janus: 'error',
          transaction: request.transaction,
          error: { code: 504, reason: 'No answer from the video server.' },
        });
      }
    }
  }

  onUpgrade(app, SFU_PATH, admit);

  // A channel whose member's network went is dropped, so it holds no place and no count.
  const pinger = setInterval(() => {
    for (const ws of wss.clients) {
      if (!alive.has(ws)) {
        ws.terminate();
        continue;
      }
      alive.delete(ws);
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
      if (closing || !janus.up) return;
      renewLiveLeases(app.db, [...hosts.keys()]).catch((err) =>
        app.log.error({ err }, 'sfu: lease renewal failed'),
      );
    }, LIVE_LEASE_RENEW_MS);
    leases.unref();
  });

  // A graceful stop ends the streams whose host is here while the database is still open.
  app.addHook('preClose', async () => {
    closing = true;
    clearInterval(leases);
    for (const eventId of hosts.keys()) {
      await setLive(app, eventId, false).catch((err) =>
        app.log.error({ err, eventId }, 'sfu: clearing live failed'),
      );
    }
  });

  app.addHook('onClose', async () => {
    closing = true;
    clearInterval(leases);
    clearInterval(pinger);
    for (const timer of [...clearTimers.values(), ...countTimers.values(), ...repeatTimers.values()]) {
      clearTimeout(timer);
    }
    for (const ws of wss.clients) closeWith(ws, REALTIME_CLOSE.GOING_AWAY, MSG_SFU_SHUTDOWN);
    for (const eventId of [...rooms.keys()]) void destroyRoom(eventId);
    await Promise.all([...destroying]);
    await janus.close();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  });
}
