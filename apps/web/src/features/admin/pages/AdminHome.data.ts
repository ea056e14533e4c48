import { hasLabel } from '@samaj/core';
import type { PageData } from '../../../app/pageData';
import { currentUserQuery } from '../../../lib/session';
import { summaryQuery } from '../api/summary';

/** What waits for staff, for an Admin (anyone else is told the console is not theirs). */
export const pageData: PageData = async ({ client }) => {
  const member = await client.ensureQueryData(currentUserQuery);
  if (hasLabel(member?.labels, 'Admin')) await client.prefetchQuery(summaryQuery);
};
