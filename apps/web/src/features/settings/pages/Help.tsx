import { Anchor, Card, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SettingsSubpage } from '../../../components/SettingsSubpage';
import { usePublicConfig } from '../../../lib/publicConfig';

const TOPICS = ['surnames', 'posts', 'profile', 'matrimony', 'events', 'language'] as const;

export default function Help() {
  const { t } = useTranslation('settings');
  const { data: config } = usePublicConfig();
  const email = config?.contactEmail;
  const phone = config?.contactPhone;
  return (
    <SettingsSubpage title={t('help')} description={t('helpPage.description')}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('helpPage.howTo')}
        </Title>
        <List spacing="xs">
          {TOPICS.map((topic) => (
            <List.Item key={topic}>{t(`helpPage.topics.${topic}`)}</List.Item>
          ))}
        </List>
      </Stack>
      <Card>
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('helpPage.contact')}
          </Title>
          {email || phone ? (
            <>
              <Text>{t('helpPage.contactIntro')}</Text>
              {email && (
                <Text>
                  {t('helpPage.email')}: <Anchor href={`mailto:${email}`}>{email}</Anchor>
                </Text>
              )}
              {phone && (
                <Text>
                  {t('helpPage.phone')}: <Anchor href={`tel:${phone.replace(/\s/g, '')}`}>{phone}</Anchor>
                </Text>
              )}
            </>
          ) : (
            <Text c="dimmed">{t('helpPage.noContact')}</Text>
          )}
        </Stack>
      </Card>
    </SettingsSubpage>
  );
}
