// A viewer's side of a live stream in SFU mode (docs/product/live-video.md): the app's `/sfu?role=viewer`
// channel joins the event's room as a subscriber of the host's feed; Janus offers the stream, we answer with
// nothing to send back. Same callbacks as the peer-to-peer LiveViewer, so the screen is the same; the viewer
// count comes from the server over /realtime (useViewerStream).
import { SFU_CLOSE_REASON } from '@samaj/core';
import { closeErrorType, JanusError, SfuChannel, SfuClosed, trickleThrough } from './sfu';
import { JOIN_MARK, JOIN_PHASES, type ViewerCallbacks } from './viewer';

/** A join Janus refuses (no feed yet) is asked again this often, this many times, on the same channel. */
const JOIN_RETRY_MS = 500;
const JOIN_ATTEMPTS = 10;

function markOnce(name: string): void {
  if (performance.getEntriesByName(name).length === 0) performance.mark(name);
}

export class SfuViewer {
  private channel: SfuChannel | null = null;
  private pc: RTCPeerConnection | null = null;
  private done = false;

  constructor(
    private readonly eventId: string,
    private readonly iceServers: () => RTCIceServer[],
    private readonly callbacks: Omit<ViewerCallbacks, 'onViewers'>,
  ) {}

  async connect(): Promise<void> {
    performance.mark(JOIN_MARK);
    const channel = new SfuChannel(this.eventId, 'viewer');
    this.channel = channel;
    channel.onClose = (closed) => this.closed(closed);
    channel.onEvent = (message) => {
      const data = message.plugindata?.data;
      // Janus let our subscription go, or the host's feed went (unpublished, left, a new host channel).
      if (message.janus === 'hangup' || data?.unpublished !== undefined || data?.leaving !== undefined) {
        this.lost();
      }
    };
    try {
      const joined = await this.join(channel);
      markOnce(JOIN_PHASES.signalling);
      if (this.done) return;
      if (!joined.jsep) throw new JanusError(500, 'no offer');
      const pc = new RTCPeerConnection({ iceServers: this.iceServers() });
      this.pc = pc;
      const stream = new MediaStream();
      pc.addEventListener('track', ({ track }) => {
        stream.addTrack(track);
        markOnce(JOIN_PHASES.stream);
        if (!this.done) this.callbacks.onStream(stream);
      });
      pc.addEventListener('connectionstatechange', () => {
        if (pc.connectionState === 'connected') markOnce(JOIN_PHASES.connected);
        if (pc.connectionState === 'failed' || pc.connectionState === 'disconnected') this.lost();
      });
      const trickle = trickleThrough(pc, channel);
      await pc.setRemoteDescription(joined.jsep);
      markOnce(JOIN_PHASES.call);
      await pc.setLocalDescription(await pc.createAnswer());
      const started = channel.request({ request: 'start' }, pc.localDescription ?? undefined);
      trickle.start();
      await started;
    } catch (error) {
      if (this.done) return;
      if (error instanceof SfuClosed) return this.closed(error);
      // Janus's refusal (the host has not published yet, or its feed just went): try again soon.
      if (error instanceof JanusError) return this.lost();
      this.fail('webrtc');
    }
  }

  /**
   * Joins as a subscriber of the host's feed. The host sets `live` before publishing, so a viewer
   * waiting on the screen may ask a moment before there is a feed: Janus refuses, and we ask again on
   * the same channel for a few seconds instead of showing a lost connection.
   */
  private async join(channel: SfuChannel) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await channel.request({ request: 'join', ptype: 'subscriber' });
      } catch (error) {
        if (!(error instanceof JanusError) || attempt >= JOIN_ATTEMPTS || this.done) throw error;
        await new Promise((resolve) => setTimeout(resolve, JOIN_RETRY_MS));
      }
    }
  }

  private closed(closed: SfuClosed): void {
    if (this.done) return;
    if (closed.reason === SFU_CLOSE_REASON.full) {
      this.destroy();
      this.callbacks.onFull();
    } else if (
      closed.code === 1000 ||
      closed.reason === SFU_CLOSE_REASON.notLive ||
      closed.reason === SFU_CLOSE_REASON.ended
    ) {
      // The stream ended or has not started: the screen follows `live` and joins again if it is on.
      this.lost();
    } else {
      this.fail(closeErrorType(closed));
    }
  }

  private fail(type: string): void {
    if (this.done) return;
    this.destroy();
    this.callbacks.onError(type);
  }

  private lost(): void {
    if (this.done) return;
    this.destroy();
    this.callbacks.onLost();
  }

  /** Leaving the screen (or the page being hidden for good): the server frees the place at once. */
  destroy(): void {
    this.done = true;
    this.channel?.close();
    this.channel = null;
    this.pc?.close();
    this.pc = null;
  }
}
