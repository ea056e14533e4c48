import type { PageData } from '../../../app/pageData';
import { shareCardQuery } from '../../../lib/head';
import { currentUserQuery } from '../../../lib/session';
import { eventAttendeesQuery, eventQuery } from '../api/events';

/** The card every reader's head words; the event for a member, how many will attend for a visitor. */
export const pageData: PageData = async ({ client, params: { id = '' } }) => {
  await Promise.all([
    client.prefetchQuery(shareCardQuery('event', id)),
    client
      .ensureQueryData(currentUserQuery)
      .then((member) =>
        member ? client.prefetchQuery(eventQuery(id)) : client.prefetchQuery(eventAttendeesQuery(id)),
      ),
  ]);
};
