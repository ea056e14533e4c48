import { DEFAULT_PICTURE_ID, type EventView } from '@samaj/core';
import type { event } from '../../db/schema/index.ts';
import { type Actor, mayManage, maySeeStreamRequests } from './policy.ts';

export type EventRow = typeof event.$inferSelect;

/** What the asking member learns of the Request Streaming rows of one event. */
export interface StreamRequests {
  count: number;
  mine: boolean;
}

export function eventView(row: EventRow, me: Actor, requests: StreamRequests | undefined): EventView {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    thumbnail: row.thumbnail ?? DEFAULT_PICTURE_ID,
    file: row.file,
    time: row.time.toISOString(),
    location: row.location,
    host: row.host,
    liveStream: row.liveStream,
    live: row.live,
    liveEndedAt: row.liveEndedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    canManage: mayManage(me, row),
    requestedStreaming: requests?.mine ?? false,
    streamRequests: maySeeStreamRequests(me, row) ? (requests?.count ?? 0) : null,
  };
}
