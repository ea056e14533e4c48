import type { PageData } from '../../../app/pageData';
import { currentUserQuery } from '../../../lib/session';
import { surnameOptionsQuery } from '../api/useSurnameOptions';

/** The surnames to choose from, for a visitor (a member is sent on). */
export const pageData: PageData = async ({ client }) => {
  if (await client.ensureQueryData(currentUserQuery)) return;
  await client.prefetchQuery(surnameOptionsQuery);
};
