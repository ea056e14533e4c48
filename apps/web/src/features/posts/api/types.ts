// What the server answers about posts lives in @samaj/core (api/posts); this is the feed's own.

import type { EventView } from '@samaj/core';

// The event type is the events feature's; the strip only reads these fields.
export type EventBubble = Pick<EventView, 'id' | 'name' | 'thumbnail' | 'live' | 'liveStream'>;
