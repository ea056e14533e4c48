import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageMeta } from '../../../lib/head';

export default function NotFound() {
  const { t } = useTranslation('errors');
  return (
    <Stack align="center" gap="sm" py={48}>
      <PageMeta title={t('notFound.metaTitle')} description={t('notFound.message')} />
      <Text fz={72} fw={700} lh={1} c="orange.8">
        {t('notFound.code')}
      </Text>
      <Title order={1}>{t('notFound.title')}</Title>
      <Text c="dimmed" ta="center" maw={420}>
        {t('notFound.message')}
      </Text>
      <Button component={Link} to="/" mt="sm">
        {t('notFound.home')}
      </Button>
    </Stack>
  );
}
