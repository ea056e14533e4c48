import { z } from 'zod';
import { typeError } from './common.ts';
import { MSG_INVALID_PEER_ID, MSG_INVALID_VALUE } from './messages.ts';

/** PeerJS refuses any other id; an event id used as the host's peer id must pass. */
export const PEER_ID_PATTERN = /^[A-Za-z0-9]+([ _-][A-Za-z0-9]+)*$/;

export const peerIdSchema = z.string({ error: typeError }).regex(PEER_ID_PATTERN, MSG_INVALID_PEER_ID);

/**
 * Peer ids on our signalling server (/peerjs). The host's peer id IS the event id
 * (docs/product/live-video.md, "Signalling rules"); only the event's host or an Admin may register it. A
 * viewer's id is `viewer-<16 hex>-<event id>`: it names the event watched (the server keeps viewers to their
 * event's host) and can never equal an event id, which is a uniqueId() without a prefix.
 */
export const VIEWER_PEER_PREFIX = 'viewer-';
const VIEWER_PEER_ID = /^viewer-([0-9a-f]{16})-([A-Za-z0-9]+(?:[_-][A-Za-z0-9]+)*)$/;

/** A fresh viewer id for watching `eventId` (a new one for every Peer, also after a reconnect). */
export function viewerPeerId(eventId: string): string {
  const bytes = new Uint8Array(8);
  globalThis.crypto.getRandomValues(bytes);
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${VIEWER_PEER_PREFIX}${hex}-${eventId}`;
}

/** What a peer id claims: to host `eventId` (the id itself) or to watch it; null if neither. */
export function parsePeerId(id: string): { role: 'host' | 'viewer'; eventId: string } | null {
  if (id.length > 128 || !PEER_ID_PATTERN.test(id)) return null;
  const viewer = VIEWER_PEER_ID.exec(id);
  if (viewer) return { role: 'viewer', eventId: viewer[2] };
  if (id.startsWith(VIEWER_PEER_PREFIX)) return null;
  return { role: 'host', eventId: id };
}

/**
 * One STUN/TURN server as RTCPeerConnection takes it (ICE_SERVERS is a JSON array of these).
 * Never the PeerJS cloud's: the web passes exactly these to peerjs as `config.iceServers`.
 */
export const iceServerSchema = z
  .object({
    urls: z.union([
      z.string().regex(/^(stun|stuns|turn|turns):\S+$/, MSG_INVALID_VALUE),
      z.array(z.string().regex(/^(stun|stuns|turn|turns):\S+$/, MSG_INVALID_VALUE)).min(1),
    ]),
    username: z.string().optional(),
    credential: z.string().optional(),
  })
  .strict();
export type IceServer = z.infer<typeof iceServerSchema>;
export const iceServersSchema = z.array(iceServerSchema);
