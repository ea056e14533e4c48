// Status vocabularies and how each one is shown (docs/product/feed.md, "Post status";
// docs/product/matrimony.md, "Profile status").

export const POST_STATUSES = ['approved', 'requested', 'rejected', 'unlisted'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

export type StatusColor = 'warning' | 'error' | 'neutral';

/**
 * How a status colour is drawn, shared by every screen that shows one: its text (title, icon) on its
 * tinted background, and on white, is at least 4.5:1 (WCAG AA; status.test checks each). Mantine's
 * yellow light variant (#e67700 on #fff3bf, 2.7:1) was axe's one serious finding on member pages.
 */
export const STATUS_PALETTE: Record<StatusColor, { text: string; background: string; border: string }> = {
  warning: { text: '#8f4a00', background: '#fff3bf', border: '#fcc419' },
  error: { text: '#b02525', background: '#ffe3e3', border: '#ff8787' },
  neutral: { text: '#495057', background: '#f1f3f5', border: '#ced4da' },
};

/** What a status is shown as: its words and colour, or nulls for a status that needs none. */
export interface StatusShown<Label extends string> {
  label: Label | null;
  color: StatusColor | null;
}

/** Looks a status up in `shown`; any status not in it shows nothing. */
function statusDisplay<const T extends Record<string, { label: string; color: StatusColor }>>(shown: T) {
  type Label = T[keyof T]['label'];
  return (status: string): StatusShown<Label> =>
    Object.hasOwn(shown, status) ? (shown[status] as StatusShown<Label>) : { label: null, color: null };
}

/** The banner shown instead of reactions, comments and share; approved posts have none. */
export const postStatusDisplay = statusDisplay({
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

/** A Publisher's or an Admin's post skips review (docs/product/feed.md, "Post status"). */
export function newPostStatus(labels: readonly string[]): PostStatus {
  return labels.includes('Publisher') || labels.includes('Admin') ? PUBLIC_POST_STATUS : NEW_POST_STATUS;
}

export const MATRIMONY_STATUSES = ['requested', 'active', 'banned', 'inactive'] as const;
export type MatrimonyStatus = (typeof MATRIMONY_STATUSES)[number];

/** A status screen for requested, banned and inactive; null label means the dashboard. */
export const matrimonyStatusDisplay = statusDisplay({
  requested: { label: 'Profile Under Review', color: 'warning' },
  banned: { label: 'Profile Banned', color: 'error' },
  inactive: { label: 'Profile inactive', color: 'neutral' },
});

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
