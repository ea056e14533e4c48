import { Anchor, Card, Skeleton, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageMeta } from '../../../lib/head';

// Interim page from the web shell; the surnames feature replaces it. Shows how a page sets the
// spec's raw title '{id} - surname' (the community suffix is added by PageMeta).
export default function SurnameDetail() {
  const { t } = useTranslation('surnames');
  const { id = '' } = useParams();
  return (
    <Stack gap="md">
      <PageMeta title={t('detail.pageTitle', { id })} description={t('detail.description', { id })} />
      <Anchor component={Link} to="/surnames" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
        <IconArrowLeft size={16} aria-hidden /> {t('detail.back')}
      </Anchor>
      <Title order={1} className="samaj-sr-only">
        {id}
      </Title>
      <Card withBorder padding="lg" aria-busy="true">
        <Skeleton height={28} width="40%" />
        <Skeleton height={12} width="25%" mt="md" />
        <Skeleton height={12} mt="lg" />
        <Skeleton height={12} mt="sm" width="90%" />
        <Skeleton height={12} mt="sm" width="70%" />
      </Card>
    </Stack>
  );
}
