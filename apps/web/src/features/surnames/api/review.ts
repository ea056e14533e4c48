import type { Page, SubmissionReviewView, SubmissionView, SurnameView } from '@samaj/core';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const reviewQueryKey = ['admin', 'surname-submissions', 'pending'] as const;

export function reviewUrl(cursor: string | null): string {
  const params = new URLSearchParams({ status: 'pending' });
  if (cursor) params.set('cursor', cursor);
  return `/api/admin/surname-submissions?${params}`;
}

/**
 * Pending submissions, oldest first, each with the surname's current values (Admin only): keyset
 * pages, the next one asked for with the server's nextCursor ('load more').
 */
export const reviewQueueQuery = infiniteQueryOptions({
  queryKey: reviewQueryKey,
  queryFn: ({ pageParam, signal }) => api<Page<SubmissionReviewView>>(reviewUrl(pageParam), { signal }),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
});

export function useReviewQueue() {
  return useInfiniteQuery(reviewQueueQuery);
}

export type ReviewDecision =
  | { kind: 'apply'; id: string; edits?: Partial<Record<'gam' | 'kuldevta' | 'description', string>> }
  | { kind: 'reject'; id: string; note?: string };

export function useDecideSubmission() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: ReviewDecision) =>
      api<{ submission: SubmissionView; surname: SurnameView }>(
        `/api/admin/surname-submissions/${encodeURIComponent(decision.id)}/${decision.kind}`,
        {
          method: 'POST',
          body: decision.kind === 'apply' ? (decision.edits ?? {}) : { note: decision.note ?? '' },
        },
      ),
    onSuccess: () => {
      // Every console query starts with 'admin': the queue, the waiting counts and the audit log.
      client.invalidateQueries({ queryKey: ['admin'] });
      // The public pages show the new values on their next render.
      client.invalidateQueries({ queryKey: ['surnames'] });
    },
  });
}
