import { Avatar, Card, Stack, Text } from '@mantine/core';
import { DEFAULT_PICTURE_ID } from '@samaj/core';
import { useTranslation } from 'react-i18next';
import { CardSkeletons } from '../../../components/CardSkeletons';
import { MemberOnly } from '../../../components/MemberOnly';
import { PictureActions } from '../../../components/PictureActions';
import { SettingsSubpage } from '../../../components/SettingsSubpage';
import { previewUrl } from '../../../lib/previewUrl';
import { ProfileForm } from '../components/ProfileForm';

export default function ManageProfile() {
  const { t } = useTranslation('settings');
  return (
    <SettingsSubpage title={t('manage.title')} description={t('manage.description')}>
      <MemberOnly loading={<CardSkeletons count={1} />}>
        {(user) => (
          <>
            <Card>
              <Stack align="center" gap="sm">
                <Avatar
                  src={previewUrl(user.prefs.dp, 300)}
                  alt={t('manage.pictureAlt')}
                  size={112}
                  radius={112}
                />
                <Text size="sm" c="dimmed">
                  {t('manage.pictureHint')}
                </Text>
                <PictureActions dp={user.prefs.dp ?? DEFAULT_PICTURE_ID} />
              </Stack>
            </Card>
            <Card>
              <ProfileForm key={user.id} user={user} />
            </Card>
          </>
        )}
      </MemberOnly>
    </SettingsSubpage>
  );
}
