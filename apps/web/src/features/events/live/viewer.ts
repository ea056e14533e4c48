// A viewer's side of a live stream (docs/product/live-video.md, "Watching"): a peer with a fresh viewer id,
// a data connection to the host's id (= the event id) with a greeting, the host's call answered
// with nothing to send back, and the viewer count the host pushes.
import { viewerPeerId } from '@samaj/core';
import type Peer from 'peerjs';
import type { DataConnection, MediaConnection, PeerOptions } from 'peerjs';
import { isHostMessage, type ViewerMessage } from './messages';
import { openPeer, peerErrorType } from './peer';

export interface ViewerCallbacks {
  onStream(stream: MediaStream): void;
  onViewers(count: number): void;
  /** The host has as many viewers as it can serve. */
  onFull(): void;
  /** The connection to the host went away (the caller reconnects while the event is live). */
  onLost(): void;
  /** A peer error type (docs/product/errors.md, "Live video errors"). */
  onError(type: string): void;
}

/** Performance mark set when a viewer starts joining. */
export const JOIN_MARK = 'samaj:live-join';
/**
 * Marks along the join, for the bench's profile of where join → first frame goes: signalling open,
 * the host's call received, the media connected (ICE), the stream handed to the video.
 */
export const JOIN_PHASES = {
  signalling: 'samaj:live-signalling',
  call: 'samaj:live-call',
  connected: 'samaj:live-connected',
  stream: 'samaj:live-stream',
} as const;

function markOnce(name: string): void {
  if (performance.getEntriesByName(name).length === 0) performance.mark(name);
}

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
    /** A signalling peer opened while waiting for the host (`warmPeer`), taken over when usable. */
    private readonly warm: Promise<Peer | null> | null = null,
  ) {}

  async connect(): Promise<void> {
    // The start of a join, for bench/suites/40-live.ts (join to first frame) and devtools.
    performance.mark(JOIN_MARK);
    let peer: Peer;
    try {
      const ready = await this.warm;
      if (ready && !ready.destroyed && !ready.disconnected) peer = ready;
      else {
        ready?.destroy();
        peer = await openPeer(viewerPeerId(this.hostId), this.options);
      }
    } catch (error) {
      if (!this.done) this.callbacks.onError((error as { type?: string }).type ?? 'network');
      return;
    }
    if (this.done) {
      peer.destroy();
      return;
    }
    this.peer = peer;
    markOnce(JOIN_PHASES.signalling);
    peer.on('error', (error) => this.fail(peerErrorType(error)));
    peer.on('disconnected', () => this.lost());
    peer.on('call', (call) => {
      this.call = call;
      markOnce(JOIN_PHASES.call);
      call.answer();
      // Fires once for audio and once for video with the same stream.
      call.on('stream', (stream) => {
        markOnce(JOIN_PHASES.stream);
        if (!this.done) this.callbacks.onStream(stream);
      });
      call.on('iceStateChanged', (state) => {
        if (state === 'connected' || state === 'completed') markOnce(JOIN_PHASES.connected);
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

/**
 * A viewer waiting on the screen for the host keeps its signalling socket open, so that when the
 * event goes live the join starts with the call to the host instead of a new socket and sign-in.
 * Resolves to null when signalling cannot be had now (the join then opens its own).
 */
export function warmPeer(hostId: string, options: PeerOptions): Promise<Peer | null> {
  return openPeer(viewerPeerId(hostId), options).catch(() => null);
}
