// The host's side of a live stream in SFU mode (docs/product/live-video.md): the camera and microphone,
// published ONCE to the event's VideoRoom in Janus through the app's `/sfu?role=host` channel — one outgoing
// RTCPeerConnection however many watch. The viewer count comes from the server over /realtime
// (useHostStream); switching camera replaces the published track; END unpublishes and the server closes the
// room when `live` goes false.
import { acquireCamera, switchCamera } from './host';
import { closeErrorType, JanusError, SfuChannel, SfuClosed, trickleThrough } from './sfu';

export interface SfuHostCallbacks {
  /** An error type (events.json live.errors) once the stream had started. */
  onError(type: string): void;
}

export class SfuHost {
  private stream: MediaStream | null = null;
  private channel: SfuChannel | null = null;
  private pc: RTCPeerConnection | null = null;
  private ended = false;

  constructor(
    private readonly eventId: string,
    private readonly iceServers: () => RTCIceServer[],
    private readonly callbacks: SfuHostCallbacks,
  ) {}

  /** The camera; the server admits a host channel only once the event is live (afterLive). */
  async start(): Promise<MediaStream> {
    this.stream = await acquireCamera();
    return this.stream;
  }

  /** Joins the room as its publisher and publishes the camera; rejects with an error type. */
  async afterLive(): Promise<void> {
    const stream = this.stream;
    if (!stream || this.ended) throw new SfuClosed(1000, 'ended');
    const channel = new SfuChannel(this.eventId, 'host');
    this.channel = channel;
    channel.onClose = (closed) => this.fail(closeErrorType(closed));
    channel.onEvent = (message) => {
      // Janus dropped our PeerConnection (ICE failed, or it restarted the session).
      if (message.janus === 'hangup') this.fail('webrtc');
    };
    try {
      await channel.request({ request: 'join', ptype: 'publisher' });
      const pc = new RTCPeerConnection({ iceServers: this.iceServers() });
      this.pc = pc;
      for (const track of stream.getTracks())
        pc.addTransceiver(track, { direction: 'sendonly', streams: [stream] });
      pc.addEventListener('connectionstatechange', () => {
        if (pc.connectionState === 'failed') this.fail('webrtc');
      });
      const trickle = trickleThrough(pc, channel);
      await pc.setLocalDescription(await pc.createOffer());
      const answer = channel.request({ request: 'publish' }, pc.localDescription ?? undefined);
      trickle.start();
      const { jsep } = await answer;
      if (!jsep) throw new JanusError(500, 'no answer');
      await pc.setRemoteDescription(jsep);
    } catch (error) {
      throw new SfuStartError(
        error instanceof SfuClosed
          ? closeErrorType(error)
          : error instanceof JanusError
            ? 'server-error'
            : 'webrtc',
      );
    }
  }

  /** The number of outgoing connections: one, whatever the audience (for tests and devtools). */
  get connections(): number {
    return this.pc ? 1 : 0;
  }

  private fail(type: string): void {
    if (this.ended) return;
    this.callbacks.onError(type);
  }

  setVideoEnabled(on: boolean): void {
    for (const track of this.stream?.getVideoTracks() ?? []) track.enabled = on;
  }

  setAudioEnabled(on: boolean): void {
    for (const track of this.stream?.getAudioTracks() ?? []) track.enabled = on;
  }

  /** The next camera, on the one published connection (no renegotiation: same kind, same sender). */
  switchCamera(): Promise<boolean> {
    return switchCamera(this.stream, async (track) => {
      const sender = this.pc?.getSenders().find((s) => s.track?.kind === 'video');
      await sender?.replaceTrack(track);
    });
  }

  /** END, or leaving the screen: unpublish, close the channel and the connection, stop the camera. */
  end(): void {
    this.ended = true;
    const channel = this.channel;
    this.channel = null;
    if (channel) {
      // Unpublish first so viewers see the feed go at once; the channel closes either way.
      const closeSoon = setTimeout(() => channel.close(), 1000);
      channel
        .request({ request: 'unpublish' })
        .catch(() => {})
        .finally(() => {
          clearTimeout(closeSoon);
          channel.close();
        });
    }
    this.pc?.close();
    this.pc = null;
    for (const track of this.stream?.getTracks() ?? []) track.stop();
    this.stream = null;
  }
}

/** Publishing failed; `type` is the error shown (events.json live.errors). */
export class SfuStartError extends Error {
  override name = 'SfuStartError';
  constructor(readonly type: string) {
    super(type);
  }
}
