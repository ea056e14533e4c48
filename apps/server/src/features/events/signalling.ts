// PeerJS signalling for live events (docs/product/live-video.md, "Signalling rules"), on the app's
// own port under /peerjs — never the PeerJS cloud. `peer` relays offers, answers and candidates;
// we decide who may connect, as whom, and to whom:
// - every peer is a signed-in member (session cookie on the upgrade, same Origin);
// - the peer id equal to an event id is the host's: only that event's host or an Admin may take it;
// - viewers use core's `viewerPeerId(eventId)` and may signal only their event's host, and the
//   host only its event's viewers;
// - a malformed message closes that socket (1007, 1003 binary, 1009 oversize), nobody else's;
// - a viewer socket has one connection to its host at a time: an offer under a new connection id
//   replaces the earlier one (the host is told LEAVE first), so one member holds one place;
// - signalling connections per member are limited, and a member watches an event through one
//   viewer socket at a time (a second one is refused while the first is open);
// - each socket's messages are rate-limited (a token bucket; a host's grows with LIVE_MAX_VIEWERS);
// - when a viewer's socket goes, its host is told (LEAVE), so the host frees the viewer's place at once
//   and counts the viewers whose signalling is open: one per member (docs/product/live-video.md, "Watching");
// - when the host's socket goes (tab closed, network lost: no heartbeat for PEER_ALIVE_TIMEOUT_MS)
//   and is not back within LIVE_HOST_GRACE_MS, `live` is cleared and `event.live` published;
// - liveness does not hang on this process: `live` holds a lease (queries.ts LIVE_LEASE_MS) that this
//   process renews while it holds the host's socket; every process clears lapsed leases (a process
//   killed with -9 renews nothing), readers see `live` false once it lapsed, and a graceful stop
//   clears the events whose host is here (docs/product/live-video.md, "The live flag").
// - any process serves any socket: `peer` keeps its peers in this process, and peer-relay.ts shares
//   who holds each id (refused elsewhere while held) and relays messages for a peer held by another
//   process through the realtime pub/sub, so a plain round-robin proxy works.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  LIVE_HOST_GRACE_MS,
  PEER_ALIVE_TIMEOUT_MS,
  PEER_KEY,
  PEER_MAX_MESSAGE_BYTES,
  PEER_PATH,
  PEER_REFUSED_WATCHING,
  parsePeerId,
  REALTIME_CLOSE,
} from '@samaj/core';
import express from 'express';
import type { FastifyInstance } from 'fastify';
import { ExpressPeerServer, type IClient } from 'peer';
import { type WebSocket, WebSocketServer } from 'ws';
import { getUpgradeUser } from '../../platform/auth/index.ts';
import {
  ConnectionLimiter,
  onUpgrade,
  refuseUpgrade,
  trackUpgradeSocket,
  upgradeOriginAllowed,
} from '../../platform/upgrade.ts';
import { answersPing, MessageBudget } from './channel-limits.ts';
import { PeerRelay } from './peer-relay.ts';
import { mayBroadcast } from './policy.ts';
import { clearLapsedLive, findEvent, LIVE_LEASE_RENEW_MS, renewLiveLeases, setLive } from './queries.ts';

/** Not in spec: signalling sockets a member keeps open at once and opens per minute. */
export const PEER_MAX_OPEN_PER_MEMBER = 6;
export const PEER_CONNECTS_PER_MINUTE = 30;

export const MSG_PEER_SIGN_IN = 'Sign in to watch or broadcast live events.';
export const MSG_PEER_NOT_HOST = 'Only the host of this event or an Admin may broadcast it.';
export const MSG_PEER_NO_EVENT = 'No event with this id.';
export const MSG_PEER_INVALID_ID = 'ID is invalid';
export const MSG_PEER_TOO_MANY = 'Too many connections; try again later.';
export const MSG_PEER_WATCHING = PEER_REFUSED_WATCHING;
export const MSG_PEER_FLOOD = 'Too many signalling messages.';
export const MSG_PEER_NO_CONNECTION_ID = 'An offer needs its connection id.';
/** `peer`'s own words for an id another socket holds. */
export const MSG_PEER_ID_TAKEN = 'ID is taken';

/**
 * Not in spec: signalling messages one viewer socket may send in a burst, and per second after it.
 * Joining takes an OFFER, an ANSWER and a few dozen CANDIDATEs (host, STUN and TURN candidates of
 * two connections); a host sends as much per viewer, so its bucket is LIVE_MAX_VIEWERS times larger.
 */
