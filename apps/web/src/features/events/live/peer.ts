import { PEER_KEY, PEER_PATH, PEER_REFUSED_WATCHING } from '@samaj/core';
import Peer, { type PeerOptions } from 'peerjs';

/**
 * Our own signalling server and ICE servers, every field given: the peerjs client quietly falls back
 * to the public PeerJS cloud and its TURN relays for any that is missing.
 */
export function peerOptions(iceServers: RTCIceServer[], location: Location = window.location): PeerOptions {
  const secure = location.protocol === 'https:';
  return {
    host: location.hostname,
    port: location.port ? Number(location.port) : secure ? 443 : 80,
    path: PEER_PATH,
    key: PEER_KEY,
    secure,
    config: { iceServers },
    debug: 0,
  };
}

/** The error type a member is shown: the server's refusal of a second viewer tab has a type of its own. */
export function peerErrorType(error: { type: string; message?: string }): string {
  return error.type === 'server-error' && error.message === PEER_REFUSED_WATCHING
    ? 'already-watching'
    : error.type;
}

/** Resolves once the signalling server accepted the peer under `id`; rejects with its error type. */
export function openPeer(id: string, options: PeerOptions): Promise<Peer> {
  return new Promise((resolve, reject) => {
    const peer = new Peer(id, options);
    const failed = (error: { type: string; message?: string }) => {
      peer.destroy();
      reject(new PeerFailure(peerErrorType(error)));
    };
    peer.once('error', failed);
    peer.once('open', () => {
      peer.off('error', failed);
      resolve(peer);
    });
  });
}

export class PeerFailure extends Error {
  override name = 'PeerFailure';
  constructor(readonly type: string) {
    super(type);
  }
}
