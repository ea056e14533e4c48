// Requested posts, oldest first: approve, reject (with an optional reason the author will read),
// or unlist. A decided post leaves the queue when the list refreshes.
import { Button, Card, Group, Image, Stack, Text, Textarea } from '@mantine/core';
import { MODERATION_REASON_MAX, type PostDecision, type QueuedPost } from '@samaj/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../../components/PagedList';
import { previewUrl } from '../../../lib/previewUrl';
import { useDecidePost, usePostQueue } from '../api/queues';
import { ActionError } from './ActionError';
import { AuthorLine } from './AuthorLine';

export default function PostQueue() {
  const { t } = useTranslation('admin');
  const query = usePostQueue();
  return (
    <PagedList query={query} empty={t('posts.empty')}>
      {(post) => <QueuedPostCard key={post.id} post={post} />}
    </PagedList>
  );
}

export function PostImage({ file }: { file: string }) {
  const { t } = useTranslation('admin');
  return (
    <a href={`/api/files/${encodeURIComponent(file)}/preview`} target="_blank" rel="noreferrer">
      <Image
        src={previewUrl(file, 490)}
        alt={t('posts.image')}
        radius="sm"
        maw={490}
        mah={360}
        fit="contain"
        loading="lazy"
        style={{ background: 'var(--mantine-color-gray-1)' }}
      />
    </a>
  );
}

function QueuedPostCard({ post }: { post: QueuedPost }) {
  const { t } = useTranslation('admin');
  const decide = useDecidePost();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState<PostDecision | null>(null);

  const send = (status: PostDecision) => {
    setPending(status);
    decide.mutate(
      { id: post.id, status, reason: status === 'rejected' ? reason.trim() : undefined },
      { onSettled: () => setPending(null) },
    );
  };
  const busy = decide.isPending;

  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-label={t('posts.cardLabel', { name: post.user.name || post.user.id })}
    >
      <Stack gap="sm">
        <AuthorLine user={post.user} date={post.createdAt} />
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{post.description}</Text>
        {post.file && <PostImage file={post.file} />}
        {decide.isError && <ActionError />}
        {rejecting ? (
          <Stack gap="xs">
            <Textarea
              label={t('posts.reasonLabel')}
              description={t('posts.reasonHint')}
              value={reason}
              maxLength={MODERATION_REASON_MAX}
              autosize
              minRows={2}
              onChange={(e) => setReason(e.currentTarget.value)}
            />
            <Group gap="xs">
              <Button
                color="red"
                loading={pending === 'rejected'}
                disabled={busy}
                onClick={() => send('rejected')}
              >
                {t('posts.confirmReject')}
              </Button>
              <Button variant="default" disabled={busy} onClick={() => setRejecting(false)}>
                {t('cancel')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Group gap="xs">
            <Button
              color="green"
              loading={pending === 'approved'}
              disabled={busy}
              onClick={() => send('approved')}
            >
              {t('posts.approve')}
            </Button>
            <Button color="red" variant="light" disabled={busy} onClick={() => setRejecting(true)}>
              {t('posts.reject')}
            </Button>
            <Button
              color="gray"
              variant="light"
              loading={pending === 'unlisted'}
              disabled={busy}
              onClick={() => send('unlisted')}
            >
              {t('posts.unlist')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
