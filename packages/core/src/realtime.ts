// The /realtime WebSocket (docs/product/errors.md, "Realtime connection"): the protocol both sides speak.
// Messages carry ids, never documents: a client that hears of a change refetches it through the API (with the
// API's permission checks), and refetches what it shows after every reconnect, since changes made while it
// was away are not replayed.
import { z } from 'zod';

export const REALTIME_PATH = '/realtime';

/**
 * Channels a member may subscribe to: one event's document (`event.<event id>`, any signed-in
 * member) and their own channel (`member.<own id>`; another member's is refused).
 */
export const realtimeChannels = {
  event: (eventId: string) => `event.${eventId}`,
  member: (memberId: string) => `member.${memberId}`,
} as const;
export const REALTIME_CHANNEL_PATTERN = /^(event|member)\.([a-z0-9][a-z0-9_-]{0,63})$/;

/** Not in spec: a client message is a few channel names; a socket follows a few dozen channels. */
export const REALTIME_MAX_MESSAGE_BYTES = 4096;
export const REALTIME_MAX_CHANNELS = 50;

const channel = z.string().regex(REALTIME_CHANNEL_PATTERN);
const channels = z.array(channel).min(1).max(REALTIME_MAX_CHANNELS);

/** Client → server, JSON text frames. Anything else closes the socket with MALFORMED. */
export const realtimeClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), channels }).strict(),
  z.object({ type: z.literal('unsubscribe'), channels }).strict(),
  z.object({ type: z.literal('ping') }).strict(),
]);
export type RealtimeClientMessage = z.infer<typeof realtimeClientMessageSchema>;

/** Server → client, JSON text frames. */
export type RealtimeServerMessage =
  /** First message on every socket: who the server took the session for. */
  | { type: 'connected'; member: string }
  /** The channels now followed by this socket (after a subscribe or unsubscribe). */
  | { type: 'subscribed'; channels: string[] }
  /** Something on `channel` changed: refetch `id` (on `event.<id>`, GET /api/events/<id>; 404 = deleted). */
  | { type: 'change'; channel: string; id: string }
  /**
   * SFU mode: the server's count of the live event `id`'s viewers, on its channel (a count, nothing to
   * refetch; sent at most once a second per event, features/events/sfu).
   */
  | { type: 'viewers'; channel: string; id: string; viewers: number }
  /** Channels this member may not follow (another member's) or too many: the rest were subscribed. */
  | { type: 'error'; code: 'channel_forbidden' | 'too_many_channels'; channels: string[]; message: string }
  | { type: 'pong' };

/** Close codes of /realtime (and of /peerjs sockets refused after opening). */
export const REALTIME_CLOSE = {
  /** The server is shutting down: reconnect on the usual schedule. */
  GOING_AWAY: 1001,
  /** A binary frame. */
  UNSUPPORTED: 1003,
  /** Not JSON, or not one of the client messages above. */
  MALFORMED: 1007,
  /** Not signed in, blocked, or the session ended: the client stops reconnecting (REALTIME_STOP_CODE). */
  POLICY: 1008,
  /** A message over REALTIME_MAX_MESSAGE_BYTES (PEER_MAX_MESSAGE_BYTES on /peerjs). */
  TOO_BIG: 1009,
  /** Too many connections from this member: reconnect later, on the usual schedule. */
  TRY_LATER: 1013,
} as const;
