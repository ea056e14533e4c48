// Matrimony settings: the gotra filter (docs/product/matrimony.md, "Privacy"). Suggestions leave out one's
// own gotra by default; where a gotra is unknown the filter cannot apply, and the switch says so. Below it,
// the profiles I marked Not interested or blocked, each with its undo (docs/product/matrimony.md, "Safety").
import { Badge, Button, Divider, Group, Loader, Modal, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type HiddenProfile, type MyProfile, STATUS_PALETTE } from '@samaj/core';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/FormError';
import { useErrorMessage } from '../../../lib/errors';
import { useHiddenProfiles, useSaveSettings, useUndoHidden } from '../api/matrimony';

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
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('settings.title')}
      centered
      closeButtonProps={{ 'aria-label': t('settings.close') }}
    >
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
        <Divider />
        <HiddenList opened={opened} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('settings.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function HiddenList({ opened }: { opened: boolean }) {
  const { t } = useTranslation('matrimony');
  const query = useHiddenProfiles(opened);
  const undo = useUndoHidden();
  const explain = useErrorMessage();
  const run = (item: HiddenProfile) =>
    undo.mutate(item, {
      onSuccess: () => notifications.show({ message: t('settings.undone', { name: item.firstName }) }),
      onError: (error) =>
        notifications.show({ message: t('card.failed', { message: explain(error) }), color: 'red' }),
    });
  return (
    <Stack gap="xs" component="section" aria-labelledby="matrimony-hidden-title">
      <Title order={3} size="h5" id="matrimony-hidden-title">
        {t('settings.hiddenTitle')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('settings.hiddenIntro')}
      </Text>
      {query.isPending ? (
        <Loader size="sm" aria-hidden />
      ) : query.isError ? (
        <FormError message={explain(query.error)} />
      ) : query.data.length === 0 ? (
        <Text size="sm">{t('settings.hiddenEmpty')}</Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {query.data.map((item) => (
            <Group
              key={`${item.kind}-${item.id}`}
              component="li"
              justify="space-between"
              wrap="nowrap"
              gap="xs"
            >
              <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} truncate>
                  {item.firstName}
                </Text>
                {/* Core's palette: Mantine's light red badge is 3.2:1, under WCAG AA. */}
                <Badge
                  size="sm"
                  variant="light"
                  c={STATUS_PALETTE[item.kind === 'blocked' ? 'error' : 'neutral'].text}
                  bg={STATUS_PALETTE[item.kind === 'blocked' ? 'error' : 'neutral'].background}
                >
                  {item.kind === 'blocked' ? t('settings.blockedLabel') : t('settings.notInterestedLabel')}
                </Badge>
              </Group>
              <Button
                size="xs"
                variant="light"
                loading={
                  undo.isPending && undo.variables?.id === item.id && undo.variables.kind === item.kind
                }
                onClick={() => run(item)}
                aria-label={`${item.kind === 'blocked' ? t('settings.undoBlock') : t('settings.undoNotInterested')}: ${item.firstName}`}
              >
                {item.kind === 'blocked' ? t('settings.undoBlock') : t('settings.undoNotInterested')}
              </Button>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
