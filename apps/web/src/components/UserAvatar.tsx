import { Avatar } from '@mantine/core';
import type { UserSummary } from '@samaj/core';
import { useTranslation } from 'react-i18next';
import { previewUrl } from '../lib/previewUrl';

/**
 * A member's picture from the 100 px preview (the default picture when they have none). Named
 * for screen readers unless `decorative` (the name is written right beside it).
 */
export function UserAvatar({
  user,
  size = 40,
  decorative = false,
}: {
  user: UserSummary;
  size?: number;
  decorative?: boolean;
}) {
  const { t } = useTranslation('common');
  const name = user.name || t('unknownUser');
  return (
    <Avatar
      src={previewUrl(user.dp, 100)}
      alt={decorative ? '' : t('profilePicture', { name })}
      size={size}
      radius="xl"
      imageProps={{ loading: 'lazy', width: size, height: size }}
    />
  );
}
