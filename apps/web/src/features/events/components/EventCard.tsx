import { Anchor, Avatar, Badge, Box, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { EventDetails, EventView } from '@samaj/core';
import {
  IconBroadcast,
  IconCalendarEvent,
  IconCheck,
  IconMapPin,
  IconPencil,
  IconUsers,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useErrorMessage } from '../../../lib/errors';
import { previewUrl } from '../../../lib/previewUrl';
import { useRequestStreaming } from '../api/events';
import { useEventOver, useEventStart } from '../format';

/** One event in the list; its upper part opens the event screen, the row under it holds actions. */
export function EventCard({ event }: { event: EventDetails }) {
  const { t } = useTranslation('events');
  const start = useEventStart();
  const over = useEventOver()(event);
  // A stream that ran and stopped says so, rather than 'not started'; a past event
  // without one says it ended (docs/product/events.md, "Events list").
  const status = event.live
    ? t('list.status.live')
    : event.liveEndedAt
      ? t('list.status.ended')
      : over
        ? t('details.ended')
        : event.liveStream
          ? t('list.status.notStarted')
          : t('list.status.none');
  return (
    <Card>
      <Anchor component={Link} to={`/event/${event.id}`} underline="never" c="inherit">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <Avatar src={previewUrl(event.thumbnail, 100)} alt="" size={64} radius="md" />
          <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
            <Text fw={600} lineClamp={2}>
              {event.name}
            </Text>
            <Group gap={6} wrap="nowrap">
              <IconCalendarEvent size={16} aria-hidden />
              <Text size="sm" c="dimmed">
                <time dateTime={event.time}>{start(event.time)}</time>
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
            {event.description && (
              <Text size="sm" lineClamp={2}>
                {event.description}
              </Text>
            )}
            {/* How many said they'll attend: only once someone has. */}
            {event.attendees > 0 && (
              <Group gap={6} wrap="nowrap">
                <IconUsers size={16} aria-hidden />
                <Text size="sm" c="dimmed">
                  {t('details.attendees', { count: event.attendees })}
                </Text>
              </Group>
            )}
            <Group gap="sm" mt={4}>
              <Group gap={6} wrap="nowrap">
                {event.live && <Box w={8} h={8} bg="red.7" style={{ borderRadius: '50%' }} aria-hidden />}
                <Text size="sm" c={event.live ? 'red.9' : 'dimmed'} fw={event.live ? 600 : undefined}>
                  {status}
                </Text>
              </Group>
              {event.live && (
                <Badge color="red" variant="filled">
                  {t('list.watchLive')}
                </Badge>
              )}
            </Group>
          </Stack>
        </Group>
      </Anchor>
      <EventActions event={event} />
    </Card>
  );
}

/** Request Streaming (when there is no live stream), the request count for host and staff, edit. */
function EventActions({ event }: { event: EventView }) {
  const { t } = useTranslation('events');
  const request = useRequestStreaming();
  const errorMessage = useErrorMessage();
  const canRequest = !event.live && !event.liveStream;
  if (!canRequest && !event.streamRequests && !event.canManage) return null;
  return (
    <Stack gap={6} mt="sm">
      <Group gap="sm" justify="space-between">
        <Group gap="sm">
          {canRequest &&
            (event.requestedStreaming ? (
              <Button size="xs" variant="light" color="gray" leftSection={<IconCheck size={14} />} disabled>
                {t('list.requested')}
              </Button>
            ) : (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconBroadcast size={14} aria-hidden />}
                loading={request.isPending}
                onClick={() => request.mutate(event.id)}
              >
                {t('list.requestStreaming')}
              </Button>
            ))}
          {/* Only when someone asked: for the host and staff (null for everyone else). */}
          {!!event.streamRequests && (
            <Text size="sm" c="dimmed">
              {t('list.requests', { count: event.streamRequests })}
            </Text>
          )}
        </Group>
        {event.canManage && (
          <Button
            component={Link}
            to={`/events/create?id=${encodeURIComponent(event.id)}`}
            size="xs"
            variant="subtle"
            leftSection={<IconPencil size={14} aria-hidden />}
          >
            {t('list.edit')}
          </Button>
        )}
      </Group>
      {request.isError && (
        <Text size="sm" c="red" role="alert">
          {errorMessage(request.error)}
        </Text>
      )}
    </Stack>
  );
}
