// Who may do what with an event (docs/product/events.md, "Who may do what"): plain functions, used by every
// route and by the signalling server, unit-tested in policy.test.ts.

/** The little of a member these rules read. */
export interface Actor {
  id: string;
  labels: readonly string[];
}

/** The little of an event these rules read. */
export interface EventRef {
  host: string;
  createdBy: string | null;
}

export const isAdmin = (me: Actor) => me.labels.includes('Admin');

/** Edit and delete: an Admin any event, a Publisher only the events they created. */
export function mayManage(me: Actor, event: EventRef): boolean {
  if (isAdmin(me)) return true;
  return me.labels.includes('Publisher') && event.createdBy === me.id;
}

/** Start and END the stream (the live flag) and own the host peer id: the host or an Admin. */
export function mayBroadcast(me: Actor, event: EventRef): boolean {
  return event.host === me.id || isAdmin(me);
}

/** The Request Streaming count: the host and whoever manages the event. */
export function maySeeStreamRequests(me: Actor, event: EventRef): boolean {
  return event.host === me.id || mayManage(me, event);
}
