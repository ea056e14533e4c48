// Staff review of member submissions (docs/product/surnames.md, "Review by staff"): oldest first, each
// proposal beside the surname's current values; Apply, Edit-then-apply or Reject. The server checks the Admin
// label and writes the audit log; this page only lays the decision out.
import { Anchor, Card, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { SubmissionReviewView } from '@samaj/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GrowingTextarea } from '../../../components/GrowingTextarea';
import { PagedList } from '../../../components/PagedList';
import { APPROVE_COLOR, QueueActions, QueueCard } from '../../../components/QueueCard';
import { useErrorMessage } from '../../../lib/errors';
import { useTimeAgo } from '../../../lib/time';
import { useDecideSubmission, useReviewQueue } from '../api/review';
import { SurnameHtml } from '../components/SurnameHtml';

export default function SurnameReview() {
  const { t } = useTranslation('surnames');
  const query = useReviewQueue();
  return (
    <PagedList query={query} intro={t('review.intro')} empty={t('review.empty')}>
      {(item) => <ReviewCard key={item.id} item={item} />}
    </PagedList>
  );
}

type Fields = { gam: string; kuldevta: string; description: string };

function ReviewCard({ item }: { item: SubmissionReviewView }) {
  const { t } = useTranslation('surnames');
  const decide = useDecideSubmission();
  const ago = useTimeAgo();
  const explain = useErrorMessage();
  const [mode, setMode] = useState<'view' | 'edit' | 'reject'>('view');
  const [edits, setEdits] = useState<Fields>({
    gam: item.gam,
    kuldevta: item.kuldevta,
    description: item.description,
  });
  const [note, setNote] = useState('');

  const onDone = (message: string) => () => notifications.show({ message, color: 'teal' });
  const onError = (error: Error) =>
    notifications.show({
      message: t('review.failed', { message: explain(error) }),
      color: 'red',
    });
  const apply = (withEdits: boolean) =>
    decide.mutate(
      { kind: 'apply', id: item.id, edits: withEdits ? edits : undefined },
      { onSuccess: onDone(t('review.applied', { name: item.current.name })), onError },
    );
  const reject = () =>
    decide.mutate(
      { kind: 'reject', id: item.id, note },
      { onSuccess: onDone(t('review.rejected')), onError },
    );

  const empty = t('review.empty_value');
  return (
    <QueueCard label={item.current.name} testId="surname-submission">
      <Group justify="space-between" align="baseline" gap="xs">
        <Anchor component={Link} to={`/surname/${encodeURIComponent(item.surname)}`} fw={700}>
          {item.current.name_guj} ({item.current.name})
        </Anchor>
        <Text size="xs" c="dimmed">
          {t('review.by', { creator: item.creator, time: ago(item.createdAt) })}
        </Text>
      </Group>

      {mode === 'edit' ? (
        <Stack gap="xs">
          <TextInput
            label={t('detail.gam')}
            value={edits.gam}
            onChange={(e) => setEdits({ ...edits, gam: e.currentTarget.value })}
          />
          <TextInput
            label={t('detail.kuldevta')}
            value={edits.kuldevta}
            onChange={(e) => setEdits({ ...edits, kuldevta: e.currentTarget.value })}
          />
          <GrowingTextarea
            label={t('detail.history')}
            minRows={3}
            value={edits.description}
            onChange={(e) => setEdits({ ...edits, description: e.currentTarget.value })}
          />
        </Stack>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Column title={t('review.proposed')}>
            <Row label={t('detail.gam')} value={item.gam || empty} />
            <Row label={t('detail.kuldevta')} value={item.kuldevta || empty} />
            <Row
              label={t('detail.history')}
              value={item.description ? <SurnameHtml html={item.description} /> : empty}
            />
          </Column>
          <Column title={t('review.current')} dimmed>
            <Row label={t('detail.gam')} value={item.current.gam || empty} />
            <Row label={t('detail.kuldevta')} value={item.current.kuldevta || empty} />
            <Row
              label={t('detail.history')}
              value={item.current.description ? <SurnameHtml html={item.current.description} /> : empty}
            />
          </Column>
        </SimpleGrid>
      )}

      {mode === 'reject' && (
        <TextInput
          label={t('review.rejectNote')}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          maxLength={500}
        />
      )}

      <QueueActions
        busy={decide.isPending || decide.isSuccess}
        pending={decide.isPending ? mode : null}
        actions={
          mode === 'view'
            ? [
                { key: 'view', label: t('review.apply'), color: APPROVE_COLOR, onClick: () => apply(false) },
                {
                  key: 'open-edit',
                  label: t('review.edit'),
                  variant: 'default',
                  onClick: () => setMode('edit'),
                },
                {
                  key: 'open-reject',
                  label: t('review.reject'),
                  color: 'red',
                  variant: 'light',
                  onClick: () => setMode('reject'),
                },
              ]
            : [
                mode === 'edit'
                  ? {
                      key: 'edit',
                      label: t('review.applyEdited'),
                      color: APPROVE_COLOR,
                      onClick: () => apply(true),
                    }
                  : { key: 'reject', label: t('review.reject'), color: 'red', onClick: reject },
                {
                  key: 'cancel',
                  label: t('review.cancel'),
                  variant: 'subtle',
                  onClick: () => setMode('view'),
                },
              ]
        }
      />
    </QueueCard>
  );
}

function Column({ title, dimmed, children }: { title: string; dimmed?: boolean; children: ReactNode }) {
  return (
    <Card
      withBorder={false}
      padding="sm"
      radius="sm"
      bg={dimmed ? 'var(--mantine-color-gray-0)' : 'var(--mantine-color-orange-0)'}
    >
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb={4}>
        {title}
      </Text>
      <Stack gap={6}>{children}</Stack>
    </Card>
  );
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {typeof value === 'string' ? <Text size="sm">{value}</Text> : value}
    </div>
  );
}
