// The edit-profile strip (docs/product/matrimony.md, "Dashboard"): the member's photo and name, with edit,
// hide, the printable biodata and the matrimony settings.
import { Avatar, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { MyProfile } from '@samaj/core';
import { IconEdit, IconEyeOff, IconPhoto, IconPrinter, IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../lib/errors';
import { useSetStatus } from '../api/matrimony';
import { MatrimonySettings } from './MatrimonySettings';
import { ownPhotoSrc } from './photos/ownPhoto';
import { PhotosDialog } from './photos/PhotoManager';

export function EditStrip({ profile, onEdit }: { profile: MyProfile; onEdit: () => void }) {
  const { t } = useTranslation('matrimony');
  const hide = useSetStatus();
  const explain = useErrorMessage();
  const [settingsOpen, settings] = useDisclosure(false);
  const [photosOpen, photos] = useDisclosure(false);
  const onHide = () =>
    hide.mutate('inactive', {
      onSuccess: () => notifications.show({ message: t('strip.hidden'), color: 'teal' }),
      onError: (error) =>
        notifications.show({ message: t('strip.failed', { message: explain(error) }), color: 'red' }),
    });
  return (
    <Card component="section" aria-label={t('strip.label')}>
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <Avatar
            src={profile.dp ? ownPhotoSrc(profile.id, profile.dp, 0) : null}
            size={56}
            radius="xl"
            alt=""
            name={profile.name}
            color="initials"
          />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {profile.name}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {[profile.education, profile.career].filter(Boolean).join(' · ')}
            </Text>
          </Stack>
        </Group>
        <Group gap="xs">
          <Button size="xs" variant="light" leftSection={<IconEdit size={16} aria-hidden />} onClick={onEdit}>
            {t('strip.edit')}
          </Button>
          {profile.status === 'active' && (
            <StripButton icon={IconEyeOff} loading={hide.isPending} onClick={onHide}>
              {t('strip.hide')}
            </StripButton>
          )}
          <StripButton icon={IconPhoto} onClick={photos.open}>
            {t('strip.photos', { count: profile.photos?.length ?? 0 })}
          </StripButton>
          <StripButton icon={IconPrinter} onClick={() => window.print()}>
            {t('strip.biodata')}
          </StripButton>
          <StripButton icon={IconSettings} onClick={settings.open}>
            {t('strip.settings')}
          </StripButton>
        </Group>
      </Stack>
      <MatrimonySettings profile={profile} opened={settingsOpen} onClose={settings.close} />
      <PhotosDialog profile={profile} opened={photosOpen} onClose={photos.close} />
    </Card>
  );
}

function StripButton({
  icon: Icon,
  children,
  ...props
}: {
  icon: typeof IconEdit;
  children: React.ReactNode;
  loading?: boolean;
  onClick: () => void;
}) {
  return (
    <Button size="xs" variant="default" leftSection={<Icon size={16} aria-hidden />} {...props}>
      {children}
    </Button>
  );
}
