// Domain events worth telling open screens about, forwarded after commit: only ids and the new
// state, so a screen refetches through the API (and its permission checks) what it shows.
import type { EventBus } from '../events/index.ts';
import type { Realtime } from './index.ts';

export function forwardDomainEvents(events: EventBus, realtime: Realtime): void {
  // The feed shows a newly approved post without a reload.
  events.onCommit('post.approved', ({ postId }) => realtime.publish('posts', { postId, status: 'approved' }));
}
