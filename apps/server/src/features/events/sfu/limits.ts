// The SFU's limits, the words its channels close with, and what it keeps of each room and channel
// (docs/product/live-video.md; the wiring: sfu.ts).
import { SFU_CLOSE_REASON } from '@samaj/core';
import type { WebSocket } from 'ws';
import type { SfuRole } from './rules.ts';

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
export const RELAY_TIMEOUT_MS = 30_000;
/** Not in spec: a channel that answers no ping for this long is dropped (a phone that lost its network). */
export const SFU_PING_MS = 15_000;
/** How long a member's open viewer channel has to answer a ping before a new one replaces it. */
export const SEAT_PING_MS = 2000;

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

export interface Channel {
  ws: WebSocket;
  memberId: string;
  eventId: string;
  role: SfuRole;
  handle: Promise<number>;
  /** Detaches the channel's handle from Janus, once, whoever asks first (its close, its room's end). */
  leave(): Promise<void>;
}

export function closeWith(ws: WebSocket, code: number, reason: string): void {
  if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING) ws.close(code, reason.slice(0, 120));
}
