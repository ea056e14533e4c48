// One post can sit in several caches at once (the feed, a profile's list, its own page): every
// change is written into all of them so the screens agree without refetching.

import type { PostPage, PostView } from '@samaj/core';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { postsRoot } from '../../../lib/queryKeys';

export const postsKeys = {
  all: postsRoot,
  feed: (userId: string | null) => ['posts', 'feed', userId] as const,
  single: (id: string) => ['posts', 'single', id] as const,
};

type Cached = InfiniteData<PostPage> | PostView | undefined;

function isInfinite(data: Cached): data is InfiniteData<PostPage> {
  return !!data && typeof data === 'object' && 'pages' in data;
}

/** Applies `update` to post `id` wherever it is cached; `null` removes it. */
export function updatePost(
  client: QueryClient,
  id: string,
  update: (post: PostView) => PostView | null,
): void {
  client.setQueriesData<Cached>({ queryKey: postsKeys.all }, (data) => {
    if (!data) return data;
    if (isInfinite(data)) {
      return {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          documents: page.documents.flatMap((p) => {
            if (p.id !== id) return [p];
            const next = update(p);
            return next ? [next] : [];
          }),
        })),
      };
    }
    if (data.id !== id) return data;
    return update(data) ?? undefined;
  });
}
