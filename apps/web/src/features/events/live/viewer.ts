// A viewer's side of a live stream (SPEC §4 Event live flag, viewer): a peer with a fresh viewer id,
// a data connection to the host's id (= the event id) with a greeting, the host's call answered
// with nothing to send back, and the viewer count the host pushes.
import { viewerPeerId } from '@samaj/core';
import type Peer from 'peerjs';
import type { DataConnection, MediaConnection, PeerOptions } from 'peerjs';
import { isHostMessage, type ViewerMessage } from './messages';
import { openPeer } from './peer';

export interface ViewerCallbacks {
  onStream(stream: MediaStream): void;
  onViewers(count: number): void;
  /** The host has as many viewers as it can serve. */
  onFull(): void;
  /** The connection to the host went away (the caller reconnects while the event is live). */
  onLost(): void;
  /** A peer error type (SPEC §8 Peer errors). */
  onError(type: string): void;
}

/** Performance mark set when a viewer starts joining. */
export const JOIN_MARK = 'samaj:live-join';

export class LiveViewer {
  private peer: Peer | null = null;
  private connection: DataConnection | null = null;
  private call: MediaConnection | null = null;
  private done = false;
  private full = false;

  constructor(
    private readonly hostId: string,
    private readonly options: PeerOptions,
    private readonly callbacks: ViewerCallbacks,
  ) {}

  async connect(): Promise<void> {
    // The start of a join, for bench/suites/40-live.ts (join to first frame) and devtools.
    performance.mark(JOIN_MARK);
    let peer: Peer;
    try {
      peer = await openPeer(viewerPeerId(this.hostId), this.options);
    } catch (error) {
      if (!this.done) this.callbacks.onError((error as { type?: string }).type ?? 'network');
      return;
    }
    if (this.done) {
      peer.destroy();
      return;
    }
    this.peer = peer;
    peer.on('error', (error) => this.fail(error.type));
    peer.on('disconnected', () => this.lost());
    peer.on('call', (call) => {
      this.call = call;
      call.answer();
      // Fires once for audio and once for video with the same stream.
      call.on('stream', (stream) => {
        if (!this.done) this.callbacks.onStream(stream);
      });
      call.on('iceStateChanged', (state) => {
        if (state === 'disconnected' || state === 'failed') this.lost();
      });
      call.on('close', () => this.lost());
    });
    const connection = peer.connect(this.hostId, { reliable: true });
    this.connection = connection;
    connection.on('open', () => {
      const hello: ViewerMessage = { type: 'hello' };
      void connection.send(hello);
    });
    connection.on('data', (data) => {
      if (!isHostMessage(data) || this.done) return;
      if (data.type === 'full') {
        this.full = true;
        this.callbacks.onFull();
      } else {
        this.callbacks.onViewers(data.count);
      }
    });
    connection.on('close', () => this.lost());
  }

  private fail(type: string): void {
    if (this.done || this.full) return;
    this.destroy();
    this.callbacks.onError(type);
  }

  private lost(): void {
    if (this.done || this.full) return;
    this.destroy();
    this.callbacks.onLost();
  }

  /** Leaving the screen (or the page being hidden for good): the host learns at once. */
  destroy(): void {
    this.done = true;
    this.call?.close();
    this.connection?.close();
    this.peer?.destroy();
    this.peer = null;
  }
}
