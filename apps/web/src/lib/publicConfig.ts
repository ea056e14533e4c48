import type { PublicConfig } from '@samaj/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from './api';

export type { PublicConfig };

export const publicConfigQueryKey = ['public-config'] as const;

/**
 * The operator's about text, or (when they set none) the app's own in the member's language, so
 * a Gujarati heading is never followed by an English default.
 */
export function useCommunityAbout(): string {
  const { t } = useTranslation('common');
  const { data } = usePublicConfig();
  return data?.communityAbout || t('aboutDefault');
}

/** The site's settings: every page asks (the shell), so the server's render asks before its first pass. */
export const publicConfigQuery = queryOptions({
  queryKey: publicConfigQueryKey,
  queryFn: ({ signal }) => api<PublicConfig>('/api/public-config', { signal }),
  // Changes only when the operator restarts the server with new settings.
  staleTime: Number.POSITIVE_INFINITY,
  retry: 1,
});

export function usePublicConfig() {
  return useQuery(publicConfigQuery);
}
