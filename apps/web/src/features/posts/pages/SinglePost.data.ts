import type { PageData } from '../../../app/pageData';
import { shareCardQuery } from '../../../lib/head';
import { currentUserQuery } from '../../../lib/session';
import { postQuery } from '../api/posts';

/** The card every reader's head words; the post itself for a member. */
export const pageData: PageData = async ({ client, params: { id = '' } }) => {
  await Promise.all([
    client.prefetchQuery(shareCardQuery('post', id)),
    client.ensureQueryData(currentUserQuery).then((member) => member && client.prefetchQuery(postQuery(id))),
  ]);
};
