import { Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '../../../lib/head';

// Interim page from the web shell: heading, intro and the four loading cards of SPEC §2;
// the surnames feature replaces it with the real list.
export default function SurnameList() {
  const { t } = useTranslation('surnames');
  return (
    <Stack gap="md">
      <PageMeta title={t('list.title')} description={t('list.description')} />
      <Title order={1}>{t('list.title')}</Title>
      <Text c="dimmed">{t('list.intro')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} aria-busy="true">
        {[0, 1, 2, 3].map((i) => (
          <Card key={i} withBorder padding="md">
            <Skeleton height={16} width="45%" />
            <Skeleton height={10} width="30%" mt="sm" />
            <Skeleton height={10} mt="sm" />
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
