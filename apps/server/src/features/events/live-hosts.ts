// The live flag follows the host's signalling socket (docs/product/live-video.md, "The live flag"): while
// it is open here this process renews the event's lease; when it goes and is not back within
// LIVE_HOST_GRACE_MS (here or through another process), `live` is cleared and `event.live` published.
// Every process also clears lapsed leases (a process killed with -9 renews nothing).
import { LIVE_HOST_GRACE_MS } from '@samaj/core';
import type { FastifyInstance } from 'fastify';
import type { IClient } from 'peer';
import type { PeerRelay } from './peer-relay.ts';
import { clearLapsedLive, LIVE_LEASE_RENEW_MS, renewLiveLeases, setLive } from './queries.ts';

export class LiveHosts {
  /** Hosts whose signalling socket is open here (by event id). */
  private readonly online = new Map<string, IClient>();
  /** The timers that clear `live` after a host went. */
  private readonly clearTimers = new Map<string, NodeJS.Timeout>();
  private leases: NodeJS.Timeout | undefined;
  private ticking = false;
  private closing = false;

  constructor(
    private readonly app: FastifyInstance,
    private readonly relay: PeerRelay,
  ) {}

  /** The host's socket is open here: its event stays live. */
  connected(id: string, client: IClient): void {
    this.online.set(id, client);
    clearTimeout(this.clearTimers.get(id));
    this.clearTimers.delete(id);
  }

  /** The host's socket went: `live` is cleared unless it is back within the grace period. */
  disconnected(id: string, client: IClient): void {
    if (this.online.get(id) !== client) return;
    this.online.delete(id);
    this.clearUnlessBack(id, LIVE_HOST_GRACE_MS);
  }

  /** Clears the event's live flag in `ms` unless its host's signalling socket is back by then. */
  private clearUnlessBack(id: string, ms: number): void {
    if (this.closing) return;
    clearTimeout(this.clearTimers.get(id));
    const timer = setTimeout(async () => {
      this.clearTimers.delete(id);
      if (this.online.has(id) || this.closing) return;
      try {
        // Back through another process: that one holds the lease now.
        if (await this.relay.heldAnywhere(id)) return;
        await setLive(this.app, id, false);
      } catch (err) {
        this.app.log.error({ err, eventId: id }, 'live: clearing failed');
      }
    }, ms);
    timer.unref();
    this.clearTimers.set(id, timer);
  }

  // The leases: renewed for the hosts here, and any lapsed one cleared — left by a process that died,
  // this one before a restart included (its host had the lease's time to come back here).
  private async tickLeases(): Promise<void> {
    if (this.ticking || this.closing) return;
    this.ticking = true;
    try {
      await renewLiveLeases(this.app.db, [...this.online.keys()]);
      await this.relay.renew();
      await clearLapsedLive(this.app);
    } catch (err) {
      this.app.log.error({ err }, 'live: lease renewal failed');
    } finally {
      this.ticking = false;
    }
  }

  start(): void {
    this.leases = setInterval(() => void this.tickLeases(), LIVE_LEASE_RENEW_MS);
    this.leases.unref();
  }

  /**
   * A graceful stop ends the streams whose host is here (their viewers are told) while the database
   * and realtime are still open; then nothing renews or clears from this process.
   */
  async stop(): Promise<void> {
    this.closing = true;
    clearInterval(this.leases);
    for (const id of this.online.keys()) {
      await setLive(this.app, id, false).catch((err) =>
        this.app.log.error({ err, eventId: id }, 'live: clearing failed'),
      );
    }
  }

  close(): void {
    this.closing = true;
    clearInterval(this.leases);
    for (const timer of this.clearTimers.values()) clearTimeout(timer);
    this.clearTimers.clear();
  }
}
