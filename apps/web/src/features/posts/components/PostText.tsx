import { POST_FEED_TRUNCATE, truncateAtWord } from '@samaj/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './PostCard.module.css';

/** The post's text; in the feed cut near POST_FEED_TRUNCATE graphemes (core's rule) with a 'more' link. */
export function PostText({ text, full }: { text: string; full: boolean }) {
  const { t } = useTranslation('posts');
  const [expanded, setExpanded] = useState(false);
  const cut = truncateAtWord(text, POST_FEED_TRUNCATE);
  // 'more' only when something was cut: 60 emoji are 120 UTF-16 units but fit in 100 graphemes.
  const long = cut !== text;
  const shown = full || expanded ? text : cut;
  return (
    <p className={`${classes.text} ${classes.md}`}>
      {shown}
      {!full && long && !expanded && (
        <>
          {' '}
          <button
            type="button"
            className={`${classes.reset} ${classes.link} ${classes.more}`}
            onClick={() => setExpanded(true)}
          >
            {t('card.more')}
          </button>
        </>
      )}
    </p>
  );
}
