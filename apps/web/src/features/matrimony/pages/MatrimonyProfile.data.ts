import type { PageData } from '../../../app/pageData';
import { currentUserQuery } from '../../../lib/session';
import { fullProfileQuery } from '../api/matrimony';

/** The listing, for a member (a visitor is asked to log in). */
export const pageData: PageData = async ({ client, params: { id = '' } }) => {
  if (await client.ensureQueryData(currentUserQuery)) await client.prefetchQuery(fullProfileQuery(id));
};
