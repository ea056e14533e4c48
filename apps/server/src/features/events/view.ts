import { DEFAULT_PICTURE_ID, type EventDetails } from '@samaj/core';
import type { event } from '../../db/schema/index.ts';
import { type Actor, mayManage, maySeeStreamRequests } from './policy.ts';

export type EventRow = typeof event.$inferSelect;

/** What the asking member learns of the Request Streaming rows of one event. */
export interface StreamRequests {
  count: number;
  mine: boolean;
}

/** The "I'll attend" rows of one event as every member sees them: the count, and their own. */
export interface Attendance {
  count: number;
  mine: boolean;
}

export function eventView(
  row: EventRow,
  me: Actor,
  requests: StreamRequests | undefined,
  attendance: Attendance | undefined,
): EventDetails {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    thumbnail: row.thumbnail ?? DEFAULT_PICTURE_ID,
    file: row.file,
    time: row.time.toISOString(),
    location: row.location,
    coordinates:
      row.latitude !== null && row.longitude !== null
        ? { latitude: row.latitude, longitude: row.longitude }
        : null,
    host: row.host,
    liveStream: row.liveStream,
    live: row.live,
    liveEndedAt: row.liveEndedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    canManage: mayManage(me, row),
    requestedStreaming: requests?.mine ?? false,
    streamRequests: maySeeStreamRequests(me, row) ? (requests?.count ?? 0) : null,
    attendees: attendance?.count ?? 0,
    attending: attendance?.mine ?? false,
    recordReplay: row.recordReplay,
    replay: row.replayKey !== null ? { duration: row.replaySeconds ?? 0, size: row.replayBytes ?? 0 } : null,
  };
}
