import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not change by asking again; only network trouble and 5xx are retried.
        retry: (count, error) =>
          count < 2 && !(error instanceof ApiError && error.code >= 400 && error.code < 500),
      },
    },
  });
}
