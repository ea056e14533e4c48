// A post's "…" button. Its menu and dialogs (popover positioning, focus trap, scroll lock, portals)
// load the first time a member presses it: mounted closed on every card, they were a large part of
// the feed's first render and a dozen of its scripts. The code starts loading as the pointer or focus
// reaches the button, so the press rarely waits.
import { ActionIcon } from '@mantine/core';
import type { PostView } from '@samaj/core';
import { IconDots } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

const loadActions = () => import('./PostActions');
const PostActions = lazy(loadActions);

export function PostMenu({
  post,
  mine,
  onDeleted,
}: {
  post: PostView;
  mine: boolean;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation('posts');
  const [used, setUsed] = useState(false);
  // Only approved posts can be reported; an author's own post offers Delete whatever its status.
  if (!mine && post.status !== 'approved') return null;

  const button = (
    <ActionIcon
      variant="subtle"
      color="gray"
      aria-label={t('card.actions')}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void loadActions()}
      onFocus={() => void loadActions()}
      onClick={() => setUsed(true)}
    >
      <IconDots size={18} />
    </ActionIcon>
  );
  if (!used) return button;
  return (
    <Suspense fallback={button}>
      <PostActions post={post} mine={mine} onDeleted={onDeleted} />
    </Suspense>
  );
}
