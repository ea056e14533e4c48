import type { UserSummary } from '@samaj/core';
import { useTranslation } from 'react-i18next';
import { previewUrl } from '../lib/previewUrl';
import classes from './UserAvatar.module.css';

/**
 * A member's picture from the 100 px preview (the default picture when they have none), round. Named
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
    <img
      className={classes.avatar}
      src={previewUrl(user.dp, 100)}
      alt={decorative ? '' : t('profilePicture', { name })}
      width={size}
      height={size}
      loading="lazy"
    />
  );
}
