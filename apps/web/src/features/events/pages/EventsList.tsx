import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CardSkeletons } from '../../../components/CardSkeletons';
import { PageMeta } from '../../../lib/head';
import { MemberOnly } from '../../accounts/components/MemberOnly';

// Interim page from the web shell; the events feature replaces it.
export default function EventsList() {
  const { t } = useTranslation('events');
  return (
    <Stack gap="md">
      <PageMeta title={t('list.title')} description={t('list.description')} />
      <Title order={1}>{t('list.title')}</Title>
      <MemberOnly>{() => <CardSkeletons count={4} />}</MemberOnly>
    </Stack>
  );
}
