// A matrimony list: the spec's empty state (English title, Gujarati explanation) when there is
// nothing, otherwise the shared keyset list with "load more".
import { Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../../components/PagedList';

type Query<T> = Parameters<typeof PagedList<T>>[0]['query'];

interface Props<T> {
  query: Query<T>;
  empty: 'profiles' | 'matches' | 'requests' | 'filtered' | 'shortlistedMe' | 'sent';
  children: (item: T) => ReactNode;
}

export function CardList<T>({ query, empty, children }: Props<T>) {
  const { t } = useTranslation('matrimony');
  const none = !query.isPending && !query.isError && !query.data?.pages.some((p) => p.documents.length > 0);
  if (none) {
    return (
      <Card padding="xl">
        <Stack gap="xs" align="center" ta="center">
          <Title order={2} size="h4">
            {t(`empty.${empty}.title`)}
          </Title>
          <Text c="dimmed" size="sm" maw={420}>
            {t(`empty.${empty}.text`)}
          </Text>
        </Stack>
      </Card>
    );
  }
  return (
    <PagedList query={query} empty="">
      {children}
    </PagedList>
  );
}
