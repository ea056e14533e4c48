// The host's controls as state: Start (camera, peer, then live), END, camera, microphone and
// switching camera. Leaving the screen or the page ends the stream.
import type { PeerOptions } from 'peerjs';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CameraError, LiveHost } from './host';
import { PeerFailure } from './peer';
import { type ViewerCount, ViewerCountStore } from './viewerCount';

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
  options: PeerOptions | null;
  maxViewers: number;
  /** Sets the event's live flag on the server. */
  setLive(live: boolean): Promise<unknown>;
}

function errorType(error: unknown): string {
  if (error instanceof CameraError || error instanceof PeerFailure) return error.type;
  return 'liveFailed';
}

export function useHostStream({ eventId, options, maxViewers, setLive }: HostSetup): HostStream {
  const host = useRef<LiveHost | null>(null);
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
    const live = new LiveHost(eventId, options, maxViewers, {
      onViewers: viewers.set,
      onError: (type) => {
        if (host.current === live) setError(type);
      },
    });
    host.current = live;
    try {
      const media = await live.start();
      if (host.current !== live) return;
      setVideo(true);
      setAudio(true);
      setStream(media);
      await setLive(true);
      if (host.current === live) setPhase('live');
    } catch (failure) {
      if (host.current !== live) return;
      stop();
      setError(errorType(failure));
      setPhase('idle');
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

  // Leaving the screen, or the tab going away, destroys the peer (SPEC §4).
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
