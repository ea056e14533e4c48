// Domain events worth telling open screens about, forwarded after commit: only ids and the new
// state, so a screen refetches through the API (and its permission checks) what it shows.
import { realtimeChannels } from '@samaj/core';
import type { EventBus } from '../events/index.ts';
import type { Realtime } from './index.ts';

export function forwardDomainEvents(events: EventBus, realtime: Realtime): void {
  // Staff decided on a post: its author's screens show the new status in place (the post's id on the
  // author's own channel, which only they may follow; others learn of it from the feed as usual).
  for (const decision of ['post.approved', 'post.rejected'] as const) {
    events.onCommit(decision, ({ postId, creator }) =>
      realtime.publish(realtimeChannels.member(creator.toLowerCase()), { id: postId }),
    );
  }
  // Viewers of a live event learn that it started or ended (host pressed Start/END, or went away).
  events.onCommit('event.live', ({ eventId }) =>
    realtime.publish(realtimeChannels.event(eventId.toLowerCase()), { id: eventId }),
  );
  // An edited or deleted event: its open screens refetch it.
  events.onCommit('event.changed', ({ eventId }) =>
    realtime.publish(realtimeChannels.event(eventId.toLowerCase()), { id: eventId }),
  );
}
