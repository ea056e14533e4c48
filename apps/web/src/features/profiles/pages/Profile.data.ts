import type { PageData } from '../../../app/pageData';
import { shareCardQuery } from '../../../lib/head';
import { currentUserQuery } from '../../../lib/session';
import { profileQuery } from '../api/useProfile';

/** The card every reader's head words; the profile itself for a member. `/profile` alone is a redirect. */
export const pageData: PageData = async ({ client, params: { id } }) => {
  if (!id) return;
  await Promise.all([
    client.prefetchQuery(shareCardQuery('profile', id)),
    client
      .ensureQueryData(currentUserQuery)
      .then((member) => member && client.prefetchQuery(profileQuery(id))),
  ]);
};
