import type { PageData } from '../../../app/pageData';
import { currentUserQuery } from '../../../lib/session';
import { myApplicationQuery } from '../api/publisherRequest';

/** A member's own application (a visitor is asked to log in). */
export const pageData: PageData = async ({ client }) => {
  const member = await client.ensureQueryData(currentUserQuery);
  if (member) await client.prefetchQuery(myApplicationQuery(member.id));
};
