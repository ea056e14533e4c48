// The SFU's state in this process (docs/product/live-video.md): each live event's room in Janus (created
// when the event goes live, destroyed when it ends; its id, secret and pin never leave this process), the
// channels open on it, the host channel and each member's viewer channel, the viewer count sent over the
// realtime pub/sub, and the live flag cleared when the host is gone for LIVE_HOST_GRACE_MS.
import { randomBytes, randomInt } from 'node:crypto';
import { LIVE_HOST_GRACE_MS, REALTIME_CLOSE, realtimeChannels } from '@samaj/core';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { findEvent, setLive } from '../queries.ts';
import { roomRecording } from '../replay/recording.ts';
import type { JanusClient } from './janus.ts';
import {
  type Channel,
  closeWith,
  MSG_SFU_ENDED,
  MSG_SFU_UNAVAILABLE,
  type Room,
  SFU_COUNT_AGAIN_MS,
  SFU_COUNT_EVERY_MS,
  VIDEOROOM,
} from './limits.ts';

export class SfuRooms {
  readonly rooms = new Map<string, Room>();
  /** The channels open on each event. */
  readonly channels = new Map<string, Set<Channel>>();
  /** The host channel of each event, and each member's viewer channel (`<member> <event>`). */
  readonly hosts = new Map<string, Channel>();
  readonly seats = new Map<string, Channel>();
  /** Channels that answered the last ping. */
  readonly alive = new WeakSet<WebSocket>();
  closing = false;
  private readonly clearTimers = new Map<string, NodeJS.Timeout>();
  private readonly countTimers = new Map<string, NodeJS.Timeout>();
  private readonly repeatTimers = new Map<string, NodeJS.Timeout>();
  /** The server's own VideoRoom handle, for creating and destroying rooms. */
  private adminHandle: Promise<number> | undefined;
  /** Rooms being destroyed: a graceful stop waits for them, or Janus would keep them (empty) until it restarts. */
  private readonly destroying = new Set<Promise<void>>();

  constructor(
    private readonly app: FastifyInstance,
    readonly janus: JanusClient,
  ) {}

  viewers(eventId: string): number {
    return [...(this.channels.get(eventId) ?? [])].filter((c) => c.role === 'viewer').length;
  }

  private admin(): Promise<number> {
    this.adminHandle ??= this.janus.attach(VIDEOROOM, () => {});
    this.adminHandle.catch(() => {
      this.adminHandle = undefined;
    });
    return this.adminHandle;
  }

