// Status vocabularies of SPEC §4 and how each one is shown.

export const POST_STATUSES = ['approved', 'requested', 'rejected', 'unlisted'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

export type StatusColor = 'warning' | 'error' | 'neutral';

/** How each status that needs a word is shown; any other status shows nothing (label and color null). */
function statusDisplay<D extends { label: string | null; color: StatusColor | null }>(
  shown: Record<string, D>,
) {
  return (status: string): D =>
    Object.hasOwn(shown, status) ? shown[status] : ({ label: null, color: null } as D);
}

export interface PostStatusDisplay {
  label: 'Under Review' | 'Not Approved' | 'Private' | null;
  color: StatusColor | null;
}

/** The banner shown instead of reactions, comments and share; approved posts have none. */
export const postStatusDisplay = statusDisplay<PostStatusDisplay>({
  requested: { label: 'Under Review', color: 'warning' },
  rejected: { label: 'Not Approved', color: 'error' },
  unlisted: { label: 'Private', color: 'neutral' },
});

/** Only approved posts get reactions, comments and share. */
export function postAllowsReactions(status: string): boolean {
  return status === PUBLIC_POST_STATUS;
}

/** A new post awaits review. */
export const NEW_POST_STATUS: PostStatus = 'requested';

/** The one status in which a post is public (feed, profile, reactions, its image's previews). */
export const PUBLIC_POST_STATUS: PostStatus = 'approved';

/** A Publisher's or an Admin's post skips review (SPEC §4). */
export function newPostStatus(labels: readonly string[]): PostStatus {
  return labels.includes('Publisher') || labels.includes('Admin') ? PUBLIC_POST_STATUS : NEW_POST_STATUS;
}

export const MATRIMONY_STATUSES = ['requested', 'active', 'banned', 'inactive'] as const;
export type MatrimonyStatus = (typeof MATRIMONY_STATUSES)[number];

export interface MatrimonyStatusDisplay {
  label: 'Profile Under Review' | 'Profile Banned' | 'Profile inactive' | null;
  color: StatusColor | null;
}

/** A status screen for requested, banned and inactive; null label means the dashboard. */
export const matrimonyStatusDisplay = statusDisplay<MatrimonyStatusDisplay>({
  requested: { label: 'Profile Under Review', color: 'warning' },
  banned: { label: 'Profile Banned', color: 'error' },
  inactive: { label: 'Profile inactive', color: 'neutral' },
});

/** A new matrimony profile waits for staff verification. */
export const NEW_MATRIMONY_STATUS: MatrimonyStatus = 'requested';

export const SUBMISSION_STATUSES = ['pending', 'applied', 'rejected'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export const PUBLISHER_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type PublisherRequestStatus = (typeof PUBLISHER_REQUEST_STATUSES)[number];

/** Anyone may see an approved post; other statuses only their author. */
export function isPostVisibleTo(
  post: { status: string; creator: string },
  viewer?: { id: string } | null,
): boolean {
  return post.status === PUBLIC_POST_STATUS || (!!viewer && viewer.id === post.creator);
}
