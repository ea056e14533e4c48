// docs/product/publisher.md, "Application page": Back link, title, intro, then the form — or, for a member who
// already applied, where their application stands. Visitors get the login card (with forward).
import { Anchor, Stack, Text, Title } from '@mantine/core';
import type { AccountView } from '@samaj/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CardSkeletons } from '../../../components/CardSkeletons';
import { MemberOnly } from '../../../components/MemberOnly';
import { PageMeta } from '../../../lib/head';
import { useMyApplication } from '../api/publisherRequest';
import { ApplicationForm } from '../components/ApplicationForm';
import { ApplicationStatus } from '../components/ApplicationStatus';

/** Where the application is offered (Settings), for a page opened straight from a link. */
export const PUBLISHER_PARENT = '/settings';

/** Back one page; opened straight from a link (no history in this tab) it goes to Settings instead. */
function useGoBack() {
  const navigate = useNavigate();
  return () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(PUBLISHER_PARENT, { replace: true });
  };
}

export default function PublisherRequest() {
  const { t } = useTranslation('publisher');
  const goBack = useGoBack();
  return (
    <Stack gap="md" maw={640} w="100%">
      <PageMeta title={t('title')} description={t('description')} />
      <Anchor
        component={Link}
        to={PUBLISHER_PARENT}
        onClick={(event) => {
          event.preventDefault();
          goBack();
        }}
        display="inline-flex"
        style={{ alignItems: 'center', gap: 4, alignSelf: 'flex-start' }}
      >
        <IconArrowLeft size={16} aria-hidden /> {t('back')}
      </Anchor>
      <Title order={1}>{t('title')}</Title>
      <Text c="dimmed">{t('intro')}</Text>
      <MemberOnly loading={<CardSkeletons count={1} avatar={false} />} message={t('loginMessage')}>
        {(user) => <Application user={user} onDone={goBack} />}
      </MemberOnly>
    </Stack>
  );
}

function Application({ user, onDone }: { user: AccountView; onDone: () => void }) {
  const query = useMyApplication(user.id);
  const [again, setAgain] = useState(false);
  if (query.isPending) return <CardSkeletons count={1} avatar={false} />;
  // A failed load leaves the form; a second application is refused by the server anyway.
  const application = query.isError ? null : query.data;
  if (application && !again) {
    return (
      <ApplicationStatus
        application={application}
        isPublisher={user.labels.includes('Publisher')}
        onApplyAgain={() => setAgain(true)}
      />
    );
  }
  return <ApplicationForm userId={user.id} onDone={onDone} />;
}
