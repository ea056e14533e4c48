import type { PageData } from '../../../app/pageData';
import { currentUserQuery } from '../../../lib/session';
import { feedQuery } from '../api/posts';

/** The member's posts under their profile, for a member reading it. */
export const pageData: PageData = async ({ client, params: { id } }) => {
  if (id && (await client.ensureQueryData(currentUserQuery)))
    await client.prefetchInfiniteQuery(feedQuery(id));
};
