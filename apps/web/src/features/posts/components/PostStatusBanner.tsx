import { Alert, Text } from '@mantine/core';
import { type PostView, postStatusDisplay, STATUS_PALETTE } from '@samaj/core';
import { IconClockHour4, IconEyeOff, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const ICONS = { warning: IconClockHour4, error: IconX, neutral: IconEyeOff } as const;

/**
 * docs/product/feed.md, "Post status": a post that is not approved shows its status instead of reactions,
 * comments and share.
 */
export function PostStatusBanner({ post }: { post: PostView }) {
  const { t } = useTranslation('posts');
  const { label, color } = postStatusDisplay(post.status);
  if (!label || !color) return null;
  const Icon = ICONS[color];
  const shade = STATUS_PALETTE[color];
  return (
    <Alert
      variant="light"
      // Core's shades, not Mantine's light variant: its yellow title was 2.7:1 on its tint (AA needs 4.5).
      style={{
        '--alert-color': shade.text,
        '--alert-bg': shade.background,
        '--alert-bd': `1px solid ${shade.border}`,
      }}
      icon={<Icon size={18} />}
      title={t(`status.${label}`)}
      data-status={post.status}
      role="status"
    >
      {post.status === 'requested' && <Text size="sm">{t('status.underReviewText')}</Text>}
      {post.status === 'rejected' && post.rejectionReason && (
        <Text size="sm">{t('status.reason', { reason: post.rejectionReason })}</Text>
      )}
      {post.status === 'unlisted' && <Text size="sm">{t('status.privateText')}</Text>}
    </Alert>
  );
}