export const PEER_MESSAGE_BURST = 100;
export const PEER_MESSAGES_PER_SECOND = 10;

/** Not in spec: how long a member's open viewer socket has to answer a ping before a new one replaces it. */
export const PEER_SEAT_PING_MS = 2000;

const RELAYED = new Set(['OFFER', 'ANSWER', 'CANDIDATE', 'LEAVE', 'EXPIRE']);

/** What `peer` reads from the query (id, token, key), and the version the peerjs client adds. */
const PEER_QUERY = new Set(['id', 'token', 'key', 'version']);

/**
 * The peer id the library will register, or null. Parsed exactly as `peer` parses it (the WHATWG
 * parser, its base; it keeps the LAST of a repeated name), and refused unless every name is one it
 * reads, once: admission then decides on the very id that gets registered.
 */
export function peerQueryId(url: string | undefined): string | null {
  let params: URLSearchParams;
  try {
    params = new URL(url ?? '', 'https://peerjs').searchParams;
  } catch {
    return null;
  }
  const seen = new Set<string>();
  for (const name of params.keys()) {
    if (!PEER_QUERY.has(name) || seen.has(name)) return null;
    seen.add(name);
  }
  const { id, token, key } = Object.fromEntries(params.entries());
  return id && token && key === PEER_KEY ? id : null;
}

/** The token `peer` reads (after peerQueryId accepted the query). */
function peerToken(url: string | undefined): string {
  return new URL(url ?? '', 'https://peerjs').searchParams.get('token') ?? '';
}

/** Tells a peerjs client why (it raises `server-error` with this text), then closes. */
function refuse(ws: WebSocket, msg: string, code: number = REALTIME_CLOSE.POLICY): void {
  // A socket paused during admission reads the client's close frame again, so the close completes.
  if (ws.isPaused) ws.resume();
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ type: 'ERROR', payload: { msg } }));
  ws.close(code, msg.slice(0, 120));
}

interface Claim {
  peerId: string;
  role: 'host' | 'viewer';
  eventId: string;
}

/** Whether a socket holding `from` may send to `dst`: a viewer to its host, a host to its viewers. */
function mayReach(from: Claim, dst: string): boolean {
  const to = parsePeerId(dst);
  if (!to || to.eventId !== from.eventId) return false;
  return from.role === 'viewer' ? to.role === 'host' : to.role === 'viewer';
}

type PeerMessage = { type: string; dst?: string; payload?: unknown };

/** Connection ids a viewer socket keeps of the ones it replaced (their late candidates are dropped). */
const RETIRED_KEPT = 20;

/**
 * The one connection a viewer socket opens to its host at a time. A viewer's socket is its member's
 * only one for the event (admission), and `peer` relays an OFFER under each new connection id as a new
 * viewer: so a socket offering under a new id replaces its earlier connection (the host is told LEAVE
 * first, and what is sent later for the earlier id is dropped), and one member holds one place at the
 * host however many connections one socket offers (docs/product/live-video.md, "Watching").
 */
export class ViewerConnection {
  private current: string | undefined;
  private readonly retired: string[] = [];

  /**
   * What to do with a message to the host: `new` (the first offer), `replaces` (an offer under another
   * id), `retired` (for a connection already replaced: dropped), `malformed` (an offer without a
   * connection id, which `peer`'s client would take as yet another connection), or `pass`.
   */
  see(message: PeerMessage): 'new' | 'replaces' | 'retired' | 'malformed' | 'pass' {
    const id = (message.payload as { connectionId?: unknown } | undefined)?.connectionId;
    if (message.type !== 'OFFER') {
      return typeof id === 'string' && this.retired.includes(id) ? 'retired' : 'pass';
    }
    if (typeof id !== 'string' || id.length === 0 || id.length > 64) return 'malformed';
    if (id === this.current) return 'pass';
    if (this.retired.includes(id)) return 'retired';
    const earlier = this.current;
    this.current = id;
    if (earlier === undefined) return 'new';
    this.retired.push(earlier);
    if (this.retired.length > RETIRED_KEPT) this.retired.shift();
    return 'replaces';
  }
}

/**
 * The message, or null after closing the socket with a clear code on anything but a PeerJS client
 * message within its event.
 */
