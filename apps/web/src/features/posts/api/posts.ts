// Fetchers and TanStack Query hooks of the feed.

import type { CommentView, PostPage, PostView } from '@samaj/core';
import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, errorFromResponse, networkError } from '../../../lib/api';
import { postsKeys, updatePost } from './cache';
import type { EventBubble } from './types';

export function feedUrl(userId: string | null, cursor: string | null): string {
  const params = new URLSearchParams();
  if (userId) params.set('userId', userId);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return `/api/posts${query ? `?${query}` : ''}`;
}

/** The feed (userId null) or one member's posts, a page of 3 at a time: what `useFeed` asks. */
export function feedQuery(userId: string | null) {
  return {
    queryKey: postsKeys.feed(userId),
    queryFn: ({ pageParam, signal }: { pageParam: string | null; signal: AbortSignal }) =>
      api<PostPage>(feedUrl(userId, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: PostPage) => last.nextCursor,
  };
}

export function useFeed(userId: string | null, enabled = true) {
  return useInfiniteQuery({ ...feedQuery(userId), enabled });
}

/** One post with all its comments. */
export const postQuery = (id: string) =>
  queryOptions({
    queryKey: postsKeys.single(id),
    queryFn: ({ signal }) => api<PostView>(`/api/posts/${encodeURIComponent(id)}`, { signal }),
  });

export function usePost(id: string, enabled = true) {
  return useQuery({ ...postQuery(id), enabled: enabled && id !== '' });
}

/** The events strip at the top of the posts home: what `useEvents` asks. */
export const eventsStripQuery = {
  queryKey: ['events', 'strip'],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api<{ documents: EventBubble[] }>('/api/events', { signal }),
  staleTime: 60_000,
};

export function useEvents(enabled: boolean) {
  return useQuery({ ...eventsStripQuery, enabled });
}

export function useToggleLike() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (post: PostView) =>
      api<{ liked: string | null; likeCount: number }>(`/api/posts/${post.id}/like`, {
        method: post.liked ? 'DELETE' : 'POST',
      }),
    onSuccess: (state, post) => updatePost(client, post.id, (p) => ({ ...p, ...state })),
  });
}

export function useAddComment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ post, comment }: { post: PostView; comment: string }) =>
      api<CommentView>(`/api/posts/${post.id}/comments`, { body: { comment } }),
    onSuccess: (created, { post }) =>
      updatePost(client, post.id, (p) => ({
        ...p,
        commentCount: p.commentCount + 1,
        comments: [...p.comments, created],
      })),
  });
}

export function useDeleteComment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ comment }: { post: PostView; comment: CommentView }) =>
      api<void>(`/api/comments/${comment.id}`, { method: 'DELETE' }),
    onSuccess: (_, { post, comment }) => {
      updatePost(client, post.id, (p) => ({
        ...p,
        commentCount: Math.max(0, p.commentCount - 1),
        comments: p.comments.filter((c) => c.id !== comment.id),
      }));
      // The feed shows the last 3: an older one may now move into view.
      client.invalidateQueries({ queryKey: postsKeys.all, refetchType: 'none' });
    },
  });
}

export function useDeletePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (post: PostView) => api<void>(`/api/posts/${post.id}`, { method: 'DELETE' }),
    onSuccess: (_, post) => updatePost(client, post.id, () => null),
  });
}

export function useReportPost() {
  return useMutation({
    mutationFn: async ({ post, reason }: { post: PostView; reason: string }) => {
      try {
        await api(`/api/posts/${post.id}/reports`, { body: { reason } });
      } catch (error) {
        // Reported before: the staff already have it, which is what the member wanted.
        if (error instanceof ApiError && error.code === 409) return;
        throw error;
      }
    },
  });
}

/**
 * Sends a new post as multipart through XMLHttpRequest, the one browser API that reports upload
 * progress (fetch does not).
 */
export function uploadPost(form: FormData, onProgress: (fraction: number) => void): Promise<PostView> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/posts');
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as PostView);
      reject(errorFromResponse(xhr.status, xhr.statusText, body));
    };
    xhr.onerror = () => reject(networkError());
    xhr.send(form);
  });
}
