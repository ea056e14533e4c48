import { ActionIcon, Alert, Avatar, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { AccountView, EventView } from '@samaj/core';
import { formatEventDate } from '@samaj/core';
import { IconClockHour4, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { MemberOnly } from '../../../components/MemberOnly';
import { ApiError } from '../../../lib/api';
import { PageMeta } from '../../../lib/head';
import { previewUrl } from '../../../lib/previewUrl';
import { useEvent } from '../api/events';

// The event screen (SPEC §2): it renders only once a signed-in member is known. The stream itself
// (PeerJS, host controls) is not built yet; until it is, the screen says so instead of pretending.
function EventScreen({ id, me }: { id: string; me: AccountView }) {
  const { t } = useTranslation('events');
  const navigate = useNavigate();
  const query = useEvent(id);
  const close = () => (window.history.length > 1 ? navigate(-1) : navigate('/events'));

  if (query.isPending) {
    return (
      <Center mih={240}>
        <Loader aria-label={t('live.title')} />
      </Center>
    );
  }
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.code === 404;
    return (
      <Alert
        color={missing ? 'gray' : 'red'}
        role="alert"
        title={missing ? t('live.notFound.title') : undefined}
      >
        {missing ? t('live.notFound.message') : t('list.error')}
      </Alert>
    );
  }
  const event: EventView = query.data;
  const isHost = event.host === me.id;
  return (
    <Stack gap="md">
      <PageMeta
        title={event.name}
        description={event.description || t('live.description')}
        image={previewUrl(event.file || event.thumbnail, 490)}
      />
      <Group justify="space-between" wrap="nowrap">
        <Group wrap="nowrap" gap="sm">
          <Avatar src={previewUrl(event.thumbnail, 100)} alt="" size={48} radius="md" />
          <Stack gap={0}>
            <Title order={1} size="h3">
              {event.name}
            </Title>
            <Text size="sm" c="dimmed">
              {formatEventDate(new Date(event.time))}
              {event.location ? ` · ${event.location}` : ''}
            </Text>
          </Stack>
        </Group>
        <ActionIcon variant="subtle" size="lg" onClick={close} aria-label={t('live.close')}>
          <IconX aria-hidden />
        </ActionIcon>
      </Group>
      {event.live && !isHost ? (
        <Card withBorder padding="lg">
          <Text>{t('live.viewingSoon')}</Text>
        </Card>
      ) : isHost ? (
        <Card withBorder padding="lg">
          <Text>{t('live.hostingSoon')}</Text>
        </Card>
      ) : (
        <Card withBorder padding="xl">
          <Stack align="center" gap="xs">
            <IconClockHour4 size={40} aria-hidden />
            <Title order={2} size="h4">
              {t('live.notStartedTitle')}
            </Title>
            <Text ta="center" c="dimmed">
              {t('live.notStarted')}
            </Text>
          </Stack>
        </Card>
      )}
      {event.description && <Text style={{ whiteSpace: 'pre-wrap' }}>{event.description}</Text>}
    </Stack>
  );
}

export default function LiveEvent() {
  const { t } = useTranslation('events');
  const { id = '' } = useParams();
  const spinner = (
    <Center mih={240}>
      <Loader aria-label={t('live.title')} />
    </Center>
  );
  return (
    <Stack gap="md">
      <PageMeta title={t('live.title')} description={t('live.description')} />
      <MemberOnly loading={spinner}>{(me) => <EventScreen key={id} id={id} me={me} />}</MemberOnly>
    </Stack>
  );
}
