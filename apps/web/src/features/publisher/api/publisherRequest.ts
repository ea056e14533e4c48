// The member's own publisher application: GET answers null until they have applied.
import type { PublisherRequestInput, PublisherRequestView } from '@samaj/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const publisherRequestKey = (userId: string) => ['publisher-request', userId] as const;

const fetchApplication = (signal: AbortSignal) =>
  api<PublisherRequestView | null>('/api/publisher-request', { signal });

/** The member's application: `null` when they have not applied. */
export const myApplicationQuery = (userId: string) =>
  queryOptions({
    queryKey: publisherRequestKey(userId),
    queryFn: ({ signal }) => fetchApplication(signal),
    retry: false,
  });

export function useMyApplication(userId: string) {
  return useQuery(myApplicationQuery(userId));
}

export function useApply(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PublisherRequestInput) =>
      api<PublisherRequestView>('/api/publisher-request', { body: input }),
    onSuccess: (created) => client.setQueryData(publisherRequestKey(userId), created),
    // A refusal (already applied, say) means our idea of the application is stale.
    onError: () => client.invalidateQueries({ queryKey: publisherRequestKey(userId) }),
  });
}
