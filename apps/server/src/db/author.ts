// The one way a member is shown beside what they wrote (core's UserSummary): from the `user` row
// joined to a post, comment, application or queue item. A member whose account is gone still
// gets a summary (empty name: the web app shows 'Unknown User').
import { DEFAULT_PICTURE_ID, type UserSummary } from '@samaj/core';
import { user } from './schema/index.ts';

/** The columns a query selects (left-joined on `user`) to build an author summary. */
export const authorColumns = { authorName: user.name, authorDp: user.dp, authorLabels: user.labels };

export interface AuthorFields {
  authorName: string | null;
  authorDp: string | null;
  authorLabels: string[] | null;
}

export function authorSummary(id: string, fields: Partial<AuthorFields> | null | undefined): UserSummary {
  return {
    id,
    name: fields?.authorName ?? '',
    dp: fields?.authorDp || DEFAULT_PICTURE_ID,
    labels: fields?.authorLabels ?? [],
  };
}
