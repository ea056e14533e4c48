import type { PageData } from '../../../app/pageData';
import { currentUserQuery } from '../../../lib/session';
import { eventsListQuery } from '../api/events';

/** The events' first page, for a member (a visitor is asked to log in). */
export const pageData: PageData = async ({ client }) => {
  if (await client.ensureQueryData(currentUserQuery)) await client.prefetchInfiniteQuery(eventsListQuery);
};
