import { Button, Center, Stack, Text } from '@mantine/core';
import type { Page } from '@samaj/core';
import type { InfiniteData } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CardSkeletons } from './CardSkeletons';
import { LoadError } from './LoadError';

interface PagedListProps<T> {
  /** A useInfiniteQuery over keyset pages ({ documents, nextCursor }). */
  query: {
    data: InfiniteData<Page<T>> | undefined;
    isPending: boolean;
    isError: boolean;
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    fetchNextPage: () => unknown;
    refetch: () => unknown;
  };
  empty: string;
  /** A line above the list saying what it holds (staff queues). */
  intro?: string;
  /** One entry of the list, with its key. */
  children: (item: T) => ReactNode;
}

/** Loading, failure, empty and "load more" around a keyset list, every page read so far in order. */
export function PagedList<T>({ intro, ...list }: PagedListProps<T>) {
  if (!intro) return <Entries {...list} />;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {intro}
      </Text>
      <Entries {...list} />
    </Stack>
  );
}

function Entries<T>({ query, empty, children }: Omit<PagedListProps<T>, 'intro'>) {
  const { t } = useTranslation('common');
  const items = query.data?.pages.flatMap((page) => page.documents) ?? [];
  const count = items.length;
  if (query.isPending) return <CardSkeletons count={2} />;
  if (query.isError && count === 0) {
    return <LoadError message={t('list.loadFailed')} onRetry={query.refetch} />;
  }
  if (count === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {empty}
      </Text>
    );
  }
  return (
    <Stack gap="md">
      {items.map(children)}
      {query.hasNextPage && (
        <Center>
          <Button variant="default" loading={query.isFetchingNextPage} onClick={() => query.fetchNextPage()}>
            {t('list.loadMore')}
          </Button>
        </Center>
      )}
    </Stack>
  );
}
