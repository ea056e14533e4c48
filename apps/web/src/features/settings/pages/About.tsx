import { Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SettingsSubpage } from '../../../components/SettingsSubpage';
import { useCommunityName } from '../../../lib/head';
import { useCommunityAbout, usePublicConfig } from '../../../lib/publicConfig';

export default function About() {
  const { t } = useTranslation('settings');
  const { data: config } = usePublicConfig();
  const community = useCommunityName();
  const about = useCommunityAbout();
  return (
    <SettingsSubpage title={t('about')} description={t('aboutPage.description')}>
      <Card>
        <Stack gap="xs">
          <Title order={2} size="h4">
            {community}
          </Title>
          <Text style={{ whiteSpace: 'pre-line' }}>{about}</Text>
        </Stack>
      </Card>
      {config?.version && (
        <Text c="dimmed" size="sm">
          {t('aboutPage.version', { version: config.version })}
        </Text>
      )}
    </SettingsSubpage>
  );
}
