// Events as the API answers them (apps/server/src/features/events). Routes:
//   GET    /api/events?cursor=          EventPage (members; 4, then 3)
//   GET    /api/events/:id              EventView (members)
//   POST   /api/events                  EventInput → 201 EventView (Admin, Publisher)
//   PUT    /api/events/:id              EventInput → EventView (Admin: any; Publisher: own)
//   DELETE /api/events/:id              204 (Admin: any; Publisher: own)
//   POST   /api/events/images           multipart `file` → 201 EventImageUpload (Admin, Publisher)
//   PUT    /api/events/:id/live         { live } → EventView (the host or an Admin)
//   POST   /api/events/:id/stream-requests   → StreamRequestResult (members; once per member)
//   PUT    /api/events/:id/attendance   { attending } → AttendanceResult (members)
//   GET    /api/events/:id/calendar     text/calendar: the event's .ics (members)
//   GET    /api/events/:id/attendees    EventAttendees (anyone: the count, no names)
//   GET    /api/events/:id/replay       video/webm, Range requests (members; 404 when none)
//   DELETE /api/events/:id/replay       204 (Admin: any; Publisher: own)
//   GET    /api/live/ice-servers        LiveIceServers (members; TURN credentials of their own)
// Every EventView the routes answer is an EventDetails (docs/product/events.md, "Event details").
import type { EventCoordinates } from '../schemas/events.ts';
import type { IceServer } from '../schemas/live.ts';
import type { Page } from './common.ts';

/**
 * What GET /api/events answers for each event (docs/product/events.md, "An event"); the posts home's strip
 * reads a subset.
 */
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
  /** "Record for replay" was asked for (SFU mode records; peer-to-peer has no server copy). */
  recordReplay: boolean;
  /** The stream's recording, once made: "Watch again" plays GET /api/events/:id/replay. */
  replay: EventReplay | null;
}

/**
 * A recorded stream (docs/product/live-video.md, "Watch again"): WebM (VP8 + Opus), seekable through Range
 * requests.
 */
export interface EventReplay {
  /** Its length in seconds. */
  duration: number;
  /** Its size in bytes. */
  size: number;
}

export type EventPage = Page<EventView>;

/**
 * What members plan around (docs/product/events.md, "Event details"): where on the map, and who said they'll
 * attend.
 */
export interface EventDetails extends EventView {
  /** Its place on the community map; null when the event gives none. */
  coordinates: EventCoordinates | null;
  /** How many members said "I'll attend" (every member sees it; who they are is not shown). */
  attendees: number;
  /** Whether the asking member said so. */
  attending: boolean;
}

export type EventDetailsPage = Page<EventDetails>;

/** PUT /api/events/:id/attendance: the asking member's answer and the new count. */
export interface AttendanceResult {
  attending: boolean;
  attendees: number;
}

/** GET /api/events/:id/attendees: how many said "I'll attend", for anyone (a visitor's invitation link). */
export interface EventAttendees {
  attendees: number;
}

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

/**
 * GET /api/live/ice-servers: the ICE servers a signed-in member's live screen uses — ICE_SERVERS plus,
 * with TURN_URLS and TURN_SECRET set, a TURN entry with a username and credential of their own in
 * coturn's REST scheme. Pass `iceServers` as peerjs `config.iceServers`; ask again before `expiresAt`
 * (null: nothing expires, as without TURN settings).
 */
export interface LiveIceServers {
  iceServers: IceServer[];
  /** ISO timestamp when the TURN credential stops being accepted; null without one. */
  expiresAt: string | null;
}

/** The live part of GET /api/public-config. */
export interface LiveConfig {
  /** STUN/TURN servers (ICE_SERVERS); pass as peerjs `config.iceServers`, even when empty. */
  iceServers: IceServer[];
  /** Viewers one host serves (LIVE_MAX_VIEWERS); the next is told the stream is full. */
  liveMaxViewers: number;
  /**
   * 'sfu' with JANUS_URL: the live screen opens `/sfu?event=<id>&role=host|viewer` (Janus through the
   * app, docs/live-video.md) instead of PeerJS; 'peer' (or absent) otherwise.
   */
  liveMode?: 'peer' | 'sfu';
}
