import { ActionIcon, Anchor, Group, Stack, Text, TextInput } from '@mantine/core';
import { COMMENT_MAX, type CommentView, type PostView } from '@samaj/core';
import { IconSend, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RelativeTime } from '../../../components/RelativeTime';
import { UserAvatar } from '../../../components/UserAvatar';
import { useKeepTyped } from '../../../lib/keepTyped';

interface CommentListProps {
  comments: CommentView[];
  me: string;
  busy: boolean;
  onDelete: (comment: CommentView) => void;
}

export function CommentList({ comments, me, busy, onDelete }: CommentListProps) {
  const { t } = useTranslation('posts');
  const { t: tc } = useTranslation('common');
  if (comments.length === 0) return null;
  return (
    <Stack
      gap={8}
      component="ul"
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
      aria-label={t('card.allComments')}
    >
      {comments.map((c) => (
        <Group key={c.id} component="li" gap="xs" wrap="nowrap" align="flex-start" data-comment={c.id}>
          <UserAvatar user={c.user} size={28} />
          <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
            <Group gap={6} wrap="nowrap">
              <Anchor component={Link} to={`/profile/${c.creator}`} size="sm" fw={600} c="inherit" truncate>
                {c.user.name || tc('unknownUser')}
              </Anchor>
              <RelativeTime date={c.createdAt} />
            </Group>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {c.comment}
            </Text>
          </Stack>
          {c.creator === me && (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              disabled={busy}
              onClick={() => onDelete(c)}
              aria-label={t('comments.delete')}
            >
              <IconTrash size={14} />
            </ActionIcon>
          )}
        </Group>
      ))}
    </Stack>
  );
}

/** 'Add Comment': send disabled while posting or empty (SPEC §5). Resolves true when saved. */
export function CommentForm({
  post,
  busy,
  onSend,
}: {
  post: PostView;
  busy: boolean;
  onSend: (text: string) => Promise<boolean>;
}) {
  const { t } = useTranslation('posts');
  const [text, setText] = useState('');
  const field = useRef<HTMLInputElement>(null);
  useKeepTyped(field, setText);
  const empty = text.trim().length === 0;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (empty || busy) return;
    if (await onSend(text.trim())) setText('');
  };
  return (
    <form onSubmit={submit} aria-label={t('comments.placeholder')} data-post={post.id}>
      <Group gap="xs" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          ref={field}
          placeholder={t('comments.placeholder')}
          aria-label={t('comments.placeholder')}
          value={text}
          maxLength={COMMENT_MAX}
          onChange={(e) => setText(e.currentTarget.value)}
          radius="xl"
        />
        <ActionIcon
          type="submit"
          size="lg"
          radius="xl"
          disabled={empty || busy}
          aria-label={t('comments.send')}
        >
          <IconSend size={18} />
        </ActionIcon>
      </Group>
    </form>
  );
}
