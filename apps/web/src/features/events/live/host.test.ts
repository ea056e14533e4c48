import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COUNT_SETTLE_MS, capVideoBitrate, LiveHost, VIDEO_BITRATE_PER_VIEWER } from './host';

const signalling = vi.hoisted(() => ({ peer: null as unknown }));
vi.mock('./peer', async (original) => ({
  ...(await original<typeof import('./peer')>()),
  openPeer: async () => signalling.peer,
}));

/** A call whose connection sends one audio and one video track, as the host's calls do. */
function call(encodings: RTCRtpEncodingParameters[]) {
  const parameters = { encodings } as RTCRtpSendParameters;
  const video = {
    track: { kind: 'video' },
    getParameters: () => parameters,
    setParameters: vi.fn(async () => undefined),
  };
  const audio = { track: { kind: 'audio' }, getParameters: vi.fn(), setParameters: vi.fn() };
  const peerConnection = { getSenders: () => [audio, video] } as unknown as RTCPeerConnection;
  return { call: { peerConnection }, video, audio };
}

describe('the host upload per viewer', () => {
  it('caps the video copy sent to each viewer, never the sound', async () => {
    const { call: c, video, audio } = call([{ active: true }]);
    await capVideoBitrate(c);
    expect(video.setParameters).toHaveBeenCalledWith({
      encodings: [{ active: true, maxBitrate: VIDEO_BITRATE_PER_VIEWER }],
    });
    expect(audio.setParameters).not.toHaveBeenCalled();
    // The full room stays within what a phone on mobile data uploads.
    expect((12 * VIDEO_BITRATE_PER_VIEWER) / 1e6).toBeLessThanOrEqual(8);
  });

  it('leaves a call alone before it has a video encoding, or when the browser refuses', async () => {
    const { call: early, video } = call([]);
    await capVideoBitrate(early);
    expect(video.setParameters).not.toHaveBeenCalled();

    const { call: refused, video: refusing } = call([{}]);
    refusing.setParameters.mockRejectedValueOnce(new Error('InvalidModificationError'));
    await expect(capVideoBitrate(refused)).resolves.toBeUndefined();
    await expect(capVideoBitrate({ peerConnection: undefined as never })).resolves.toBeUndefined();
  });
});

/** A viewer's data connection as the host sees it: what it was sent, and its events. */
class FakeConnection extends EventEmitter {
  open = false;
  readonly sent: unknown[] = [];
  constructor(
    readonly peer: string,
    readonly connectionId: string,
  ) {
    super();
  }
  send(message: unknown) {
    this.sent.push(message);
  }
  close() {
    this.open = false;
  }
  opened() {
    this.open = true;
    this.emit('open');
  }
}

class FakePeer extends EventEmitter {
  readonly calls: string[] = [];
  call(id: string) {
    this.calls.push(id);
    return Object.assign(new EventEmitter(), { close: () => undefined, peerConnection: undefined });
  }
  destroy() {}
}

describe('a crowd joining at once', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('calls every viewer at once, and tells each the count once it has settled, not once per join', async () => {
    vi.useFakeTimers();
    const peer = new FakePeer();
    signalling.peer = peer;
    const track = { kind: 'video', stop: vi.fn() };
    vi.stubGlobal('navigator', {
      mediaDevices: {
        getUserMedia: async () => ({ getTracks: () => [track], getVideoTracks: () => [track] }),
      },
    });
    const counts: number[] = [];
    const host = new LiveHost('ev1', {}, 12, { onViewers: (n) => counts.push(n), onError: vi.fn() });
    await host.start();

    const crowd = Array.from({ length: 8 }, (_, i) => new FakeConnection(`viewer-${i}-ev1`, `dc_${i}`));
    for (const viewer of crowd) peer.emit('connection', viewer);
    expect(peer.calls).toHaveLength(8);
    for (const viewer of crowd) {
      viewer.opened();
      await vi.advanceTimersByTimeAsync(COUNT_SETTLE_MS / 8);
    }
    await vi.advanceTimersByTimeAsync(COUNT_SETTLE_MS);
    // The host's own badge follows every join; each viewer hears the count at most twice, not 8 times.
    expect(counts.at(-1)).toBe(8);
    for (const viewer of crowd) {
      expect(viewer.sent.length).toBeLessThanOrEqual(2);
      expect(viewer.sent.at(-1)).toEqual({ type: 'viewers', count: 8 });
    }

    // One leaving: the others hear 7 once.
    crowd[0]?.emit('close');
    await vi.advanceTimersByTimeAsync(COUNT_SETTLE_MS);
    expect(crowd[1]?.sent.at(-1)).toEqual({ type: 'viewers', count: 7 });
    expect(counts.at(-1)).toBe(7);

    // END: nothing more is sent.
    crowd[1]?.emit('close');
    host.end();
    const before = crowd[2]?.sent.length;
    await vi.advanceTimersByTimeAsync(COUNT_SETTLE_MS * 2);
    expect(crowd[2]?.sent.length).toBe(before);
  });
});

describe('one viewer, one place', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('counts viewers by peer (one per member, as the server keeps it), not by connection', async () => {
    const peer = new FakePeer();
    signalling.peer = peer;
    const track = { kind: 'video', stop: vi.fn() };
    vi.stubGlobal('navigator', {
      mediaDevices: {
        getUserMedia: async () => ({ getTracks: () => [track], getVideoTracks: () => [track] }),
      },
    });
    const host = new LiveHost('ev1', {}, 2, { onViewers: vi.fn(), onError: vi.fn() });
    await host.start();

    // One viewer's socket sends offer after offer, each with a new connection id.
    const repeats = Array.from({ length: 20 }, (_, i) => new FakeConnection('viewer-aaaa-ev1', `dc_${i}`));
    for (const connection of repeats) peer.emit('connection', connection);
    expect(host.viewerCount).toBe(1);
    // The earlier connections of that viewer were let go; a late close of one does not drop the latest.
    expect(repeats.slice(0, -1).every((c) => !c.open)).toBe(true);
    repeats[0]?.emit('close');
    expect(host.viewerCount).toBe(1);

    // Another member still gets a place, and is called, not told the stream is full.
    const other = new FakeConnection('viewer-bbbb-ev1', 'dc_other');
    peer.emit('connection', other);
    expect(host.viewerCount).toBe(2);
    expect(peer.calls.at(-1)).toBe('viewer-bbbb-ev1');
    other.opened();
    expect(other.sent).not.toContainEqual({ type: 'full' });
    host.end();
  });
});
