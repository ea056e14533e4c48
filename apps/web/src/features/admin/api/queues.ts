// Fetchers and hooks of the console's queues. Lists are keyset pages (load more); every decision
// refreshes everything under 'admin' (queues, counts, audit) and the feed the members see.
import type { ApplicantView, AuditView, Page, PostDecision, QueuedPost, ReportedPost } from '@samaj/core';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { postsRoot } from '../../../lib/queryKeys';
import { adminKeys } from './keys';
import type { AuditFilter } from './types';

function withQuery(path: string, params: Record<string, string | null | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

function pages<T>(queryKey: readonly unknown[], path: string, params: Record<string, string> = {}) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      api<Page<T>>(withQuery(path, { ...params, cursor: pageParam }), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export const postQueueQuery = pages<QueuedPost>(adminKeys.posts('requested'), '/api/admin/posts', {
  status: 'requested',
});
export const reportsQueueQuery = pages<ReportedPost>(adminKeys.reports, '/api/admin/reports');
export const publisherQueueQuery = pages<ApplicantView>(
  adminKeys.publishers('pending'),
  '/api/admin/publisher-requests',
  { status: 'pending' },
);
/** The log as it first opens: no filter. */
export const NO_AUDIT_FILTER: AuditFilter = { actor: '', entity: '', action: '' };
export const auditLogQuery = (filter: AuditFilter) =>
  pages<AuditView>(adminKeys.audit(filter), '/api/admin/audit', { ...filter });

export const usePostQueue = () => useInfiniteQuery(postQueueQuery);
export const useReportsQueue = () => useInfiniteQuery(reportsQueueQuery);
export const usePublisherQueue = () => useInfiniteQuery(publisherQueueQuery);
export const useAuditLog = (filter: AuditFilter) => useInfiniteQuery(auditLogQuery(filter));

function useStaffAction<V>(request: (input: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: async () => {
      // Others' feeds change with a decision; ours must not show stale statuses either.
      await Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.all }),
        client.invalidateQueries({ queryKey: postsRoot }),
      ]);
    },
  });
}

const enc = encodeURIComponent;

export const useDecidePost = () =>
  useStaffAction(({ id, status, reason }: { id: string; status: PostDecision; reason?: string }) =>
    api(`/api/admin/posts/${enc(id)}/decision`, { body: { status, ...(reason ? { reason } : {}) } }),
  );

export const useResolveReports = () =>
  useStaffAction(({ postId, outcome }: { postId: string; outcome: 'dismiss' | 'unlist' }) =>
    api(`/api/admin/reports/${enc(postId)}/${outcome}`, { method: 'POST' }),
  );

export const useDecidePublisher = () =>
  useStaffAction(({ id, decision }: { id: string; decision: 'approve' | 'reject' }) =>
    api(`/api/admin/publisher-requests/${enc(id)}/${decision}`, { method: 'POST' }),
  );
