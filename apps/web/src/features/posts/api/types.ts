// The shapes GET /api/posts and friends answer with (apps/server/src/features/posts/queries.ts).

export interface PostUser {
  id: string;
  name: string;
  dp: string;
  labels: string[];
}

export interface PostComment {
  id: string;
  post: string;
  creator: string;
  comment: string;
  type: 'comment';
  createdAt: string;
  user: PostUser;
}

export interface Post {
  id: string;
  creator: string;
  description: string;
  file: string | null;
  status: string;
  rejectionReason: string | null;
  createdAt: string;
  user: PostUser;
  liked: string | null;
  likeCount: number;
  commentCount: number;
  comments: PostComment[];
}

export interface PostPage {
  documents: Post[];
  nextCursor: string | null;
}

export interface EventBubble {
  id: string;
  name: string;
  thumbnail: string;
  live: boolean;
  liveStream: boolean;
}

export const previewUrl = (fileId: string, width: 490 | 300 | 100 | 80) =>
  `/api/files/${encodeURIComponent(fileId)}/preview?width=${width}`;
