// A viewer's stream as state. While the event is live it connects, and after a drop or a peer
// error it tries again by itself (a viewer reconnects while the event is live:
// docs/product/live-video.md, "Watching"); when live goes false after having been on, the screen shows the
// ended state. In SFU mode the same states come from a subscription in Janus (SfuViewer), and the viewer
// count from the server over /realtime.
import { realtimeChannels } from '@samaj/core';
import type Peer from 'peerjs';
import { useCallback, useEffect, useRef, useState } from 'react';
import { realtime } from '../../../lib/realtime';
import { SfuViewer } from './sfuViewer';
import type { LiveTransport } from './transport';
import { LiveViewer, warmPeer } from './viewer';
import { type ViewerCount, ViewerCountStore } from './viewerCount';

export type ViewerPhase = 'waiting' | 'connecting' | 'playing' | 'reconnecting' | 'full' | 'ended';

export interface ViewerStream {
  phase: ViewerPhase;
  /** A peer error type shown with a retry; null when all is well. */
  error: string | null;
  stream: MediaStream | null;
  /** Read with useViewerCount, so that a join redraws only the badge. */
  viewers: ViewerCount;
  retry(): void;
}

/** After a drop: soon, the host is probably still there. */
export const RECONNECT_AFTER_DROP_MS = 2000;
/** After a refusal or an error: a little later, the host may still be coming back. */
export const RETRY_AFTER_ERROR_MS = 5000;
/** Errors that trying again will not mend. */
const FINAL_ERRORS = new Set(['browser-incompatible', 'invalid-id', 'invalid-key', 'ssl-unavailable']);

export function useViewerStream(hostId: string, live: boolean, options: LiveTransport | null): ViewerStream {
  const [attempt, setAttempt] = useState(0);
  const [phase, setPhase] = useState<ViewerPhase>(live ? 'connecting' : 'waiting');
  const [error, setError] = useState<string | null>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [viewers] = useState(() => new ViewerCountStore());
  const sawLive = useRef(live);
  // Signalling opened while waiting for the host; the next connection takes it over.
  const warm = useRef<Promise<Peer | null> | null>(null);

  // Waiting for a host who has not started yet: be ready to join the moment they do.
  useEffect(() => {
    if (live || sawLive.current || options?.mode !== 'peer') return;
    const ready = warmPeer(hostId, options.peer);
    warm.current = ready;
    return () => {
      // Going live runs this cleanup just before the stream's effect takes the peer over, in the
      // same commit; only a peer nobody took (leaving the screen) is let go.
      setTimeout(() => {
        if (warm.current !== ready) return;
        warm.current = null;
        void ready.then((peer) => peer?.destroy());
      }, 0);
    };
  }, [hostId, live, options]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt is a new connection
  useEffect(() => {
    if (!live) {
      setStream(null);
      setError(null);
      setPhase(sawLive.current ? 'ended' : 'waiting');
      return;
    }
    if (!options) return;
    sawLive.current = true;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const again = (ms: number) => {
      timer = setTimeout(() => setAttempt((n) => n + 1), ms);
    };
    setPhase((p) => (p === 'reconnecting' ? p : 'connecting'));
    const ready = warm.current;
    warm.current = null;
    const callbacks = {
      onStream: (media: MediaStream) => {
        setStream((current) => (current === media ? current : media));
        setError(null);
        setPhase('playing');
      },
      onViewers: viewers.set,
      onFull: () => {
        setStream(null);
        setPhase('full');
        viewer.destroy();
      },
      onLost: () => {
        setStream(null);
        setPhase('reconnecting');
        again(RECONNECT_AFTER_DROP_MS);
      },
      onError: (type: string) => {
        setStream(null);
        setError(type);
        setPhase('reconnecting');
        if (!FINAL_ERRORS.has(type)) again(RETRY_AFTER_ERROR_MS);
      },
    };
    const viewer =
      options.mode === 'sfu'
        ? new SfuViewer(hostId, options.iceServers, callbacks)
        : new LiveViewer(hostId, options.peer, callbacks, ready);
    void viewer.connect();
    const leave = () => viewer.destroy();
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      if (timer) clearTimeout(timer);
      viewer.destroy();
    };
  }, [hostId, live, options, attempt, viewers]);

  // SFU mode: the server's count, to everyone on the event's channel.
  const counted = options?.mode === 'sfu' && live;
  useEffect(() => {
    if (!counted) return;
    return realtime.watchViewers(realtimeChannels.event(hostId), viewers.set);
  }, [counted, hostId, viewers]);

  const retry = useCallback(() => {
    setError(null);
    setPhase('connecting');
    setAttempt((n) => n + 1);
  }, []);

  return { phase, error, stream, viewers, retry };
}
