// docs/product/matrimony.md, "Who may list": the view depends on who is looking — loading, a visitor, a
// member without a marital status, a married member, a member without a profile (the listing form), and a
// member with one (its status, or the dashboard).
import { Button, Card, Stack, Text, Title } from '@mantine/core';
import type { AccountView } from '@samaj/core';
import { IconShare } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoginPrompt } from '../../../components/LoginPrompt';
import { TakenOver } from '../../../components/TakenOver';
import { PageMeta } from '../../../lib/head';
import { useCurrentUser } from '../../../lib/session';
import { share } from '../../../lib/share';
import { Loading } from '../components/Loading';

// A visitor, or a married member, reads a card: the listing form, the dashboard and the biodata are a
// chunk of their own, which the server preloads only for a signed-in member (platform/page-preloads.ts).
const MemberMatrimony = lazy(() => import('../components/MemberMatrimony'));

export default function Matrimony() {
  const { t } = useTranslation('matrimony');
  const { user } = useCurrentUser();
  return (
    <Stack gap="md" maw={720} w="100%" mx="auto">
      <PageMeta title={t('title')} description={t('description')} />
      <Title order={1}>{t('title')}</Title>
      <ByViewer user={user} />
    </Stack>
  );
}

function ByViewer({ user }: { user: AccountView | null | undefined }) {
  const { t } = useTranslation('matrimony');
  const { t: tc } = useTranslation('common');
  if (user === undefined) return <Loading />;
  if (user === null) return <LoginPrompt title={t('visitorTitle')} message={t('intro')} />;
  if (!user.prefs?.marital_status) {
    return (
      <Card padding="lg">
        <Stack align="flex-start">
          <Text>{t('noStatus')}</Text>
          <Button component={Link} to="/settings/profile">
            {t('editProfile')}
          </Button>
        </Stack>
      </Card>
    );
  }
  if (user.prefs.marital_status === 'Married') {
    return (
      <Card padding="lg">
        <Stack align="flex-start">
          <Text>{t('married')}</Text>
          <Button
            variant="light"
            leftSection={<IconShare size={18} aria-hidden />}
            onClick={() => share({ url: '/matrimony', title: t('title'), text: t('intro') })}
          >
            {tc('share.button')}
          </Button>
        </Stack>
      </Card>
    );
  }
  return (
    <Suspense fallback={<Loading />}>
      <MemberMatrimony user={user} />
      <TakenOver />
    </Suspense>
  );
}
