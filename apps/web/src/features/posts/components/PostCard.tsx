import { notifications } from '@mantine/notifications';
import {
  type CommentView,
  formatCount,
  hasLabel,
  POST_CARD_MAX_WIDTH,
  POST_FEED_TRUNCATE,
  type PostView,
  postAllowsReactions,
  truncateAtWord,
} from '@samaj/core';
import {
  IconHeart,
  IconHeartFilled,
  IconMessageCircle,
  IconRosetteDiscountCheckFilled,
  IconShare3,
} from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RelativeTime } from '../../../components/RelativeTime';
import { UserAvatar } from '../../../components/UserAvatar';
import { pictureAspect, previewUrl } from '../../../lib/previewUrl';
import { share } from '../../../lib/share';
import { useDecisionOnOwnPost } from '../api/decision';
import { useAddComment, useDeleteComment, useToggleLike } from '../api/posts';
import { CommentForm, CommentList } from './Comments';
import classes from './PostCard.module.css';
import { PostMenu } from './PostMenu';
import { PostStatusBanner } from './PostStatusBanner';
import { PostText } from './PostText';

const PostImageDialog = lazy(() => import('./PostImageDialog'));

export interface PostCardProps {
  post: PostView;
  /** The viewer's user id. */
  me: string;
  /** Single post page: full text and every comment. */
  full?: boolean;
  /**
   * The first card of a list: its picture is likely the largest thing on the first screen, so it is
   * asked for at once and ahead of the rest (a lazy picture waits for layout). A whole post's always is.
   */
  first?: boolean;
  maxWidth?: number;
  onDeleted?: () => void;
}

/** docs/product/feed.md, "Post card". */
export function PostCard({
  post,
  me,
  full = false,
  first = false,
  maxWidth = POST_CARD_MAX_WIDTH,
  onDeleted,
}: PostCardProps) {
  const { t } = useTranslation('posts');
  const { t: tc } = useTranslation('common');
  // One action at a time per card (docs/product/feed.md, "Likes").
  const [busy, setBusy] = useState(false);
  // The image dialog is loaded and mounted on the first opening, then stays (for its closing).
  const [imageOpen, setImageOpen] = useState<boolean | null>(null);
  const like = useToggleLike();
  const addComment = useAddComment();
  const deleteComment = useDeleteComment();
  useDecisionOnOwnPost(post, me);
  const name = post.user.name || tc('unknownUser');
  const reactions = postAllowsReactions(post.status);

  async function guarded<T>(action: () => Promise<T>, failure: string): Promise<boolean> {
    if (busy) return false;
    setBusy(true);
    try {
      await action();
      return true;
    } catch {
      notifications.show({ color: 'red', message: failure });
      return false;
    } finally {
      setBusy(false);
    }
  }

  const toggleLike = () => guarded(() => like.mutateAsync(post), t('like.failed'));
  const sendComment = (comment: string) =>
    guarded(() => addComment.mutateAsync({ post, comment }), t('comments.failed'));
  const removeComment = (comment: CommentView) =>
    guarded(() => deleteComment.mutateAsync({ post, comment }), t('comments.failed'));

  return (
    <article className={classes.card} style={{ maxWidth }} data-post-id={post.id} data-status={post.status}>
      <div className={classes.body}>
        <div className={classes.head}>
          <div className={classes.author}>
            <Link to={`/profile/${post.creator}`} aria-hidden tabIndex={-1}>
              <UserAvatar user={post.user} size={42} />
            </Link>
            <div className={classes.byline}>
              <div className={classes.nameRow}>
                <Link
                  to={`/profile/${post.creator}`}
                  className={`${classes.link} ${classes.name} ${classes.md}`}
                >
                  {name}
                </Link>
                {hasLabel(post.user.labels, 'Verified') && (
                  <IconRosetteDiscountCheckFilled
                    size={16}
                    color="var(--mantine-color-blue-6)"
                    aria-label={t('card.verified')}
                    role="img"
                  />
                )}
              </div>
              <Link to={`/post/${post.id}`} className={`${classes.link} ${classes.dimmed} ${classes.md}`}>
                <RelativeTime date={post.createdAt} />
              </Link>
            </div>
          </div>
          <PostMenu post={post} mine={post.creator === me} onDeleted={onDeleted} />
        </div>

        <PostText text={post.description} full={full} />

        {post.file && (
          <button
            type="button"
            onClick={() => setImageOpen(true)}
            aria-label={t('card.openImage')}
            className={`${classes.reset} ${classes.picture}`}
          >
            <img
              src={previewUrl(post.file, 490)}
              alt={t('card.image', { name })}
              className={classes.image}
              loading={first || full ? 'eager' : 'lazy'}
              fetchPriority={first || full ? 'high' : undefined}
              // Its place is kept before it arrives: what is below does not jump as it loads.
              style={{
                aspectRatio: pictureAspect(post.fileWidth, post.fileHeight),
                maxHeight: full ? 690 : 520,
              }}
            />
          </button>
        )}

        {!reactions && <PostStatusBanner post={post} />}

        {reactions && (
          <>
            <div className={classes.actions}>
              <div className={classes.counts}>
                <button
                  type="button"
                  onClick={toggleLike}
                  disabled={busy}
                  aria-pressed={!!post.liked}
                  aria-label={post.liked ? t('card.unlike') : t('card.like')}
                  data-action="like"
                  className={`${classes.reset} ${classes.count}`}
                >
                  {post.liked ? (
                    <IconHeartFilled size={22} color="var(--mantine-color-red-6)" />
                  ) : (
                    <IconHeart size={22} />
                  )}
                  <span className={classes.sm} data-like-count>
                    {formatCount(post.likeCount)}
                  </span>
                </button>
                <Link
                  to={`/post/${post.id}`}
                  className={`${classes.link} ${classes.count}`}
                  aria-label={t('card.allComments')}
                >
                  <IconMessageCircle size={22} />
                  <span className={classes.sm}>{formatCount(post.commentCount)}</span>
                </Link>
              </div>
              <button
                type="button"
                className={classes.icon}
                aria-label={t('card.share')}
                onClick={() =>
                  share({
                    url: `/post/${post.id}`,
                    title: name,
                    text: truncateAtWord(post.description, POST_FEED_TRUNCATE),
                  })
                }
              >
                <IconShare3 size={20} />
              </button>
            </div>

            {!full && (
              <Link to={`/post/${post.id}`} className={`${classes.link} ${classes.dimmed} ${classes.sm}`}>
                {post.commentCount > post.comments.length
                  ? t('card.allCommentsCount', { count: post.commentCount })
                  : t('card.allComments')}
              </Link>
            )}
            <CommentList comments={post.comments} me={me} busy={busy} onDelete={removeComment} />
            <CommentForm post={post} busy={busy} onSend={sendComment} />
          </>
        )}
      </div>

      {post.file && imageOpen !== null && (
        <Suspense fallback={null}>
          <PostImageDialog
            opened={imageOpen}
            onClose={() => setImageOpen(false)}
            src={`/api/posts/${post.id}/image`}
            alt={t('card.image', { name })}
          />
        </Suspense>
      )}
    </article>
  );
}
