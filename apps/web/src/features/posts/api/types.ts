// What the server answers about posts lives in @samaj/core (api/posts); this is the feed's own.

import type { EventView } from '@samaj/core';

// The event type is the events feature's; the strip only reads these fields.
export type EventBubble = Pick<EventView, 'id' | 'name' | 'thumbnail' | 'live' | 'liveStream'>;

export const previewUrl = (fileId: string, width: 490 | 300 | 100 | 80) =>
  `/api/files/${encodeURIComponent(fileId)}/preview?width=${width}`;
