// Domain events worth telling open screens about, forwarded after commit: only ids and the new
// state, so a screen refetches through the API (and its permission checks) what it shows.
import { realtimeChannels } from '@samaj/core';
import type { EventBus } from '../events/index.ts';
import type { Realtime } from './index.ts';

export function forwardDomainEvents(events: EventBus, realtime: Realtime): void {
  // The feed shows a newly approved post without a reload.
  events.onCommit('post.approved', ({ postId }) => realtime.publish('posts', { postId, status: 'approved' }));
  // Viewers of a live event learn that it started or ended (host pressed Start/END, or went away).
  events.onCommit('event.live', ({ eventId }) =>
    realtime.publish(realtimeChannels.event(eventId.toLowerCase()), { id: eventId }),
  );
  // An edited or deleted event: its open screens refetch it.
  events.onCommit('event.changed', ({ eventId }) =>
    realtime.publish(realtimeChannels.event(eventId.toLowerCase()), { id: eventId }),
  );
}
