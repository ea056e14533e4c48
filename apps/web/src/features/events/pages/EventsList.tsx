import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { EVENTS_FIRST_PAGE, EVENTS_NEXT_PAGE } from '@samaj/core';
import { useTranslation } from 'react-i18next';
import { CardSkeletons } from '../../../components/CardSkeletons';
import { MemberOnly } from '../../../components/MemberOnly';
import { PageMeta } from '../../../lib/head';
import { useEventsList } from '../api/events';
import { EventCard } from '../components/EventCard';

/** SPEC §2 Events: newest first, 4 at first and 3 more per 'load more'; members only. */
export default function EventsList() {
  const { t } = useTranslation('events');
  return (
    <Stack gap="md">
      <PageMeta title={t('list.title')} description={t('list.description')} />
      <Title order={1}>{t('list.title')}</Title>
      <MemberOnly loading={<CardSkeletons count={EVENTS_FIRST_PAGE} />}>{() => <Events />}</MemberOnly>
    </Stack>
  );
}

function Events() {
  const { t } = useTranslation('events');
  const { data, status, refetch, fetchNextPage, hasNextPage, isFetchingNextPage, isFetchNextPageError } =
    useEventsList();
  if (status === 'pending') return <CardSkeletons count={EVENTS_FIRST_PAGE} />;
  if (status === 'error') {
    return (
      <Card withBorder padding="lg" role="alert">
        <Stack gap="sm">
          <Text>{t('list.error')}</Text>
          <Button variant="light" w="fit-content" onClick={() => refetch()}>
            {t('list.retry')}
          </Button>
        </Stack>
      </Card>
    );
  }
  const events = data.pages.flatMap((page) => page.documents);
  if (events.length === 0) {
    return (
      <Card withBorder padding="lg">
        <Stack gap={4}>
          <Text fw={600}>{t('list.empty.title')}</Text>
          <Text c="dimmed">{t('list.empty.message')}</Text>
        </Stack>
      </Card>
    );
  }
  return (
    <Stack gap="md">
      {events.map((event) => (
        <EventCard key={event.id} event={event} />
      ))}
      {isFetchingNextPage && <CardSkeletons count={EVENTS_NEXT_PAGE} />}
      {isFetchNextPageError && (
        <Text c="red" role="alert">
          {t('list.error')}
        </Text>
      )}
      {hasNextPage && !isFetchingNextPage && (
        <Button variant="light" onClick={() => fetchNextPage()} w="fit-content" mx="auto">
          {t('list.loadMore')}
        </Button>
      )}
    </Stack>
  );
}
