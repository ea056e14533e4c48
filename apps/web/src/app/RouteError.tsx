import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// Reached when rendering a route throws — most often a page chunk that vanished after a
// deploy, which a reload fixes; so the way out offered is a reload.
export function RouteError() {
  const { t } = useTranslation('errors');
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" role="alert">
        <Title order={1} size="h2">
          {t('crash.title')}
        </Title>
        <Text c="dimmed" ta="center">
          {t('crash.message')}
        </Text>
        <Button onClick={() => window.location.reload()}>{t('crash.reload')}</Button>
      </Stack>
    </Center>
  );
}
