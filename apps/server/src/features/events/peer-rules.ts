// The rules of a PeerJS signalling socket (docs/product/live-video.md, "Signalling rules"): its limits,
// the words it is refused with, which query `peer` accepts, and which messages may pass to whom. The
// sockets themselves: signalling.ts.
import { PEER_KEY, PEER_REFUSED_WATCHING, parsePeerId, REALTIME_CLOSE } from '@samaj/core';
import type { WebSocket } from 'ws';

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
export function peerToken(url: string | undefined): string {
  return new URL(url ?? '', 'https://peerjs').searchParams.get('token') ?? '';
}

/** Tells a peerjs client why (it raises `server-error` with this text), then closes. */
export function refuse(ws: WebSocket, msg: string, code: number = REALTIME_CLOSE.POLICY): void {
  // A socket paused during admission reads the client's close frame again, so the close completes.
  if (ws.isPaused) ws.resume();
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ type: 'ERROR', payload: { msg } }));
  ws.close(code, msg.slice(0, 120));
}

export interface Claim {
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

export type PeerMessage = { type: string; dst?: string; payload?: unknown };

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
export function checkMessage(
  ws: WebSocket,
  claim: Claim,
  data: unknown,
  isBinary: boolean,
): PeerMessage | null {
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
