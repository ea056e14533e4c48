import { Alert, List, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MemberOnly } from '../../../components/MemberOnly';
import { SettingsSubpage } from '../components/SettingsSubpage';

const TOPICS = ['postReviewed', 'reactions', 'events', 'matrimony', 'community'] as const;

export default function Notifications() {
  const { t } = useTranslation('settings');
  return (
    <SettingsSubpage title={t('notifications')} description={t('notificationsPage.description')}>
      <MemberOnly>
        {() => (
          <>
            <Text>{t('notificationsPage.intro')}</Text>
            <List spacing="xs">
              {TOPICS.map((topic) => (
                <List.Item key={topic}>{t(`notificationsPage.topics.${topic}`)}</List.Item>
              ))}
            </List>
            <Alert variant="light" color="blue" icon={<IconInfoCircle aria-hidden />}>
              {t('notificationsPage.comingWithPush')}
            </Alert>
          </>
        )}
      </MemberOnly>
    </SettingsSubpage>
  );
}
