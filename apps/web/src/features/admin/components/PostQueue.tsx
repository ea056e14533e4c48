// Requested posts, oldest first: approve, reject (with an optional reason the author will read),
// or unlist. A decided post leaves the queue when the list refreshes.
import { Image, Text } from '@mantine/core';
import { MODERATION_REASON_MAX, type PostDecision, type QueuedPost } from '@samaj/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GrowingTextarea } from '../../../components/GrowingTextarea';
import { PagedList } from '../../../components/PagedList';
import { APPROVE_COLOR, QueueActions, QueueCard, usePendingDecision } from '../../../components/QueueCard';
import { pictureAspect, previewUrl } from '../../../lib/previewUrl';
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

/** A queued post's picture; its place is kept before it arrives, so the buttons below never move under a thumb. */
export function PostImage({
  file,
  width,
  height,
}: {
  file: string;
  width: number | null;
  height: number | null;
}) {
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
        style={{
          background: 'var(--mantine-color-gray-1)',
          aspectRatio: pictureAspect(width, height),
        }}
      />
    </a>
  );
}

function QueuedPostCard({ post }: { post: QueuedPost }) {
  const { t } = useTranslation('admin');
  const decide = useDecidePost();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const { pending, send } = usePendingDecision<PostDecision>((status, options) =>
    decide.mutate(
      { id: post.id, status, reason: status === 'rejected' ? reason.trim() : undefined },
      options,
    ),
  );

  return (
    <QueueCard label={t('posts.cardLabel', { name: post.user.name || post.user.id })}>
      <AuthorLine user={post.user} date={post.createdAt} />
      <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{post.description}</Text>
      {post.file && <PostImage file={post.file} width={post.fileWidth} height={post.fileHeight} />}
      {decide.isError && <ActionError />}
      {rejecting && (
        <GrowingTextarea
          label={t('posts.reasonLabel')}
          description={t('posts.reasonHint')}
          value={reason}
          maxLength={MODERATION_REASON_MAX}
          minRows={2}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
      )}
      <QueueActions
        pending={pending}
        onDecide={send}
        busy={decide.isPending}
        actions={
          rejecting
            ? [
                { key: 'rejected', label: t('posts.confirmReject'), color: 'red' },
                { key: 'cancel', label: t('cancel'), variant: 'default', onClick: () => setRejecting(false) },
              ]
            : [
                { key: 'approved', label: t('posts.approve'), color: APPROVE_COLOR },
                {
                  key: 'reject',
                  label: t('posts.reject'),
                  color: 'red',
                  variant: 'light',
                  onClick: () => setRejecting(true),
                },
                { key: 'unlisted', label: t('posts.unlist'), color: 'gray', variant: 'light' },
              ]
        }
      />
    </QueueCard>
  );
}
