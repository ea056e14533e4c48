import type { PageData } from '../../../app/pageData';
import { currentUserQuery } from '../../../lib/session';
import { notificationSettingsQuery } from '../api/settings';

/** The member's settings (a visitor is asked to log in). */
export const pageData: PageData = async ({ client }) => {
  if (await client.ensureQueryData(currentUserQuery)) await client.prefetchQuery(notificationSettingsQuery);
};
