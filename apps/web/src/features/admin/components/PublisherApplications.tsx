// Members asking to publish community news: approve (they get the Publisher label, and their
// posts go out without review) or reject (they may apply again).
import { Anchor, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ApplicantView } from '@samaj/core';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../../components/PagedList';
import { APPROVE_COLOR, QueueActions, QueueCard, usePendingDecision } from '../../../components/QueueCard';
import { useDecidePublisher, usePublisherQueue } from '../api/queues';
import { ActionError } from './ActionError';
import { AuthorLine } from './AuthorLine';

export default function PublisherApplications() {
  const { t } = useTranslation('admin');
  const query = usePublisherQueue();
  return (
    <PagedList query={query} empty={t('publishers.empty')}>
      {(applicant) => <ApplicationCard key={applicant.id} applicant={applicant} />}
    </PagedList>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

function ApplicationCard({ applicant }: { applicant: ApplicantView }) {
  const { t } = useTranslation('admin');
  const decide = useDecidePublisher();
  const { pending, send } = usePendingDecision<'approve' | 'reject'>((decision, options) =>
    decide.mutate({ id: applicant.id, decision }, options),
  );
  const whatsapp = applicant.whatsapp.replace(/[^0-9]/g, '');
  return (
    <QueueCard label={t('publishers.cardLabel', { name: applicant.user.name || applicant.id })}>
      <AuthorLine user={applicant.user} date={applicant.createdAt} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Field label={t('publishers.occupation')}>{applicant.occupation}</Field>
        <Field label={t('publishers.whatsapp')}>
          <Anchor href={`https://wa.me/${whatsapp}`} target="_blank" rel="noreferrer" size="sm">
            {applicant.whatsapp}
          </Anchor>
        </Field>
      </SimpleGrid>
      <Field label={t('publishers.reason')}>{applicant.reason}</Field>
      {decide.isError && <ActionError />}
      <QueueActions
        pending={pending}
        onDecide={send}
        busy={decide.isPending}
        actions={[
          { key: 'approve', label: t('publishers.approve'), color: APPROVE_COLOR },
          { key: 'reject', label: t('publishers.reject'), color: 'red', variant: 'light' },
        ]}
      />
    </QueueCard>
  );
}
