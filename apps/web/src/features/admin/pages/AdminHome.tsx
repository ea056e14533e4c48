// The staff console (/admin/*): what waits at the top, then one tab and nested route per entry of
// the sections it is given (app/consoleSections.tsx). The server refuses every staff call from non-admins whatever this page
// shows; the 'not allowed' state is only so that nobody stares at empty queues.
import { Alert, Badge, Box, Card, SimpleGrid, Stack, Tabs, Text, Title, UnstyledButton } from '@mantine/core';
import { hasLabel, type StaffSummary } from '@samaj/core';
import { IconLock } from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes, useLocation, useNavigate } from 'react-router';
import { CardSkeletons } from '../../../components/CardSkeletons';
import { MemberOnly } from '../../../components/MemberOnly';
import { Redirect } from '../../../components/Redirect';
import { TakenOver } from '../../../components/TakenOver';
import { PageMeta } from '../../../lib/head';
import { useSummary } from '../api/summary';
import type { AdminSection } from '../sections';

export default function AdminHome({ sections }: { sections: AdminSection[] }) {
  const { t } = useTranslation('admin');
  return (
    <Stack gap="md">
      <PageMeta title={t('title')} description={t('description')} />
      <Title order={1}>{t('title')}</Title>
      <MemberOnly message={t('loginMessage')}>
        {(user) =>
          hasLabel(user.labels, 'Admin') ? (
            <Console sections={sections} />
          ) : (
            <Alert color="yellow" role="alert" icon={<IconLock size={20} />} title={t('forbiddenTitle')}>
              {t('forbidden')}
            </Alert>
          )
        }
      </MemberOnly>
    </Stack>
  );
}

// Every count the server's registry sends (platform/registry.ts addWaitingCount), in tab order.
const SUMMARY_KEYS: (keyof StaffSummary)[] = [
  'posts',
  'reports',
  'publisherRequests',
  'matrimonyProfiles',
  'matrimonyReports',
  'surnameSubmissions',
];

function WaitingCount({
  summaryKey,
  count,
  sections,
}: {
  summaryKey: keyof StaffSummary;
  count: number | undefined;
  sections: AdminSection[];
}) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const section = sections.find((s) => s.countKey === summaryKey);
  const body = (
    <Card padding="sm" h="100%">
      <Text size="xl" fw={700} c={count ? undefined : 'dimmed'} data-testid={`waiting-${summaryKey}`}>
        {count ?? '–'}
      </Text>
      <Text size="xs" c="dimmed">
        {t(`summary.${summaryKey}`)}
      </Text>
    </Card>
  );
  if (!section) return <div>{body}</div>;
  return <UnstyledButton onClick={() => navigate(`/admin/${section.path}`)}>{body}</UnstyledButton>;
}

function WaitingCounts({ sections }: { sections: AdminSection[] }) {
  const { t } = useTranslation('admin');
  const { data } = useSummary();
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" aria-label={t('summary.label')}>
      {SUMMARY_KEYS.map((key) => (
        <WaitingCount key={key} summaryKey={key} count={data?.[key]} sections={sections} />
      ))}
    </SimpleGrid>
  );
}

function Console({ sections }: { sections: AdminSection[] }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const location = useLocation();
  const { data } = useSummary();
  const current = location.pathname.replace(/^\/admin\/?/, '').split('/')[0] || sections[0].path;
  return (
    <Stack gap="md">
      <WaitingCounts sections={sections} />
      <Tabs
        value={current}
        onChange={(value) => value && navigate(`/admin/${value}`)}
        keepMounted={false}
        variant="pills"
      >
        {/* Pills that wrap: every queue and its count in sight on a phone. A strip scrolling sideways
            hid the last tabs (matrimony verification) with nothing saying they were there. */}
        <Tabs.List>
          {sections.map((section) => {
            const count = section.countKey ? data?.[section.countKey] : undefined;
            return (
              <Tabs.Tab
                key={section.path}
                value={section.path}
                leftSection={<section.icon size={16} aria-hidden />}
                rightSection={
                  count ? (
                    <Badge size="xs" circle={count < 10} variant="filled" color="red">
                      {count}
                    </Badge>
                  ) : null
                }
              >
                {t(section.labelKey)}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
      </Tabs>
      <Box component="section" aria-label={t(sections.find((s) => s.path === current)?.labelKey ?? 'title')}>
        <Suspense fallback={<CardSkeletons count={2} />}>
          <Routes>
            <Route index element={<Redirect to={sections[0].path} replace />} />
            {sections.map((section) => (
              <Route key={section.path} path={`${section.path}/*`} element={<section.Component />} />
            ))}
            <Route path="*" element={<Redirect to={`/admin/${sections[0].path}`} replace />} />
          </Routes>
          {/* The section's code comes lazily: its buttons take taps once it is the app's. */}
          <TakenOver />
        </Suspense>
      </Box>
    </Stack>
  );
}
