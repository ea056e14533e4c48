// What GET /api/posts and friends answer with (apps/server/src/features/posts/queries.ts).
import type { Page, UserSummary } from './common.ts';

export interface CommentView {
  id: string;
  post: string;
  creator: string;
  comment: string;
  type: 'comment';
  createdAt: string;
  user: UserSummary;
}

export interface PostView {
  id: string;
  creator: string;
  description: string;
  /** Image file id (preview: /api/files/:id/preview). */
  file: string | null;
  /** The image's stored size in pixels (its previews keep its proportions); null without one. */
  fileWidth: number | null;
  fileHeight: number | null;
  status: string;
  rejectionReason: string | null;
  createdAt: string;
  user: UserSummary;
  /** Id of the viewer's like, or null. */
  liked: string | null;
  likeCount: number;
  commentCount: number;
  /** Oldest first: the last FEED_COMMENTS in a feed, all of them on the single post. */
  comments: CommentView[];
}

export type PostPage = Page<PostView>;
