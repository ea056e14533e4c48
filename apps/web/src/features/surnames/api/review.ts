import type { Page, SubmissionReviewView, SubmissionView, SurnameView } from '@samaj/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const reviewQueryKey = ['admin', 'surname-submissions'] as const;

/** Pending submissions, oldest first, each with the surname's current values (Admin only). */
export function useReviewQueue() {
  return useQuery({
    queryKey: reviewQueryKey,
    queryFn: ({ signal }) =>
      api<Page<SubmissionReviewView>>('/api/admin/surname-submissions?status=pending', { signal }),
  });
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
