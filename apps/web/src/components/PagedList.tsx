import { Alert, Button, Center, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CardSkeletons } from './CardSkeletons';

interface PagedListProps {
  query: {
    isPending: boolean;
    isError: boolean;
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    fetchNextPage: () => unknown;
    refetch: () => unknown;
  };
  count: number;
  empty: string;
  children: ReactNode;
}

/** Loading, failure, empty and "load more" around one of the console's keyset lists. */
export function PagedList({ query, count, empty, children }: PagedListProps) {
  const { t } = useTranslation('common');
  if (query.isPending) return <CardSkeletons count={2} />;
  if (query.isError && count === 0) {
    return (
      <Alert color="red" variant="light" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('list.loadFailed')}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => query.refetch()}>
            {t('list.retry')}
          </Button>
        </Stack>
      </Alert>
    );
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
      {children}
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
