import { Avatar, Badge, Box, Card, Group, Stack, Text } from '@mantine/core';
import type { EventView } from '@samaj/core';
import { formatEventDate } from '@samaj/core';
import { IconCalendarEvent, IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { previewUrl } from '../../../lib/previewUrl';

/** One event in the list; the whole card opens the event screen, where watching happens. */
export function EventCard({ event }: { event: EventView }) {
  const { t } = useTranslation('events');
  const status = event.live
    ? t('list.status.live')
    : event.liveStream
      ? t('list.status.notStarted')
      : t('list.status.none');
  // Only live and stream-less events carry a label (SPEC §2); a stream not yet started has none.
  const label = event.live ? t('list.watchLive') : event.liveStream ? null : t('list.requestStreaming');
  return (
    <Card component={Link} to={`/event/${event.id}`} withBorder padding="md" radius="md">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <Avatar src={previewUrl(event.thumbnail, 100)} alt="" size={64} radius="md" />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} lineClamp={2}>
            {event.name}
          </Text>
          <Group gap={6} wrap="nowrap">
            <IconCalendarEvent size={16} aria-hidden />
            <Text size="sm" c="dimmed">
              {formatEventDate(event.time)}
            </Text>
          </Group>
          {event.location && (
            <Group gap={6} wrap="nowrap">
              <IconMapPin size={16} aria-hidden />
              <Text size="sm" c="dimmed" lineClamp={1}>
                {event.location}
              </Text>
            </Group>
          )}
          <Group gap="sm" mt={4}>
            <Group gap={6} wrap="nowrap">
              {event.live && <Box w={8} h={8} bg="red.7" style={{ borderRadius: '50%' }} aria-hidden />}
              <Text size="sm" c={event.live ? 'red.7' : 'dimmed'} fw={event.live ? 600 : undefined}>
                {status}
              </Text>
            </Group>
            {label && (
              <Badge color={event.live ? 'red' : 'gray'} variant={event.live ? 'filled' : 'light'}>
                {label}
              </Badge>
            )}
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
