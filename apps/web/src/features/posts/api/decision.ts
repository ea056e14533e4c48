// A member's own post waiting for review changes in place when staff decide: the server puts the
// post's id on the author's own realtime channel (only they may follow it), and the card fetches
// the post through the API. The channel is followed only while such a post is on screen, so the
// feed opens no socket for members with nothing waiting.
import { NEW_POST_STATUS, type PostView, realtimeChannels } from '@samaj/core';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useRealtimeChannel } from '../../../lib/realtime';
import { updatePost } from './cache';

export function useDecisionOnOwnPost(post: PostView, me: string): void {
  const client = useQueryClient();
  const waiting = post.creator === me && post.status === NEW_POST_STATUS;
  const refresh = async () => {
    try {
      const fresh = await api<PostView>(`/api/posts/${encodeURIComponent(post.id)}`);
      // The status and what comes with it; the list keeps its own slice of comments.
      updatePost(client, post.id, (old) => ({
        ...old,
        status: fresh.status,
        rejectionReason: fresh.rejectionReason,
        likeCount: fresh.likeCount,
        commentCount: fresh.commentCount,
      }));
    } catch {
      // Gone or unreachable: the next visit shows what is true.
    }
  };
  useRealtimeChannel(
    waiting ? realtimeChannels.member(me) : null,
    (change) => {
      if (change.id === post.id) void refresh();
    },
    () => void refresh(),
  );
}
