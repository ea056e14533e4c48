// The host's controls as state: Start (camera, peer, then live; in SFU mode camera, live, then
// publishing to Janus), END, camera, microphone and switching camera. Leaving the screen or the page
// ends the stream. The viewer count comes from the host's own peer, or in SFU mode from the server.
import { realtimeChannels } from '@samaj/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { realtime } from '../../../lib/realtime';
import { CameraError, LiveHost } from './host';
import { PeerFailure } from './peer';
import { SfuHost, SfuStartError } from './sfuHost';
import type { LiveTransport } from './transport';
import { type ViewerCount, ViewerCountStore } from './viewerCount';

/** What the hook drives in either mode. */
type Broadcaster = Pick<
  LiveHost,
  'start' | 'afterLive' | 'end' | 'setVideoEnabled' | 'setAudioEnabled' | 'switchCamera'
>;

export type HostPhase = 'idle' | 'starting' | 'live' | 'ended';

export interface HostStream {
  phase: HostPhase;
  /** A peer error type, a camera error name, or 'liveFailed'; null when all is well. */
  error: string | null;
  stream: MediaStream | null;
  /** Read with useViewerCount, so that a join redraws only the badge. */
  viewers: ViewerCount;
  video: boolean;
  audio: boolean;
  start(): Promise<void>;
  end(): Promise<void>;
  toggleVideo(): void;
  toggleAudio(): void;
  switchCamera(): Promise<void>;
}

export interface HostSetup {
  eventId: string;
  options: LiveTransport | null;
  maxViewers: number;
  /** Sets the event's live flag on the server. */
  setLive(live: boolean): Promise<unknown>;
}

function errorType(error: unknown): string {
  if (error instanceof CameraError || error instanceof PeerFailure || error instanceof SfuStartError) {
    return error.type;
  }
  return 'liveFailed';
}

export function useHostStream({ eventId, options, maxViewers, setLive }: HostSetup): HostStream {
  const host = useRef<Broadcaster | null>(null);
  const [phase, setPhase] = useState<HostPhase>('idle');
  const [error, setError] = useState<string | null>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [viewers] = useState(() => new ViewerCountStore());
  const [video, setVideo] = useState(true);
  const [audio, setAudio] = useState(true);

  const stop = useCallback(() => {
    host.current?.end();
    host.current = null;
    setStream(null);
    viewers.set(0);
  }, [viewers]);

  const start = useCallback(async () => {
    if (!options || host.current) return;
    setError(null);
    setPhase('starting');
    const onError = (type: string) => {
      if (host.current === live) setError(type);
    };
    const live: Broadcaster =
      options.mode === 'sfu'
        ? new SfuHost(eventId, options.iceServers, { onError })
        : new LiveHost(eventId, options.peer, maxViewers, { onViewers: viewers.set, onError });
    host.current = live;
    let wentLive = false;
    try {
      const media = await live.start();
      if (host.current !== live) return;
      setVideo(true);
      setAudio(true);
      setStream(media);
      await setLive(true);
      wentLive = true;
      if (host.current !== live) return;
      await live.afterLive();
      if (host.current === live) setPhase('live');
    } catch (failure) {
      if (host.current !== live) return;
      stop();
      setError(errorType(failure));
      setPhase('idle');
      // Live, but nothing reached the viewers: say so at once rather than when the lease lapses.
      if (wentLive) await setLive(false).catch(() => undefined);
    }
  }, [eventId, options, maxViewers, setLive, stop, viewers]);

  const end = useCallback(async () => {
    stop();
    setPhase('ended');
    setError(null);
    try {
      await setLive(false);
    } catch {
      // The server clears live itself once the host's peer is gone.
    }
  }, [setLive, stop]);

  // SFU mode: the server counts the viewers of its room and tells everyone on the event's channel.
  const counted = options?.mode === 'sfu' && phase === 'live';
  useEffect(() => {
    if (!counted) return;
    return realtime.watchViewers(realtimeChannels.event(eventId), viewers.set);
  }, [counted, eventId, viewers]);

  // Leaving the screen, or the tab going away, destroys the peer
  // (docs/product/live-video.md, "Going live and ending").
  useEffect(() => {
    window.addEventListener('pagehide', stop);
    return () => {
      window.removeEventListener('pagehide', stop);
      stop();
    };
  }, [stop]);

  return {
    phase,
    error,
    stream,
    viewers,
    video,
    audio,
    start,
    end,
    toggleVideo: () => {
      host.current?.setVideoEnabled(!video);
      setVideo(!video);
    },
    toggleAudio: () => {
      host.current?.setAudioEnabled(!audio);
      setAudio(!audio);
    },
    switchCamera: async () => {
      try {
        await host.current?.switchCamera();
      } catch (failure) {
        setError(failure instanceof DOMException ? failure.name : 'NotReadableError');
      }
    },
  };
}
