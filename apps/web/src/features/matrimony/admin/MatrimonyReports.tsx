// Staff: members' reports of matrimony profiles, oldest first. Dismiss the report, or ban the
// profile from its card (banning marks its open reports actioned on the server).
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import type { StaffReport } from '@samaj/core';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../../components/PagedList';
import { RelativeTime } from '../../../components/RelativeTime';
import { useDismissReport, useStaffReports } from '../api/staff';
import { StaffProfileCard } from './StaffProfileCard';

export default function MatrimonyReports() {
  const { t } = useTranslation('matrimony');
  const query = useStaffReports();
  return (
    <PagedList query={query} intro={t('admin.reports.intro')} empty={t('admin.reports.empty')}>
      {(report) => <ReportCard key={report.id} report={report} />}
    </PagedList>
  );
}

function ReportCard({ report }: { report: StaffReport }) {
  const { t } = useTranslation('matrimony');
  const dismiss = useDismissReport();
  const about = (
    <Card radius="sm" padding="sm" bg="var(--mantine-color-red-0)">
      <Stack gap={4}>
        <Text size="xs" c="dimmed" fw={600} tt="uppercase">
          {t('admin.reports.reason')}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {report.reason}
        </Text>
        <Text size="xs" c="dimmed">
          {t('admin.reports.reporter')}: {report.reporter.name || report.reporter.id} (@{report.reporter.id})
          · <RelativeTime exact inherit date={report.createdAt} />
        </Text>
        <Group>
          <Button
            size="xs"
            variant="default"
            loading={dismiss.isPending}
            onClick={() => dismiss.mutate(report.id)}
          >
            {t('admin.reports.dismiss')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
  if (!report.profile) {
    return (
      <Card component="article" aria-label={t('admin.reports.cardLabel', { name: '' })}>
        <Stack gap="sm">
          {about}
          <Text c="dimmed">{t('admin.reports.gone')}</Text>
        </Stack>
      </Card>
    );
  }
  return <StaffProfileCard profile={report.profile} extra={about} />;
}