  /** Creates the event's room once (a fresh id, secret and pin for every stream). */
  ensureRoom(eventId: string): Room {
    const { app, janus, rooms } = this;
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
      const handle = await this.admin();
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
        if (m.viewers === undefined) void this.endIfOver(eventId);
      },
      { onReconnect: () => void this.endIfOver(eventId) },
    );
    return room;
  }

  private async endIfOver(eventId: string): Promise<void> {
    try {
      const row = await findEvent(this.app.db, eventId);
      if (!row?.live && this.rooms.has(eventId)) this.endEvent(eventId, 1000, MSG_SFU_ENDED);
    } catch (err) {
      this.app.log.warn({ err, eventId }, 'sfu: could not read the event');
    }
  }

  destroyRoom(eventId: string): Promise<void> {
    const room = this.rooms.get(eventId);
    if (!room) return Promise.resolve();
    this.rooms.delete(eventId);
    room.unfollow();
    // Everyone in the room leaves before it is destroyed: Janus tearing down a room while its
    // participants' handles are being detached freed a session twice and crashed (SIGSEGV in
    // janus_plugin_session_is_alive, seen under the SFU browser tests at END).
    const leaving = [...(this.channels.get(eventId) ?? [])].map((channel) => channel.leave());
    const done = Promise.allSettled(leaving)
      .then(() => this.destroyed(eventId, room))
      .finally(() => this.destroying.delete(done));
    this.destroying.add(done);
    return done;
  }

  private async destroyed(eventId: string, room: Room): Promise<void> {
    await room.ready.catch(() => {});
    if (!this.janus.up) return;
    try {
      await this.janus.pluginRequest(await this.admin(), {
        request: 'destroy',
        room: room.id,
        secret: room.secret,
      });
    } catch (err) {
      this.app.log.warn({ err, eventId }, 'sfu: could not destroy the room');
    }
  }

  /** A join or a leave: the count goes out within SFU_COUNT_EVERY_MS (joins together send it once). */
  publishCount(eventId: string): void {
    clearTimeout(this.repeatTimers.get(eventId));
    this.repeatTimers.delete(eventId);
    if (this.countTimers.has(eventId) || this.closing) return;
    const timer = setTimeout(() => {
      this.countTimers.delete(eventId);
      this.sendCount(eventId);
    }, SFU_COUNT_EVERY_MS);
    timer.unref();
    this.countTimers.set(eventId, timer);
  }

  private sendCount(eventId: string): void {
    this.app.realtime
      .publish(realtimeChannels.event(eventId.toLowerCase()), { id: eventId, viewers: this.viewers(eventId) })
      .catch((err) => this.app.log.warn({ err, eventId }, 'sfu: could not publish the viewer count'));
    if (this.closing || !this.channels.has(eventId)) return;
    const again = setTimeout(() => {
      this.repeatTimers.delete(eventId);
      this.sendCount(eventId);
    }, SFU_COUNT_AGAIN_MS);
    again.unref();
    this.repeatTimers.set(eventId, again);
  }

  endEvent(eventId: string, code: number, reason: string): void {
    for (const channel of this.channels.get(eventId) ?? []) closeWith(channel.ws, code, reason);
    void this.destroyRoom(eventId);
  }

  /** A host channel opened: the event's live flag is no longer to be cleared. */
  hostBack(eventId: string): void {
    clearTimeout(this.clearTimers.get(eventId));
    this.clearTimers.delete(eventId);
  }

  /** Clears `live` unless a host channel for the event is back within the grace period. */
  clearUnlessBack(eventId: string): void {
    if (this.closing) return;
    clearTimeout(this.clearTimers.get(eventId));
    const timer = setTimeout(() => {
      this.clearTimers.delete(eventId);
      if (this.hosts.has(eventId) || this.closing) return;
      setLive(this.app, eventId, false).catch((err) =>
        this.app.log.error({ err, eventId }, 'sfu: clearing live failed'),
      );
    }, LIVE_HOST_GRACE_MS);
    timer.unref();
    this.clearTimers.set(eventId, timer);
  }

  /** Janus restarted or went away: its rooms and every handle are gone, so are the streams. */
  janusDown(): void {
    const live = [...this.rooms.keys()];
    for (const room of this.rooms.values()) room.unfollow();
    this.rooms.clear();
    this.adminHandle = undefined;
    for (const set of this.channels.values()) {
      for (const channel of set) closeWith(channel.ws, REALTIME_CLOSE.TRY_LATER, MSG_SFU_UNAVAILABLE);
    }
    if (this.closing) return;
    for (const eventId of live) {
      setLive(this.app, eventId, false).catch((err) =>
        this.app.log.error({ err, eventId }, 'sfu: clearing live failed'),
      );
    }
  }

  /** A graceful stop ends the streams whose host is here while the database is still open. */
  async stop(): Promise<void> {
    this.closing = true;
    for (const eventId of this.hosts.keys()) {
      await setLive(this.app, eventId, false).catch((err) =>
        this.app.log.error({ err, eventId }, 'sfu: clearing live failed'),
      );
    }
  }

  /** Stops every timer: nothing is sent or cleared from this process any more. */
  stopTimers(): void {
    this.closing = true;
    for (const timer of [
      ...this.clearTimers.values(),
      ...this.countTimers.values(),
      ...this.repeatTimers.values(),
    ]) {
      clearTimeout(timer);
    }
  }

  /** Destroys every room, waiting for Janus's answers. */
  async destroyAll(): Promise<void> {
    for (const eventId of [...this.rooms.keys()]) void this.destroyRoom(eventId);
    await Promise.all([...this.destroying]);
  }
}
