import { Button, Card, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoginPrompt } from '../../../components/LoginPrompt';
import { PageMeta } from '../../../lib/head';
import { useCurrentUser } from '../../../lib/session';
import { share } from '../../../lib/share';

// Interim page from the web shell with the views that depend only on the account (SPEC §2);
// the matrimony feature replaces it with the form and the dashboard.
export default function Matrimony() {
  const { t } = useTranslation('matrimony');
  const { t: tc } = useTranslation('common');
  const { user } = useCurrentUser();
  let body: React.ReactNode;
  if (user === undefined) {
    body = (
      <Center mih={200}>
        <Stack align="center">
          <Loader />
          <Text>{t('loading')}</Text>
        </Stack>
      </Center>
    );
  } else if (user === null) {
    body = <LoginPrompt title={t('title')} message={t('intro')} />;
  } else if (!user.prefs?.marital_status) {
    body = (
      <Card withBorder padding="lg">
        <Stack>
          <Text>{t('noStatus')}</Text>
          <Button component={Link} to="/settings/profile" w="fit-content">
            {t('editProfile')}
          </Button>
        </Stack>
      </Card>
    );
  } else if (user.prefs.marital_status === 'Married') {
    body = (
      <Card withBorder padding="lg">
        <Stack>
          <Text>{t('married')}</Text>
          <Button
            variant="light"
            leftSection={<IconShare size={18} aria-hidden />}
            onClick={() => share({ url: '/matrimony', title: t('title') })}
            w="fit-content"
          >
            {tc('share.button')}
          </Button>
        </Stack>
      </Card>
    );
  } else {
    // The listing form and dashboard are not built yet; say so rather than spin forever.
    body = (
      <Card withBorder padding="lg">
        <Text>{t('preparing')}</Text>
      </Card>
    );
  }
  return (
    <Stack gap="md">
      <PageMeta title={t('title')} description={t('description')} />
      <Title order={1}>{t('title')}</Title>
      {body}
    </Stack>
  );
}
