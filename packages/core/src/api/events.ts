// Events as the API answers them (apps/server/src/features/events). Routes:
//   GET    /api/events?cursor=          EventPage (members; 4, then 3)
//   GET    /api/events/:id              EventView (members)
//   POST   /api/events                  EventInput → 201 EventView (Admin, Publisher)
//   PUT    /api/events/:id              EventInput → EventView (Admin: any; Publisher: own)
//   DELETE /api/events/:id              204 (Admin: any; Publisher: own)
//   POST   /api/events/images           multipart `file` → 201 EventImageUpload (Admin, Publisher)
//   PUT    /api/events/:id/live         { live } → EventView (the host or an Admin)
//   POST   /api/events/:id/stream-requests   → StreamRequestResult (members; once per member)
import type { IceServer } from '../schemas/live.ts';
import type { Page } from './common.ts';

/** What GET /api/events answers for each event (SPEC §3 Event); the posts home's strip reads a subset. */
export interface EventView {
  id: string;
  name: string;
  description: string;
  /** File id; 'newuser' when the event has none. */
  thumbnail: string;
  /** Cover image id for share previews. */
  file: string | null;
  /** ISO timestamp. */
  time: string;
  location: string;
  /** The hosting member's id. */
  host: string;
  liveStream: boolean;
  live: boolean;
  /** When its stream last ended (ISO); null if it never ran. While not live, the event says it ended. */
  liveEndedAt: string | null;
  createdAt: string;
  /** Whether the asking member may edit and delete it (an Admin; the Publisher who created it). */
  canManage: boolean;
  /** Whether the asking member pressed `Request Streaming` on it. */
  requestedStreaming: boolean;
  /** How many members asked for a stream: for the host and staff (Admin, the managing Publisher); null for others. */
  streamRequests: number | null;
}

export type EventPage = Page<EventView>;

/** POST /api/events/images (201): the stored image; send its id as `thumbnail` or `file`. */
export interface EventImageUpload {
  id: string;
}

/** POST /api/events/:id/stream-requests: recorded once per member (repeating changes nothing). */
export interface StreamRequestResult {
  requestedStreaming: true;
  /** As in EventView: the count for the host and staff, null for others. */
  streamRequests: number | null;
}

/** The live part of GET /api/public-config. */
export interface LiveConfig {
  /** STUN/TURN servers (ICE_SERVERS); pass as peerjs `config.iceServers`, even when empty. */
  iceServers: IceServer[];
  /** Viewers one host serves (LIVE_MAX_VIEWERS); the next is told the stream is full. */
  liveMaxViewers: number;
}