function checkMessage(ws: WebSocket, claim: Claim, data: unknown, isBinary: boolean): PeerMessage | null {
  if (isBinary) {
    ws.close(REALTIME_CLOSE.UNSUPPORTED, 'Send JSON text messages.');
    return null;
  }
  let message: unknown;
  try {
    message = JSON.parse(String(data));
  } catch {
    ws.close(REALTIME_CLOSE.MALFORMED, 'Not JSON.');
    return null;
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message)) {
    ws.close(REALTIME_CLOSE.MALFORMED, 'Not a signalling message.');
    return null;
  }
  const { type, dst } = message as { type?: unknown; dst?: unknown };
  if (type === 'HEARTBEAT') return { type };
  if (typeof type !== 'string' || !RELAYED.has(type)) {
    ws.close(REALTIME_CLOSE.MALFORMED, 'Unknown signalling message type.');
    return null;
  }
  if (dst === undefined && type === 'LEAVE') return { type };
  if (typeof dst !== 'string') {
    ws.close(REALTIME_CLOSE.MALFORMED, 'A signalling message needs its destination.');
    return null;
  }
  if (!mayReach(claim, dst)) {
    ws.close(REALTIME_CLOSE.POLICY, 'Signalling reaches only the peers of the same event.');
    return null;
  }
  return { type, dst, payload: (message as { payload?: unknown }).payload };
}

