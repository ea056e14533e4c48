import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { SubmissionStatus } from '@samaj/core';
import { useTranslation } from 'react-i18next';
import { useTimeAgo } from '../../../lib/time';
import { useMySubmissions } from '../api/submissions';

const STATUS_COLOR: Record<SubmissionStatus, string> = {
  pending: 'yellow',
  applied: 'teal',
  rejected: 'red',
};

/** A member's own submissions for this surname and where each stands (pending / applied / rejected). */
export function MySubmissions({ surname }: { surname: string }) {
  const { t } = useTranslation('surnames');
  const ago = useTimeAgo();
  const { data } = useMySubmissions(surname, true);
  if (!data || data.documents.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="my-submissions">
      <Title order={3} size="h5">
        {t('mine.title')}
      </Title>
      {data.documents.map((s) => (
        <Card key={s.id} padding="sm" data-testid="my-submission" data-status={s.status}>
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              {t('mine.sentOn', { time: ago(s.createdAt) })}
            </Text>
            <Badge color={STATUS_COLOR[s.status]} variant="light">
              {t(`mine.status.${s.status}`)}
            </Badge>
          </Group>
          <Text size="sm" mt={4} lineClamp={2}>
            {[s.gam, s.kuldevta].filter(Boolean).join(' · ')}
          </Text>
          {s.reviewNote && (
            <Text size="sm" c="dimmed" mt={4}>
              {t('mine.note', { note: s.reviewNote })}
            </Text>
          )}
        </Card>
      ))}
    </Stack>
  );
}
