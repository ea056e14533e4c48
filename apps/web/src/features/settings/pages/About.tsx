import { Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCommunityName } from '../../../lib/head';
import { usePublicConfig } from '../../../lib/publicConfig';
import { SettingsSubpage } from '../components/SettingsSubpage';

export default function About() {
  const { t } = useTranslation('settings');
  const { data: config } = usePublicConfig();
  const community = useCommunityName();
  return (
    <SettingsSubpage title={t('about')} description={t('aboutPage.description')}>
      <Card withBorder radius="md" padding="md">
        <Stack gap="xs">
          <Title order={2} size="h4">
            {community}
          </Title>
          {config?.communityAbout && <Text style={{ whiteSpace: 'pre-line' }}>{config.communityAbout}</Text>}
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
