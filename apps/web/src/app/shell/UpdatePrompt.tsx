// A new version of the app is installed and waiting: the member chooses when to reload into it.
import { Button, Group, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reloadIntoUpdate } from '../../lib/serviceWorker';

export default function UpdatePrompt() {
  const { t } = useTranslation('shell');
  const [switching, setSwitching] = useState(false);
  return (
    <Paper role="status" data-testid="update-prompt" shadow="lg" radius="md" p="md" withBorder>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm">{t('update.text')}</Text>
        <Button
          size="compact-md"
          loading={switching}
          onClick={() => {
            setSwitching(true);
            reloadIntoUpdate();
          }}
        >
          {t('update.reload')}
        </Button>
      </Group>
    </Paper>
  );
}
