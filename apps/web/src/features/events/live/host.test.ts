import { describe, expect, it, vi } from 'vitest';
import { capVideoBitrate, VIDEO_BITRATE_PER_VIEWER } from './host';

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
