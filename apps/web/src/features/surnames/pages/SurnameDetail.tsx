import {
  Anchor,
  Button,
  Card,
  Divider,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  formatCount,
  isMissingDetails,
  SHARE_TEXT_MAX,
  type SurnameView,
  truncateGraphemes,
} from '@samaj/core';
import { IconArrowLeft, IconClock, IconUsers } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../../components/LoadError';
import { LoginPrompt } from '../../../components/LoginPrompt';
import { TakenOver } from '../../../components/TakenOver';
import { ApiError } from '../../../lib/api';
import { PageMeta, useShareCard } from '../../../lib/head';
import { useHydrated } from '../../../lib/hydrated';
import { useCurrentUser } from '../../../lib/session';
import { useExactTooltip, useTimeAgo } from '../../../lib/time';
import { useSurname } from '../api/useSurname';
import { ShareButton } from '../components/ShareButton';
import { SurnameHtml } from '../components/SurnameHtml';
import { memberKey } from '../lib/count';

// A visitor sees the surname and a login prompt; the submission form and the member's own
// submissions are chunks of their own, preloaded only for a signed-in member (page preloads).
const SubmissionForm = lazy(() =>
  import('../components/SubmissionForm').then((m) => ({ default: m.SubmissionForm })),
);
const MySubmissions = lazy(() =>
  import('../components/MySubmissions').then((m) => ({ default: m.MySubmissions })),
);

export default function SurnameDetail() {
  const { t } = useTranslation('surnames');
  const { id = '' } = useParams();
  const { data, error, refetch } = useSurname(id);
  // The details are drawn in a render React can interrupt (a deferred value renders as a transition):
  // on a slow phone drawing them at once held the main thread for ~40 ms (Lighthouse TBT ~300 ms).
  const deferred = useDeferredValue(data);
  // Never another surname's details while this one's are on their way.
  const surname = deferred && data && deferred.id === data.id ? deferred : undefined;
  const notFound = error instanceof ApiError && error.code === 404;
  const card = useShareCard('surname', id);
  const about = card?.text || t('detail.description', { id });

  return (
    <Stack gap="md">
      <PageMeta
        title={t('detail.pageTitle', { id: card?.name ?? id })}
        description={truncateGraphemes([data?.name_guj, about].filter(Boolean).join(': '), SHARE_TEXT_MAX)}
      />
      <Anchor component={Link} to="/surnames" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
        <IconArrowLeft size={16} aria-hidden /> {t('detail.back')}
      </Anchor>
      {!surname && !error && <DetailSkeleton />}
      {notFound && (
        <Card padding="lg" role="alert" data-testid="surname-not-found">
          <Title order={1} size="h3">
            {t('detail.notFoundTitle')}
          </Title>
          <Text mt="sm">{t('detail.notFoundText', { id })}</Text>
          <Button component={Link} to="/surnames" mt="md" variant="light">
            {t('detail.back')}
          </Button>
        </Card>
      )}
      {error && !notFound && <LoadError message={t('detail.loadError')} onRetry={refetch} />}
      {surname && <SurnameDetails surname={surname} />}
    </Stack>
  );
}

/**
 * How long ago (and the exact time in the reader's time zone) is the reader's own: shown once the app
 * runs the page. A leaf of its own, so that render after hydration touches nothing else (the member's
 * lazily loaded parts beside it would otherwise be drawn again, losing what was typed into them).
 */
function LastUpdated({ at }: { at: string }) {
  const { t } = useTranslation('surnames');
  const ago = useTimeAgo();
  const hydrated = useHydrated();
  const tooltip = useExactTooltip(at);
  if (!hydrated) return null;
  return (
    <Group gap={6} wrap="nowrap">
      <IconClock size={16} aria-hidden />
      <Text size="sm" component="time" dateTime={at} {...tooltip}>
        {t('detail.lastUpdated', { time: ago(at) })}
      </Text>
    </Group>
  );
}

function SurnameDetails({ surname }: { surname: SurnameView }) {
  const { t } = useTranslation('surnames');
  const { user } = useCurrentUser();
  const unknown = t('detail.unknown');
  return (
    <>
      <Card padding="lg">
        <Stack gap="sm">
          <div>
            <Title order={1} lang="gu">
              {surname.name_guj}
            </Title>
            <Text c="dimmed" lang="en">
              {surname.name}
            </Text>
          </div>
          <Group gap="lg" c="dimmed">
            <Group gap={6} wrap="nowrap">
              <IconUsers size={16} aria-hidden />
              <Text size="sm" data-testid="surname-members">
                {t(memberKey(surname.user_count, 'detail'), { n: formatCount(surname.user_count) })}
              </Text>
            </Group>
            <LastUpdated at={surname.updatedAt} />
          </Group>
          <Divider />
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
            <Fact label={t('detail.pronounce')} value={surname.pronounce || unknown} />
            <Fact label={t('detail.gotra')} value={surname.gotra || unknown} testId="surname-gotra" />
            <Fact label={t('detail.gam')} value={surname.gam || unknown} testId="surname-gam" />
            <Fact
              label={t('detail.kuldevta')}
              value={surname.kuldevta || unknown}
              testId="surname-kuldevta"
            />
          </SimpleGrid>
          <Divider />
          <Title order={2} size="h4">
            {t('detail.history')}
          </Title>
          {surname.description ? (
            <SurnameHtml html={surname.description} />
          ) : (
            <Text c="dimmed">{t('detail.noHistory')}</Text>
          )}
        </Stack>
      </Card>

      {isMissingDetails(surname) && (
        <Card padding="lg" component="section" aria-labelledby="update-from">
          <Stack gap="sm">
            <Title order={2} size="h4" id="update-from">
              {t('update.title')}
            </Title>
            {user === undefined && <Skeleton height={120} />}
            {user === null && <LoginPrompt title={t('update.loginTitle')} message={t('update.loginText')} />}
            {user && (
              <>
                <Text size="sm" c="dimmed">
                  {t('update.intro')}
                </Text>
                <Suspense fallback={<Skeleton height={120} />}>
                  <SubmissionForm surname={surname.name} />
                  <TakenOver />
                </Suspense>
              </>
            )}
          </Stack>
        </Card>
      )}

      {user && (
        <Suspense fallback={null}>
          <MySubmissions surname={surname.name} />
          <TakenOver />
        </Suspense>
      )}

      <Group>
        <ShareButton
          path={`/surname/${encodeURIComponent(surname.name)}`}
          title={t('detail.pageTitle', { id: surname.name })}
          text={t('share.detailText', { name: surname.name_guj })}
        />
      </Group>
    </>
  );
}

function Fact({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text data-testid={testId}>{value}</Text>
    </div>
  );
}

function DetailSkeleton() {
  return (
    <Card padding="lg" aria-busy="true">
      <Skeleton height={28} width="40%" />
      <Skeleton height={12} width="25%" mt="md" />
      <Skeleton height={12} mt="lg" />
      <Skeleton height={12} mt="sm" width="90%" />
      <Skeleton height={12} mt="sm" width="70%" />
    </Card>
  );
}
