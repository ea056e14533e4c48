// One member's SFU channel (docs/product/live-video.md): the VideoRoom handle the server attached for it,
// and what it relays there — only what the member's role allows (rules.ts), with what only the server
// knows (the room, its pin, the host's feed) filled in.
import { randomInt } from 'node:crypto';
import { REALTIME_CLOSE } from '@samaj/core';
import type { WebSocket } from 'ws';
import { MessageBudget } from '../channel-limits.ts';
import type { JanusMessage } from './janus.ts';
import {
  type Channel,
  closeWith,
  MSG_SFU_FLOOD,
  MSG_SFU_UNAVAILABLE,
  RELAY_TIMEOUT_MS,
  SFU_MESSAGE_BURST,
  SFU_MESSAGES_PER_SECOND,
  VIDEOROOM,
} from './limits.ts';
import type { SfuRooms } from './rooms.ts';
import { checkSfuMessage, type SfuRequest, type SfuRole, toMember } from './rules.ts';

export function serveChannel(
  rooms: SfuRooms,
  ws: WebSocket,
  who: { memberId: string; eventId: string; role: SfuRole; seat: string },
  release: () => void,
): void {
  const { janus } = rooms;
  const { eventId, role } = who;
  const room = rooms.ensureRoom(eventId);
  const handle = room.ready.then(() => janus.attach(VIDEOROOM, (m) => send(toMember(m, undefined))));
  let left: Promise<void> | null = null;
  const leave = () => {
    left ??= handle.then((id) => janus.detach(id)).catch(() => {});
    return left;
  };
  const channel: Channel = { ws, memberId: who.memberId, eventId, role, handle, leave };
  const set = rooms.channels.get(eventId) ?? new Set<Channel>();
  set.add(channel);
  rooms.channels.set(eventId, set);
  if (role === 'host') {
    // A fresh publisher id for every host channel: the host's earlier handle may still be leaving.
    room.feed = randomInt(1, 2 ** 48);
    rooms.hosts.set(eventId, channel);
    rooms.hostBack(eventId);
  } else {
    rooms.seats.set(who.seat, channel);
    rooms.publishCount(eventId);
  }
  const budget = new MessageBudget(SFU_MESSAGE_BURST, SFU_MESSAGES_PER_SECOND);
  rooms.alive.add(ws);
  ws.on('pong', () => rooms.alive.add(ws));

  function send(message: Record<string, unknown>): void {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
  }

  handle.catch(() => closeWith(ws, REALTIME_CLOSE.TRY_LATER, MSG_SFU_UNAVAILABLE));

  ws.on('close', () => {
    release();
    set.delete(channel);
    if (set.size === 0 && rooms.channels.get(eventId) === set) rooms.channels.delete(eventId);
    void leave();
    if (role === 'host') {
      if (rooms.hosts.get(eventId) === channel) {
        rooms.hosts.delete(eventId);
        rooms.clearUnlessBack(eventId);
      }
    } else {
      if (rooms.seats.get(who.seat) === channel) rooms.seats.delete(who.seat);
      rooms.publishCount(eventId);
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
