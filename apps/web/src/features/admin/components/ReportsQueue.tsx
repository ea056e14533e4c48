// Posts members reported, each once with every reason and how many reported it: dismiss the
// reports (the post stays) or unlist the post (it leaves the feed).
import { Badge, Card, Group, List, Stack, Text } from '@mantine/core';
import type { ReportedPost } from '@samaj/core';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../../components/PagedList';
import { QueueActions, QueueCard, usePendingDecision } from '../../../components/QueueCard';
import { RelativeTime } from '../../../components/RelativeTime';
import { useReportsQueue, useResolveReports } from '../api/queues';
import { ActionError } from './ActionError';
import { AuthorLine } from './AuthorLine';
import { PostImage } from './PostQueue';

export default function ReportsQueue() {
  const { t } = useTranslation('admin');
  const query = useReportsQueue();
  return (
    <PagedList query={query} empty={t('reports.empty')}>
      {(entry) => <ReportedPostCard key={entry.id} entry={entry} />}
    </PagedList>
  );
}

function ReportedPostCard({ entry }: { entry: ReportedPost }) {
  const { t } = useTranslation('admin');
  const resolve = useResolveReports();
  const { pending, send } = usePendingDecision<'dismiss' | 'unlist'>((outcome, options) =>
    resolve.mutate({ postId: entry.id, outcome }, options),
  );
  const { post } = entry;
  // Approved is the normal case; anything else (a post already taken down) is worth a word.
  const status = post && post.status !== 'approved' ? t(`postStatus.${post.status}`) : null;
  return (
    <QueueCard label={t('reports.cardLabel')}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Badge color="red" variant="light" size="lg">
          {t('reports.count', { count: entry.reporterCount })}
        </Badge>
        <Text size="xs" c="dimmed">
          {t('reports.last')} <RelativeTime exact inherit date={entry.lastReportedAt} />
        </Text>
      </Group>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {t('reports.reasons')}
        </Text>
        <List size="sm" spacing={4}>
          {entry.reports.map((report) => (
            <List.Item key={report.reporter}>
              <Text span size="sm" style={{ overflowWrap: 'anywhere' }}>
                {report.reason || t('reports.noReason')}
              </Text>{' '}
              <Text span size="xs" c="dimmed">
                — @{report.reporter}
              </Text>
            </List.Item>
          ))}
        </List>
      </Stack>
      {post ? (
        <Card radius="sm" padding="sm" bg="var(--mantine-color-gray-0)">
          <Stack gap="xs">
            <AuthorLine user={post.user} date={post.createdAt} />
            {status && (
              <Badge color="gray" variant="light">
                {status}
              </Badge>
            )}
            <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{post.description}</Text>
            {post.file && <PostImage file={post.file} width={post.fileWidth} height={post.fileHeight} />}
          </Stack>
        </Card>
      ) : (
        <Text c="dimmed">{t('reports.postGone')}</Text>
      )}
      {resolve.isError && <ActionError />}
      <QueueActions
        pending={pending}
        onDecide={send}
        busy={resolve.isPending}
        actions={[
          { key: 'dismiss', label: t('reports.dismiss'), variant: 'default' },
          { key: 'unlist', label: t('reports.unlist'), color: 'red', variant: 'light' },
        ]}
      />
    </QueueCard>
  );
}
