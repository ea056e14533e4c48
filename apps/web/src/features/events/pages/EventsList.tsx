import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { EVENTS_FIRST_PAGE, EVENTS_NEXT_PAGE } from '@samaj/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardSkeletons } from '../../../components/CardSkeletons';
import { MemberOnly } from '../../../components/MemberOnly';
import { PageMeta } from '../../../lib/head';
import { useCurrentUser } from '../../../lib/session';
import { useEventsList } from '../api/events';
import { EventCard } from '../components/EventCard';
import { canCreateEvents } from '../policy';

/**
 * docs/product/events.md, "Events list": newest first, 4 at first and 3 more per 'load more'; members only.
 */
export default function EventsList() {
  const { t } = useTranslation('events');
  return (
    <Stack gap="md">
      <PageMeta title={t('list.title')} description={t('list.description')} />
      <Group justify="space-between" wrap="nowrap">
        <Title order={1}>{t('list.title')}</Title>
        <CreateEntry />
      </Group>
      <MemberOnly loading={<CardSkeletons count={EVENTS_FIRST_PAGE} />}>{() => <Events />}</MemberOnly>
    </Stack>
  );
}

/** `Create event`, for the members who may (Admin, Publisher). */
function CreateEntry() {
  const { t } = useTranslation('events');
  const { user } = useCurrentUser();
  if (!user || !canCreateEvents(user.labels)) return null;
  return (
    <Button component={Link} to="/events/create" leftSection={<IconPlus size={18} aria-hidden />}>
      {t('list.create')}
    </Button>
  );
}

function Events() {
  const { t } = useTranslation('events');
  const { data, status, refetch, fetchNextPage, hasNextPage, isFetchingNextPage, isFetchNextPageError } =
    useEventsList();
  if (status === 'pending') return <CardSkeletons count={EVENTS_FIRST_PAGE} />;
  if (status === 'error') {
    return (
      <Card padding="lg" role="alert">
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
      <Card padding="lg">
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
