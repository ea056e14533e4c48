// The host's side of a live stream (docs/product/live-video.md, "Going live and ending"): the camera and
// microphone, a peer whose id is the event id, one media call per viewer, and the viewer count pushed to all.
import type Peer from 'peerjs';
import type { DataConnection, MediaConnection, PeerOptions } from 'peerjs';
import type { HostMessage } from './messages';
import { openPeer, PeerFailure } from './peer';

export interface HostCallbacks {
  onViewers(count: number): void;
  /** A peer error type (docs/product/errors.md, "Live video errors") after the stream started. */
  onError(type: string): void;
}

interface Viewer {
  connection: DataConnection;
  call: MediaConnection;
}

/** Thrown when no camera or microphone could be had; `type` is the browser's error name. */
export class CameraError extends Error {
  override name = 'CameraError';
  constructor(readonly type: string) {
    super(type);
  }
}

async function videoInputs(): Promise<MediaDeviceInfo[]> {
  const devices = await navigator.mediaDevices.enumerateDevices();
  return devices.filter((d) => d.kind === 'videoinput');
}

/** The rear camera with audio by default; when that fails, each other camera in turn. */
export async function acquireCamera(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw new CameraError('NotSupportedError');
  try {
    return await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: true });
  } catch (first) {
    const name = first instanceof DOMException ? first.name : 'NotReadableError';
    // Refused by the member: asking again camera by camera would only repeat the refusal.
    if (name === 'NotAllowedError' || name === 'SecurityError') throw new CameraError(name);
    for (const device of await videoInputs().catch(() => [])) {
      try {
        return await navigator.mediaDevices.getUserMedia({
          video: { deviceId: { exact: device.deviceId } },
          audio: true,
        });
      } catch {
        // The next camera, then.
      }
    }
    throw new CameraError(name);
  }
}

/**
 * The next camera in `stream`: `replace` puts its track on whatever sends the video (every call, or
 * the one published stream), then the stream shows it. False when there is only one camera.
 */
export async function switchCamera(
  stream: MediaStream | null,
  replace: (track: MediaStreamTrack) => Promise<unknown>,
): Promise<boolean> {
  const current = stream?.getVideoTracks()[0];
  if (!stream || !current) return false;
  const cameras = await videoInputs();
  if (cameras.length < 2) return false;
  const currentId = current.getSettings().deviceId;
  const index = cameras.findIndex((c) => c.deviceId === currentId);
  const next = cameras[(index + 1) % cameras.length] as MediaDeviceInfo;
  const fresh = await navigator.mediaDevices.getUserMedia({
    video: { deviceId: { exact: next.deviceId } },
  });
  const track = fresh.getVideoTracks()[0];
  if (!track) return false;
  track.enabled = current.enabled;
  await replace(track);
  stream.removeTrack(current);
  current.stop();
  stream.addTrack(track);
  return true;
}

/** A viewer still not connected after this is let go. */
const JOIN_TIMEOUT_MS = 20_000;

/**
 * What one copy of the video may take of the host's upload. The phone sends a copy per viewer: left
 * alone, each would climb towards 2 Mbit/s, and 12 of them are more than mobile data carries. At
 * 600 kbit/s a 640×480 picture stays clear and the full room (LIVE_MAX_VIEWERS, 12) needs ~7 Mbit/s.
 */
export const VIDEO_BITRATE_PER_VIEWER = 600_000;

/** Caps the video sender of one call; a browser that cannot set it just keeps its own rate. */
export async function capVideoBitrate(call: Pick<MediaConnection, 'peerConnection'>): Promise<void> {
  const sender = call.peerConnection?.getSenders().find((s) => s.track?.kind === 'video');
  if (!sender) return;
  const parameters = sender.getParameters();
  if (!parameters.encodings?.length) return;
  for (const encoding of parameters.encodings) encoding.maxBitrate = VIDEO_BITRATE_PER_VIEWER;
  await sender.setParameters(parameters).catch(() => undefined);
}

/**
 * Joins and leaves within this window reach the viewers as one count: a crowd joining together
 * would otherwise send every viewer a message (and a redraw) per join, while their calls connect.
 */
export const COUNT_SETTLE_MS = 200;

export class LiveHost {
  private peer: Peer | null = null;
  private stream: MediaStream | null = null;
  /**
   * By the viewer's peer id, not the connection id: the server keeps one viewer socket (so one peer
   * id) per member and event and tells us when it goes (LEAVE), so this counts members; a socket
   * offering again and again under new connection ids still holds one place.
   */
  private readonly viewers = new Map<string, Viewer>();
  private countTimer: ReturnType<typeof setTimeout> | null = null;
  private ended = false;

  constructor(
    private readonly eventId: string,
    private readonly options: PeerOptions,
    private readonly maxViewers: number,
    private readonly callbacks: HostCallbacks,
  ) {}

