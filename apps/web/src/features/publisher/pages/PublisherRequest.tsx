import { Anchor, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardSkeletons } from '../../../components/CardSkeletons';
import { PageMeta } from '../../../lib/head';
import { MemberOnly } from '../../accounts/components/MemberOnly';

// Interim page from the web shell; the publisher feature replaces it with the application form.
export default function PublisherRequest() {
  const { t } = useTranslation('publisher');
  return (
    <Stack gap="md" maw={640}>
      <PageMeta title={t('title')} description={t('description')} />
      <Anchor component={Link} to="/settings" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
        <IconArrowLeft size={16} aria-hidden /> {t('back')}
      </Anchor>
      <Title order={1}>{t('title')}</Title>
      <Text c="dimmed">{t('intro')}</Text>
      <MemberOnly>{() => <CardSkeletons count={1} avatar={false} />}</MemberOnly>
    </Stack>
  );
}
