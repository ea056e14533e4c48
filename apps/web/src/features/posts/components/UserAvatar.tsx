import { Avatar } from '@mantine/core';
import type { UserSummary } from '@samaj/core';
import { useTranslation } from 'react-i18next';
import { previewUrl } from '../api/types';

/** A member's picture from the 100 px preview (the default picture when they have none). */
export function UserAvatar({ user, size = 40 }: { user: UserSummary; size?: number }) {
  const { t } = useTranslation('posts');
  const name = user.name || t('card.unknownUser');
  return (
    <Avatar
      src={previewUrl(user.dp || 'newuser', 100)}
      alt={t('card.profilePicture', { name })}
      size={size}
      radius="xl"
      imageProps={{ loading: 'lazy', width: size, height: size }}
    />
  );
}
