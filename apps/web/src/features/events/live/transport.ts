// How this server carries live video, as the live screen needs it: peer-to-peer through our PeerJS
// signalling, or SFU mode through Janus (public-config `liveMode`), and in both the ICE servers of
// GET /api/live/ice-servers — ICE_SERVERS plus, with TURN set up, a TURN user of the member's own
// that expires (docs/product/live-video.md, "TURN"). Asked again well before it expires, without reconnecting
// anyone: the transport is one object for the screen's life, and connections read the current servers when
// made.
import type { LiveIceServers } from '@samaj/core';
import { useQuery } from '@tanstack/react-query';
import type { PeerOptions } from 'peerjs';
import { useEffect, useMemo } from 'react';
import { api } from '../../../lib/api';
import { useHydrated } from '../../../lib/hydrated';
import { usePublicConfig } from '../../../lib/publicConfig';
import { peerOptions } from './peer';

export type LiveTransport =
  | { mode: 'peer'; peer: PeerOptions; iceServers(): RTCIceServer[] }
  | { mode: 'sfu'; iceServers(): RTCIceServer[] };

export const iceServersQueryKey = ['live', 'ice-servers'] as const;

/** A TURN credential is asked for again this long before it expires (it lasts six hours). */
const RENEW_BEFORE_MS = 30 * 60 * 1000;
/** Without TURN nothing expires; the operator's ICE_SERVERS change only with a restart. */
const STATIC_FOR_MS = 6 * 60 * 60 * 1000;

function freshFor(answer: LiveIceServers | undefined): number {
  if (!answer?.expiresAt) return STATIC_FOR_MS;
  return Math.max(60_000, Date.parse(answer.expiresAt) - Date.now() - RENEW_BEFORE_MS);
}

/** The member's ICE servers: asked for in the browser only (a credential of theirs, never in a page). */
export function useIceServers(enabled: boolean) {
  return useQuery({
    queryKey: iceServersQueryKey,
    queryFn: ({ signal }) => api<LiveIceServers>('/api/live/ice-servers', { signal }),
    enabled,
    staleTime: (query) => freshFor(query.state.data),
    refetchInterval: (query) => freshFor(query.state.data),
    refetchIntervalInBackground: true,
    retry: 3,
  });
}

/** The screen's transport once the page is the app's and the servers are known; null until then. */
export function useLiveTransport(): { options: LiveTransport | null; maxViewers: number } {
  const { data: config } = usePublicConfig();
  // The signalling address is this page's own (window.location): known once the page is the app's.
  const hydrated = useHydrated();
  const { data: ice } = useIceServers(hydrated && config !== undefined);
  const known = ice !== undefined;
  const mode = config?.liveMode === 'sfu' ? 'sfu' : 'peer';
  // One holder for the screen's life: a renewed credential lands in it, and the next connection
  // (a viewer joining, peerjs calling the next viewer) uses it.
  const holder = useMemo(() => ({ current: [] as RTCIceServer[] }), []);
  if (ice) holder.current = ice.iceServers as RTCIceServer[];
  const options = useMemo((): LiveTransport | null => {
    if (!hydrated || !known) return null;
    const iceServers = () => holder.current;
    if (mode === 'sfu') return { mode, iceServers };
    return { mode, peer: peerOptions(holder.current), iceServers };
  }, [hydrated, known, mode, holder]);
  useEffect(() => {
    // peerjs keeps this very `config` object (its options are a shallow copy) and reads it for every
    // call it makes: the renewed servers reach the next one.
    if (options?.mode === 'peer' && ice && options.peer.config) {
      options.peer.config.iceServers = ice.iceServers as RTCIceServer[];
    }
  }, [options, ice]);
  return { options, maxViewers: config?.liveMaxViewers ?? 0 };
}
