// /events/create (docs/product/events.md, "Event form"): Admins and Publishers create an event here, and
// edit one with `?id=`; everyone else sees a placeholder that only says it works.
import { Center, Loader, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { TakenOver } from '../../../components/TakenOver';
import { PageMeta } from '../../../lib/head';
import { useCurrentUser } from '../../../lib/session';
import { canCreateEvents } from '../policy';

// The form is a chunk of its own, which the server preloads only for a signed-in member
// (platform/page-preloads.ts): a visitor, and most members, read the placeholder.
const EventEditor = lazy(() => import('../components/EventEditor'));

export default function EventCreate() {
  const { t } = useTranslation('events');
  const { user } = useCurrentUser();
  const [params] = useSearchParams();
  const id = params.get('id');
  if (user === undefined) {
    return (
      <Center mih={240}>
        <Loader aria-label={t('create.title')} />
      </Center>
    );
  }
  if (!user || !canCreateEvents(user.labels)) {
    return (
      <>
        <PageMeta title={t('create.title')} description={t('create.description')} />
        <Text component="h1" size="lg">
          {t('create.works')}
        </Text>
      </>
    );
  }
  return (
    <Stack gap="md">
      <PageMeta title={id ? t('form.editTitle') : t('create.title')} description={t('create.description')} />
      <Title order={1}>{id ? t('form.editTitle') : t('create.title')}</Title>
      <Suspense fallback={<Loader aria-label={t('create.title')} />}>
        <EventEditor id={id} />
        <TakenOver />
      </Suspense>
    </Stack>
  );
}
