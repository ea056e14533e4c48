// Members asking to publish community news: approve (they get the Publisher label, and their
// posts go out without review) or reject (they may apply again).
import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ApplicantView } from '@samaj/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../../components/PagedList';
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
  const [pending, setPending] = useState<'approve' | 'reject' | null>(null);
  const act = (decision: 'approve' | 'reject') => {
    setPending(decision);
    decide.mutate({ id: applicant.id, decision }, { onSettled: () => setPending(null) });
  };
  const whatsapp = applicant.whatsapp.replace(/[^0-9]/g, '');
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-label={t('publishers.cardLabel', { name: applicant.user.name || applicant.id })}
    >
      <Stack gap="sm">
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
        <Group gap="xs">
          <Button
            color="green"
            loading={pending === 'approve'}
            disabled={decide.isPending}
            onClick={() => act('approve')}
          >
            {t('publishers.approve')}
          </Button>
          <Button
            color="red"
            variant="light"
            loading={pending === 'reject'}
            disabled={decide.isPending}
            onClick={() => act('reject')}
          >
            {t('publishers.reject')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
