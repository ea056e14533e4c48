import { Alert, Stack, Title } from '@mantine/core';
import { hasLabel } from '@samaj/core';
import { useTranslation } from 'react-i18next';
import { CardSkeletons } from '../../../components/CardSkeletons';
import { PageMeta } from '../../../lib/head';
import { MemberOnly } from '../../accounts/components/MemberOnly';

// Interim staff console from the web shell; the moderation feature replaces it. The server
// refuses staff calls from non-admins whatever this page shows.
export default function AdminHome() {
  const { t } = useTranslation('admin');
  return (
    <Stack gap="md">
      <PageMeta title={t('title')} description={t('description')} />
      <Title order={1}>{t('title')}</Title>
      <MemberOnly>
        {(user) =>
          hasLabel(user.labels, 'Admin') ? (
            <CardSkeletons count={3} />
          ) : (
            <Alert color="yellow" role="alert">
              {t('forbidden')}
            </Alert>
          )
        }
      </MemberOnly>
    </Stack>
  );
}