  /** Camera first, then the peer under the event id; the caller sets `live` once this resolves. */
  async start(): Promise<MediaStream> {
    const stream = await acquireCamera();
    this.stream = stream;
    try {
      const peer = await openPeer(this.eventId, this.options);
      if (this.ended) {
        peer.destroy();
        throw new PeerFailure('disconnected');
      }
      this.peer = peer;
      peer.on('connection', (connection) => this.accept(connection));
      peer.on('error', (error) => {
        // A viewer who left before we called them is not the host's problem.
        if (error.type !== 'peer-unavailable') this.callbacks.onError(error.type);
      });
      peer.on('disconnected', () => {
        if (!this.ended) this.callbacks.onError('disconnected');
      });
      return stream;
    } catch (error) {
      this.stopTracks();
      throw error;
    }
  }

  get viewerCount(): number {
    return this.viewers.size;
  }

  /**
   * A viewer greeting us: call them at once, while their data connection is still opening, so the
   * two handshakes overlap and the first frame arrives sooner. Past the cap they are told the
   * stream is full instead. A viewer counts from here, so a crowd joining at once cannot overshoot.
   */
  private accept(connection: DataConnection): void {
    if (!this.stream || !this.peer || this.ended) {
      connection.close();
      return;
    }
    // The same viewer greeting again (its earlier connection failed, or a script): the new
    // connection takes the earlier one's place.
    const earlier = this.viewers.get(connection.peer);
    if (earlier) {
      this.viewers.delete(connection.peer);
      earlier.call.close();
      earlier.connection.close();
    }
    if (this.viewers.size >= this.maxViewers) {
      connection.on('open', () => {
        this.send(connection, { type: 'full' });
        // Long enough for the message to leave before the channel goes.
        setTimeout(() => connection.close(), 1000);
      });
      return;
    }
    const call = this.peer.call(connection.peer, this.stream);
    this.viewers.set(connection.peer, { connection, call });
    // A viewer whose tab died is not noticed by signalling for a minute: ICE says so sooner.
    call.on('iceStateChanged', (state) => {
      if (state === 'connected') void capVideoBitrate(call);
      if (state === 'disconnected' || state === 'failed' || state === 'closed') this.drop(connection);
    });
    call.on('close', () => this.drop(connection));
    // One that never finishes joining does not hold a place.
    const abandoned = setTimeout(() => {
      if (!connection.open) this.drop(connection);
    }, JOIN_TIMEOUT_MS);
    connection.on('open', () => {
      clearTimeout(abandoned);
      this.broadcast();
    });
    connection.on('close', () => this.drop(connection));
    connection.on('error', () => this.drop(connection));
    this.callbacks.onViewers(this.viewers.size);
  }

  private drop(connection: DataConnection): void {
    const viewer = this.viewers.get(connection.peer);
    // A replaced connection closing late must not drop its viewer's current one.
    if (viewer?.connection !== connection) return;
    this.viewers.delete(connection.peer);
    viewer.call.close();
    connection.close();
    this.broadcast();
  }

  private send(connection: DataConnection, message: HostMessage): void {
    try {
      void connection.send(message);
    } catch {
      // Closed meanwhile: its close handler drops it.
    }
  }

  /** The host's own badge at once; the viewers once the count has settled (COUNT_SETTLE_MS). */
  private broadcast(): void {
    this.callbacks.onViewers(this.viewers.size);
    if (this.countTimer || this.ended) return;
    this.countTimer = setTimeout(() => {
      this.countTimer = null;
      const count = this.viewers.size;
      for (const { connection } of this.viewers.values()) {
        if (connection.open) this.send(connection, { type: 'viewers', count });
      }
    }, COUNT_SETTLE_MS);
  }

  setVideoEnabled(on: boolean): void {
    for (const track of this.stream?.getVideoTracks() ?? []) track.enabled = on;
  }

  setAudioEnabled(on: boolean): void {
    for (const track of this.stream?.getAudioTracks() ?? []) track.enabled = on;
  }

  /** The next camera, replacing the video track on every open call. False when there is only one. */
  async switchCamera(): Promise<boolean> {
    return switchCamera(this.stream, (track) =>
      Promise.all(
        [...this.viewers.values()].map(async ({ call }) => {
          const sender = call.peerConnection?.getSenders().find((s) => s.track?.kind === 'video');
          await sender?.replaceTrack(track);
        }),
      ),
    );
  }

  /** Nothing more once live: viewers call in through signalling (SfuHost publishes at this point). */
  async afterLive(): Promise<void> {}

  private stopTracks(): void {
    for (const track of this.stream?.getTracks() ?? []) track.stop();
    this.stream = null;
  }

  /** END, or leaving the screen: tracks stopped, every call closed, the peer destroyed. */
  end(): void {
    this.ended = true;
    if (this.countTimer) clearTimeout(this.countTimer);
    this.countTimer = null;
    this.viewers.clear();
    this.stopTracks();
    this.peer?.destroy();
    this.peer = null;
  }
}
