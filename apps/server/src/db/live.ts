import { sql } from 'drizzle-orm';
import { event } from './schema/index.ts';

/**
 * An event's `live` as every reader sees it: set, and its lease (if any) not lapsed — even before a
 * sweep clears the flag (docs/product/live-video.md, "The live flag"). Here, not in the events feature,
 * because the push that says "event is live" must read the same rule when it is sent.
 */
export const eventLiveNow = sql<boolean>`(${event.live} and (${event.liveUntil} is null or ${event.liveUntil} > now()))`;
