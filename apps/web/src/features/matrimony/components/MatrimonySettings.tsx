// Matrimony settings: the gotra filter (issue 9). Suggestions leave out one's own gotra by default;
// where a gotra is unknown the filter cannot apply, and the switch says so.
import { Button, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import type { MyProfile } from '@samaj/core';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/FormError';
import { useErrorMessage } from '../../../lib/errors';
import { useSaveSettings } from '../api/matrimony';

interface Props {
  profile: MyProfile;
  opened: boolean;
  onClose: () => void;
}

export function MatrimonySettings({ profile, opened, onClose }: Props) {
  const { t } = useTranslation('matrimony');
  const save = useSaveSettings();
  const explain = useErrorMessage();
  return (
    <Modal opened={opened} onClose={onClose} title={t('settings.title')} centered>
      <Stack gap="md">
        <Switch
          checked={profile.gotraFilter}
          disabled={save.isPending}
          onChange={(event) => save.mutate({ gotraFilter: event.currentTarget.checked })}
          label={t('settings.gotraFilter')}
          description={t('settings.gotraFilterHint')}
        />
        <Text size="sm" c="dimmed">
          {profile.gotra ? t('settings.gotra', { gotra: profile.gotra }) : t('settings.gotraUnknown')}
        </Text>
        <FormError message={save.isError ? explain(save.error) : null} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('settings.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
