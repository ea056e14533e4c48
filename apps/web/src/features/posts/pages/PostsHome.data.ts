import type { PageData } from '../../../app/pageData';
import { currentUserQuery } from '../../../lib/session';
import { eventsStripQuery, feedQuery } from '../api/posts';

/** A member's posts home: the events strip and the feed's first page (MemberHome); a visitor's asks nothing. */
export const pageData: PageData = async ({ client }) => {
  const member = await client.ensureQueryData(currentUserQuery).catch(() => null);
  if (!member) return;
  await Promise.all([client.prefetchQuery(eventsStripQuery), client.prefetchInfiniteQuery(feedQuery(null))]);
};
