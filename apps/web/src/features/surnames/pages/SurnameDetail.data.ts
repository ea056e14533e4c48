import type { PageData } from '../../../app/pageData';
import { shareCardQuery } from '../../../lib/head';
import { currentUserQuery } from '../../../lib/session';
import { mySubmissionsQuery } from '../api/submissions';
import { surnameQuery } from '../api/useSurname';

/** The surname and its card; a member's own submissions for it, once it is known to exist. */
export const pageData: PageData = async ({ client, params: { id = '' } }) => {
  const mine = async () => {
    const [member] = await Promise.all([
      client.ensureQueryData(currentUserQuery),
      client.ensureQueryData(surnameQuery(id)),
    ]);
    if (member) await client.prefetchQuery(mySubmissionsQuery(id));
  };
  await Promise.all([client.prefetchQuery(shareCardQuery('surname', id)), mine()]);
};
