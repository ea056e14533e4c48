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
  createdAt: string;
}

export type EventPage = Page<EventView>;