export function registerSignalling(app: FastifyInstance): void {
  const limiter = new ConnectionLimiter(PEER_MAX_OPEN_PER_MEMBER, PEER_CONNECTS_PER_MINUTE);
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: PEER_MAX_MESSAGE_BYTES,
    perMessageDeflate: false,
  });
  /** Hosts whose signalling socket is open here (by event id), and the timers that clear `live` after they go. */
  const hostsOnline = new Map<string, IClient>();
  /** The one open viewer socket of each member and event (`<member> <event>`). */
  const watching = new Map<string, WebSocket>();
  const clearTimers = new Map<string, NodeJS.Timeout>();
  const byMember = new Map<string, Set<WebSocket>>();
  let peerWss: WebSocketServer | undefined;
  let closing = false;
  const relay = new PeerRelay(app, {
    // The same token reconnected through another process: this socket is a stale one.
    takenElsewhere: (id) => relay.local.get(id)?.getSocket()?.close(),
    checkSeat: (member, eventId) => {
      const seated = watching.get(`${member} ${eventId}`);
      if (!seated) return;
      void answersPing(seated, PEER_SEAT_PING_MS).then((answered) => {
        if (!answered) seated.terminate();
      });
    },
  });

  /** Clears the event's live flag in `ms` unless its host's signalling socket is back by then. */
  function clearUnlessBack(id: string, ms: number): void {
    if (closing) return;
    clearTimeout(clearTimers.get(id));
    const timer = setTimeout(async () => {
      clearTimers.delete(id);
      if (hostsOnline.has(id) || closing) return;
      try {
        // Back through another process: that one holds the lease now.
        if (await relay.heldAnywhere(id)) return;
        await setLive(app, id, false);
      } catch (err) {
        app.log.error({ err, eventId: id }, 'live: clearing failed');
      }
    }, ms);
    timer.unref();
    clearTimers.set(id, timer);
  }

  // peer starts its server (and its timers) when mounted: only once someone signals, so an app
  // that never streams keeps no peer timers.
  function peerServer(): WebSocketServer {
    if (peerWss) return peerWss;
    const peer = ExpressPeerServer(app.server, {
      path: '/',
      key: PEER_KEY,
      alive_timeout: PEER_ALIVE_TIMEOUT_MS,
      allow_discovery: false,
      createWebSocketServer: () => wss,
    });
    peer.on('connection', (client: IClient) => {
      const id = client.getId();
      relay.local.set(id, client);
      if (parsePeerId(id)?.role !== 'host') return;
      hostsOnline.set(id, client);
      clearTimeout(clearTimers.get(id));
      clearTimers.delete(id);
    });
    peer.on('disconnect', (client: IClient) => {
      const id = client.getId();
      if (relay.local.get(id) === client) {
        relay.local.delete(id);
        void relay.release(id);
      }
      const gone = parsePeerId(id);
      if (gone?.role === 'viewer') {
        // The viewer's place at its host is free now: without this the host would keep counting a
        // viewer whose tab reconnected under a new id (or a script that cycles sockets).
        relay.send(gone.eventId, { type: 'LEAVE', src: id, dst: gone.eventId });
        return;
      }
      if (gone?.role !== 'host' || hostsOnline.get(id) !== client) return;
      hostsOnline.delete(id);
      clearUnlessBack(id, LIVE_HOST_GRACE_MS);
    });
    peer.on('error', (err: Error) => app.log.warn({ err }, 'peer signalling error'));
    express().use(PEER_PATH, peer); // 'mount' starts peer's WebSocket handling on `wss`
    peerWss = wss;
    return wss;
  }

  async function admit(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    if (!upgradeOriginAllowed(request, app.config.publicUrl)) return refuseUpgrade(socket, 403, 'Forbidden');
    const peerId = peerQueryId(request.url);
    if (peerId === null) return refuseUpgrade(socket, 400, 'Bad Request');
    const me = await getUpgradeUser(app, request);
    const claim = parsePeerId(peerId);
    const event = claim ? await findEvent(app.db, claim.eventId) : undefined;
    // The member's viewer socket already open for this event: a tab still there answers a ping and
    // keeps its place; one whose network went (this upgrade is likely its reconnect) gives way.
    const seat = me && claim?.role === 'viewer' ? `${me.id} ${claim.eventId}` : '';
    const seated = watching.get(seat);
    if (seated && !(await answersPing(seated, PEER_SEAT_PING_MS))) seated.terminate();
    const server = peerServer();
    server.handleUpgrade(request, socket, head, (ws) => {
      // A socket error (a client cut off mid-frame) ends that socket; it must never reach the process.
      ws.on('error', () => ws.terminate());
      if (!me) return refuse(ws, MSG_PEER_SIGN_IN);
      if (!claim) return refuse(ws, MSG_PEER_INVALID_ID);
      if (!event) return refuse(ws, MSG_PEER_NO_EVENT);
      if (claim.role === 'host' && !mayBroadcast(me, event)) return refuse(ws, MSG_PEER_NOT_HOST);
      // One viewer socket per member and event: a second is refused, not replacing the first, as
      // the member's other tab would retry (every RETRY_AFTER_ERROR_MS) and take the stream back,
      // again and again.
      const holder = watching.get(seat);
      if (claim.role === 'viewer' && holder && holder.readyState === holder.OPEN) {
        return refuse(ws, MSG_PEER_WATCHING, REALTIME_CLOSE.TRY_LATER);
      }
      const release = limiter.acquire(me.id);
      if (!release) return refuse(ws, MSG_PEER_TOO_MANY, REALTIME_CLOSE.TRY_LATER);
      ws.on('close', release);
      if (claim.role === 'viewer') {
        watching.set(seat, ws);
        ws.on('close', () => {
          if (watching.get(seat) === ws) watching.delete(seat);
        });
      }
      // Nothing is read from the socket until every process agreed it may hold this id.
      ws.pause();
      void claimEverywhere(ws, me.id, { ...claim, peerId, token: peerToken(request.url) }).then(
        (ok) => {
          if (ok && ws.readyState === ws.OPEN) admitted(ws, request, me.id, peerId, claim);
          ws.resume();
        },
        (err) => {
          app.log.error({ err }, 'live: claiming a peer id failed');
          refuse(ws, MSG_PEER_TOO_MANY, REALTIME_CLOSE.TRY_LATER);
        },
      );
    });
  }

  /**
   * Takes the peer id in the database: refused while another socket holds it (any process), while the
   * member has too many signalling sockets open across processes, or while the member watches the event
   * through a socket in another process that still answers a ping.
   */
  async function claimEverywhere(
    ws: WebSocket,
    memberId: string,
    claim: Claim & { token: string },
  ): Promise<boolean> {
    if ((await relay.openSockets(memberId, claim.peerId)) >= PEER_MAX_OPEN_PER_MEMBER) {
      refuse(ws, MSG_PEER_TOO_MANY, REALTIME_CLOSE.TRY_LATER);
      return false;
    }
    if (claim.role === 'viewer') {
      const seat = () => relay.seatsElsewhere(memberId, claim.eventId, claim.peerId);
      if ((await seat()).length > 0) {
        await relay.askSeat(memberId, claim.eventId);
        await new Promise((resolve) => setTimeout(resolve, PEER_SEAT_PING_MS + 500));
        if ((await seat()).length > 0) {
          refuse(ws, MSG_PEER_WATCHING, REALTIME_CLOSE.TRY_LATER);
          return false;
        }
      }
    }
    const taken = !(await relay.claim({
      id: claim.peerId,
      token: claim.token,
      member: memberId,
      event: claim.eventId,
      role: claim.role,
    }));
    if (taken) {
      // What `peer` itself answers for an id held under another token.
      ws.resume();
      if (ws.readyState === ws.OPEN)
        ws.send(JSON.stringify({ type: 'ID-TAKEN', payload: { msg: MSG_PEER_ID_TAKEN } }));
      ws.close(REALTIME_CLOSE.POLICY, MSG_PEER_ID_TAKEN);
      return false;
    }
    return true;
  }

  function admitted(
    ws: WebSocket,
    request: IncomingMessage,
    memberId: string,
    peerId: string,
    claim: NonNullable<ReturnType<typeof parsePeerId>>,
  ): void {
    const budget =
      claim.role === 'host'
        ? new MessageBudget(
            PEER_MESSAGE_BURST * app.config.liveMaxViewers,
            PEER_MESSAGES_PER_SECOND * app.config.liveMaxViewers,
          )
        : new MessageBudget(PEER_MESSAGE_BURST, PEER_MESSAGES_PER_SECOND);
    const mine = byMember.get(memberId) ?? new Set<WebSocket>();
    mine.add(ws);
    byMember.set(memberId, mine);
    // Closes when its session ends (logout, new password, block, deletion; any process).
    trackUpgradeSocket(app, request, ws);
    ws.on('close', () => {
      mine.delete(ws);
      if (mine.size === 0 && byMember.get(memberId) === mine) byMember.delete(memberId);
    });
    const connections = claim.role === 'viewer' ? new ViewerConnection() : undefined;
    // Checked before peer sees it: `peer` listens for 'message' too, and would relay anything.
    const emit = ws.emit.bind(ws);
    ws.emit = ((name: string | symbol, ...args: unknown[]) => {
      if (name === 'message' && !budget.take()) {
        ws.close(REALTIME_CLOSE.POLICY, MSG_PEER_FLOOD);
        return false;
      }
      if (name === 'message') {
        const message = checkMessage(ws, { peerId, ...claim }, args[0], args[1] as boolean);
        if (!message) return false;
        if (connections && message.dst) {
          const seen = connections.see(message);
          if (seen === 'malformed') {
            ws.close(REALTIME_CLOSE.MALFORMED, MSG_PEER_NO_CONNECTION_ID);
            return false;
          }
          if (seen === 'retired') return false;
          if (seen === 'replaces') {
            // The host drops everything of this viewer's before the new offer reaches it, so it
            // holds one connection (one place) per member however many the socket offers.
            const leave = { type: 'LEAVE', src: peerId, dst: message.dst };
            if (!relay.forward(ws, message.dst, leave)) relay.local.get(message.dst)?.send(leave);
          }
        }
        // For a peer held by another process: relayed there, not queued by `peer` here.
        if (message.dst && relay.forward(ws, message.dst, { ...message, src: peerId })) return true;
      }
      return emit(name, ...args);
    }) as typeof ws.emit;
    wss.emit('connection', ws, request);
  }

  onUpgrade(app, PEER_PATH, admit);

  // A blocked or deleted member stops broadcasting and watching at once (a host's live is then cleared).
  const closeMember = (memberId: string) => {
    for (const ws of byMember.get(memberId) ?? []) refuse(ws, MSG_PEER_SIGN_IN);
  };
  app.events.onCommit('user.blocked', ({ userId, blocked }) => {
    if (blocked) closeMember(userId);
  });
  app.events.onCommit('account.deleted', ({ userId }) => closeMember(userId));

  // The leases: renewed for the hosts here, and any lapsed one cleared — left by a process that died,
  // this one before a restart included (its host had the lease's time to come back here).
  let leases: NodeJS.Timeout | undefined;
  let ticking = false;
  const tickLeases = async () => {
    if (ticking || closing) return;
    ticking = true;
    try {
      await renewLiveLeases(app.db, [...hostsOnline.keys()]);
      await relay.renew();
      await clearLapsedLive(app);
    } catch (err) {
      app.log.error({ err }, 'live: lease renewal failed');
    } finally {
      ticking = false;
    }
  };
  app.addHook('onReady', async () => {
    leases = setInterval(() => void tickLeases(), LIVE_LEASE_RENEW_MS);
    leases.unref();
  });

  // A graceful stop ends the streams whose host is here (their viewers are told) while the database
  // and realtime are still open; then nothing renews or clears from this process.
  app.addHook('preClose', async () => {
    closing = true;
    clearInterval(leases);
    for (const id of hostsOnline.keys()) {
      await setLive(app, id, false).catch((err) =>
        app.log.error({ err, eventId: id }, 'live: clearing failed'),
      );
    }
    await relay.close();
  });

  app.addHook('onClose', async () => {
    closing = true;
    clearInterval(leases);
    for (const timer of clearTimers.values()) clearTimeout(timer);
    clearTimers.clear();
    for (const ws of wss.clients) ws.close(REALTIME_CLOSE.GOING_AWAY, 'Server shutting down.');
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  });
}
