import { Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCommunityName } from '../../../lib/head';
import { useCommunityAbout } from '../../../lib/publicConfig';

/** The about note and the copyright line (from the operator's configuration). */
export function FeedSidebar() {
  const { t } = useTranslation('posts');
  const about = useCommunityAbout();
  const name = useCommunityName();
  return (
    <Stack gap="sm" component="aside">
      <Card>
        <Title order={2} size="h5" mb={6}>
          {t('sidebar.about')}
        </Title>
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
          {about}
        </Text>
      </Card>
      <Text size="xs" c="dimmed" px="xs">
        {t('sidebar.copyright', { year: new Date().getFullYear(), name })}
      </Text>
    </Stack>
  );
}
