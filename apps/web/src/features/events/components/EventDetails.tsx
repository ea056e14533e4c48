// What members plan around (docs/product/events.md, "Event details"), on the event screen while there is
// nothing to watch: when (the community's time zone), where (with the place on the community map when the
// event has coordinates), what it is about, "I'll attend" with the count, and "Add to calendar" (the .ics); a
// past event says 'Ended' instead of asking.
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { EventView } from '@samaj/core';
import { IconCalendarEvent, IconCalendarPlus, IconCheck, IconMapPin, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoginPrompt } from '../../../components/LoginPrompt';
import { useErrorMessage } from '../../../lib/errors';
import { useShareCard } from '../../../lib/head';
import { calendarUrl, useEvent, useEventAttendees, useSetAttendance } from '../api/events';
import { useEventOver, useEventStart } from '../format';
import classes from './EventDetails.module.css';

/** The community map centred on a place, with its name beside the marker (the map reads these). */
export function mapLink(latitude: number, longitude: number, place: string): string {
  const query = new URLSearchParams({ lat: String(latitude), lng: String(longitude) });
  if (place) query.set('place', place);
  return `/community-map?${query}`;
}

export function EventDetailsPanel({ event: shown }: { event: EventView }) {
  const { t } = useTranslation('events');
  // The screen's own query (already in the cache): the details the list's view lacks.
  const { data } = useEvent(shown.id);
  const event = data ?? null;
  const start = useEventStart();
  const over = useEventOver()(shown);
  const attendance = useSetAttendance(shown.id);
  const errorMessage = useErrorMessage();
  const coordinates = event?.coordinates ?? null;
  const attending = event?.attending ?? false;
  const attendees = event?.attendees ?? 0;
  return (
    <section className={classes.panel} aria-label={t('details.title')} data-testid="event-details">
      <div className={classes.row}>
        <IconCalendarEvent size={18} aria-hidden />
        <Text size="sm" c="white" fw={600}>
          <time dateTime={shown.time} data-testid="event-start">
            {start(shown.time)}
          </time>
        </Text>
        {over && (
          <Badge color="gray" variant="filled" ml="auto" tt="none" data-testid="event-ended">
            {t('details.ended')}
          </Badge>
        )}
      </div>
      {(shown.location || coordinates) && (
        <div className={classes.row}>
          <IconMapPin size={18} aria-hidden />
          <div>
            {shown.location && (
              <Text size="sm" c="gray.3">
                {shown.location}
              </Text>
            )}
            {coordinates && (
              <Text
                component={Link}
                to={mapLink(coordinates.latitude, coordinates.longitude, shown.location || shown.name)}
                size="sm"
                className={classes.mapLink}
              >
                {t('details.onMap')}
              </Text>
            )}
          </div>
        </div>
      )}
      {shown.description && (
        <Text size="sm" c="gray.3" className={classes.description}>
          {shown.description}
        </Text>
      )}
      <div className={classes.row}>
        <IconUsers size={18} aria-hidden />
        <Text size="sm" c="gray.3" data-testid="attendee-count">
          {t('details.attendees', { count: attendees })}
        </Text>
      </div>
      {!over && event && (
        <Group gap="sm">
          <Button
            size="sm"
            variant={attending ? 'filled' : 'white'}
            color={attending ? 'green.8' : 'dark'}
            aria-pressed={attending}
            leftSection={attending ? <IconCheck size={16} aria-hidden /> : null}
            loading={attendance.isPending}
            onClick={() => attendance.mutate(!attending)}
          >
            {t('details.attend')}
          </Button>
          <Button
            component="a"
            href={calendarUrl(shown.id)}
            download={`event-${shown.id}.ics`}
            size="sm"
            variant="outline"
            color="gray.0"
            leftSection={<IconCalendarPlus size={16} aria-hidden />}
          >
            {t('details.calendar')}
          </Button>
        </Group>
      )}
      {attendance.isError && (
        <Text size="sm" c="red.3" role="alert">
          {errorMessage(attendance.error)}
        </Text>
      )}
    </section>
  );
}

/**
 * A visitor opening an invitation: how many said they'll attend (no names), and the login card that
 * brings them back here to say so themselves and add it to their calendar.
 */
export function VisitorEventDetails({ id }: { id: string }) {
  const { t } = useTranslation('events');
  const { data } = useEventAttendees(id);
  // What anyone may see of it (its share card: name, date, place, about), already asked for the head tags.
  const card = useShareCard('event', id);
  return (
    <Stack gap="md">
      {card && (
        <Stack gap={4}>
          <Title order={1} size="h2">
            {card.name}
          </Title>
          {card.text && <Text c="dimmed">{card.text}</Text>}
        </Stack>
      )}
      {data && (
        <Group gap={8} wrap="nowrap">
          <IconUsers size={18} aria-hidden />
          <Text data-testid="attendee-count">{t('details.attendees', { count: data.attendees })}</Text>
        </Group>
      )}
      <LoginPrompt message={t('details.signIn')} />
    </Stack>
  );
}
