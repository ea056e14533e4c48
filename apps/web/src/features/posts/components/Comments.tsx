import { COMMENT_MAX, type CommentView, type PostView } from '@samaj/core';
import { IconSend, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RelativeTime } from '../../../components/RelativeTime';
import { UserAvatar } from '../../../components/UserAvatar';
import { useKeepTyped } from '../../../lib/keepTyped';
import classes from './PostCard.module.css';

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
    <ul className={classes.comments} aria-label={t('card.allComments')}>
      {comments.map((c) => (
        <li key={c.id} className={classes.comment} data-comment={c.id}>
          <UserAvatar user={c.user} size={28} />
          <div className={classes.commentBody}>
            <div className={classes.commentHead}>
              <Link to={`/profile/${c.creator}`} className={`${classes.link} ${classes.name} ${classes.sm}`}>
                {c.user.name || tc('unknownUser')}
              </Link>
              <RelativeTime date={c.createdAt} />
            </div>
            <p className={`${classes.text} ${classes.sm}`}>{c.comment}</p>
          </div>
          {c.creator === me && (
            <button
              type="button"
              className={`${classes.icon} ${classes.small}`}
              disabled={busy}
              onClick={() => onDelete(c)}
              aria-label={t('comments.delete')}
            >
              <IconTrash size={14} />
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * 'Add Comment': send disabled while posting or empty (docs/product/feed.md, "Comments"). Resolves true when
 * saved.
 */
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
    <form
      onSubmit={submit}
      aria-label={t('comments.placeholder')}
      data-post={post.id}
      className={classes.commentForm}
    >
      <input
        ref={field}
        className={classes.field}
        placeholder={t('comments.placeholder')}
        aria-label={t('comments.placeholder')}
        value={text}
        maxLength={COMMENT_MAX}
        onChange={(e) => setText(e.currentTarget.value)}
      />
      <button
        type="submit"
        className={`${classes.icon} ${classes.send}`}
        disabled={empty || busy}
        aria-label={t('comments.send')}
      >
        <IconSend size={18} />
      </button>
    </form>
  );
}
