// Live signalling across app processes (docs/product/operations.md, "Growing past one machine"): `peer` keeps
// its peers in this process's memory, so with several processes behind a plain round-robin proxy a host and
// its viewers may hold their /peerjs sockets in different processes. Two shared pieces make them meet:
// - the `live_peer` table says who holds each peer id, in which process: an id taken in one process
//   is refused in every other (peer's own "ID is taken", unless the same token reconnects), a member's
//   open sockets and viewer seat are counted across processes, and a row whose process stopped renewing
//   it lapses after LIVE_LEASE_MS;
// - a message for a peer that is not here goes out on the realtime pub/sub (LISTEN/NOTIFY), deflated
//   to fit a notification, and the process holding the peer hands it to that socket.
// With PGlite there is one process: every peer is here and nothing is relayed.
import { randomUUID } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { and, count, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { IClient } from 'peer';
import { livePeer } from '../../db/schema/index.ts';
import { RealtimeError } from '../../platform/realtime/index.ts';
import { LIVE_LEASE_MS } from './queries.ts';

/** The realtime channel every process listens on for relayed signalling. */
export const PEER_RELAY_CHANNEL = 'live.peerjs';

export interface PeerClaim {
  id: string;
  token: string;
  member: string;
  event: string;
  role: 'host' | 'viewer';
}

export interface PeerRelayHooks {
  /** The peer `id` was taken over by a socket in another process (the same token reconnecting). */
  takenElsewhere(id: string): void;
  /** Another process asks whether the member's viewer seat here is still answering. */
  checkSeat(member: string, event: string): void;
}

type Message = { type: string; src?: string; dst?: string; payload?: unknown };

const alive = () => sql`now() - ${`${LIVE_LEASE_MS} milliseconds`}::interval`;

export class PeerRelay {
  /** This process, as `live_peer.process` names it. */
  readonly process = randomUUID();
  /** The peers whose socket is open in this process. */
  readonly local = new Map<string, IClient>();
  private readonly relays: boolean;
  private unsubscribe: (() => void) | undefined;
  /** Messages from one socket are published one after another, so they arrive in order. */
  private readonly queues = new WeakMap<object, Promise<void>>();

  constructor(
    private readonly app: FastifyInstance,
    hooks: PeerRelayHooks,
  ) {
    this.relays = app.realtime.kind === 'postgres';
    if (!this.relays) return;
    this.unsubscribe = app.realtime.subscribe(PEER_RELAY_CHANNEL, (m) => {
      if (m.from === this.process) return;
      if (m.op === 'msg' && typeof m.dst === 'string' && typeof m.data === 'string') {
        const client = this.local.get(m.dst);
        if (!client) return;
        try {
          client.send(JSON.parse(inflateRawSync(Buffer.from(m.data, 'base64')).toString()));
        } catch (err) {
          app.log.warn({ err }, 'live: unreadable relayed signalling message');
        }
      } else if (m.op === 'claimed' && typeof m.id === 'string') {
        if (this.local.has(m.id)) hooks.takenElsewhere(m.id);
      } else if (m.op === 'seat' && typeof m.member === 'string' && typeof m.event === 'string') {
        hooks.checkSeat(m.member, m.event);
      }
    });
  }

  /** Whether `dst` is a peer of this process (or nothing is relayed: one process holds them all). */
  isHere(dst: string): boolean {
    return !this.relays || this.local.has(dst);
  }

  /**
   * Hands `message` to `dst`: its socket here, or the process that holds it. `from` orders the
   * messages of one sender. Returns false when it is for a peer here (the caller lets `peer` relay it).
   */
  forward(from: object, dst: string, message: Message): boolean {
    if (this.isHere(dst)) return false;
    const data = deflateRawSync(JSON.stringify(message)).toString('base64');
    const previous = this.queues.get(from) ?? Promise.resolve();
    const next = previous
      .then(() => this.app.realtime.publish(PEER_RELAY_CHANNEL, { op: 'msg', from: this.process, dst, data }))
      .catch((err) => {
        const level = err instanceof RealtimeError ? 'warn' : 'error';
        this.app.log[level]({ err, type: message.type }, 'live: relaying a signalling message failed');
      });
    this.queues.set(from, next);
    return true;
  }

  /** Sends `message` to `dst` wherever it is (a LEAVE the server itself tells a host). */
  send(dst: string, message: Message): void {
    const client = this.local.get(dst);
    if (client) client.send(message);
    else if (this.relays) this.forward(this, dst, message);
  }

  /**
   * Takes `claim.id` for a socket in this process: refused (false) while another socket, in any
   * process, holds it under another token or member and its row has not lapsed.
   */
  async claim(claim: PeerClaim): Promise<boolean> {
    const rows = await this.app.db
      .insert(livePeer)
      .values({ ...claim, process: this.process })
      .onConflictDoUpdate({
        target: livePeer.id,
        set: {
          token: claim.token,
          member: claim.member,
          event: claim.event,
          role: claim.role,
          process: this.process,
          renewedAt: sql`now()`,
        },
        setWhere: sql`${livePeer.renewedAt} < ${alive()} or (${livePeer.token} = ${claim.token} and ${livePeer.member} = ${claim.member})`,
      })
      .returning({ id: livePeer.id });
    if (rows.length === 0) return false;
    if (this.relays) {
      await this.app.realtime
        .publish(PEER_RELAY_CHANNEL, { op: 'claimed', from: this.process, id: claim.id })
        .catch((err) => this.app.log.error({ err }, 'live: announcing a peer failed'));
    }
    return true;
  }

  /** The peer's socket here closed: its id is free again (unless another process took it over). */
  async release(id: string): Promise<void> {
    await this.app.db
      .delete(livePeer)
      .where(and(eq(livePeer.id, id), eq(livePeer.process, this.process)))
      .catch((err) => this.app.log.error({ err }, 'live: releasing a peer failed'));
  }

  /** The member's signalling sockets open in any process, but `except`. */
  async openSockets(member: string, except: string): Promise<number> {
    const [row] = await this.app.db
      .select({ n: count() })
      .from(livePeer)
      .where(and(eq(livePeer.member, member), ne(livePeer.id, except), gt(livePeer.renewedAt, alive())));
    return Number(row?.n ?? 0);
  }

  /** The processes (other than this one) where the member watches `event` through another socket. */
  async seatsElsewhere(member: string, event: string, except: string): Promise<string[]> {
    const rows = await this.app.db
      .select({ process: livePeer.process })
      .from(livePeer)
      .where(
        and(
          eq(livePeer.member, member),
          eq(livePeer.event, event),
          eq(livePeer.role, 'viewer'),
          ne(livePeer.id, except),
          ne(livePeer.process, this.process),
          gt(livePeer.renewedAt, alive()),
        ),
      );
    return rows.map((r) => r.process);
  }

  /** Asks the other processes to ping the member's viewer socket for `event` and drop it if it is gone. */
  async askSeat(member: string, event: string): Promise<void> {
    await this.app.realtime.publish(PEER_RELAY_CHANNEL, { op: 'seat', from: this.process, member, event });
  }

  /** Whether some process holds the host peer `id` now. */
  async heldAnywhere(id: string): Promise<boolean> {
    const rows = await this.app.db
      .select({ id: livePeer.id })
      .from(livePeer)
      .where(and(eq(livePeer.id, id), gt(livePeer.renewedAt, alive())))
      .limit(1);
    return rows.length > 0;
  }

  /** Renews this process's peers and forgets the lapsed ones of processes that died. */
  async renew(): Promise<void> {
    await this.app.db
      .update(livePeer)
      .set({ renewedAt: sql`now()` })
      .where(eq(livePeer.process, this.process));
    await this.app.db.delete(livePeer).where(lt(livePeer.renewedAt, alive()));
  }

  /** A graceful stop: this process's peers are free at once. */
  async close(): Promise<void> {
    this.unsubscribe?.();
    await this.app.db
      .delete(livePeer)
      .where(eq(livePeer.process, this.process))
      .catch((err) => this.app.log.error({ err }, 'live: releasing peers failed'));
  }
}
