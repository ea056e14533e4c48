import { Anchor, Text } from '@mantine/core';
import { POST_FEED_TRUNCATE, truncateGraphemes } from '@samaj/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The post's text; in the feed cut at POST_FEED_TRUNCATE characters with a 'more' link. */
export function PostText({ text, full }: { text: string; full: boolean }) {
  const { t } = useTranslation('posts');
  const [expanded, setExpanded] = useState(false);
  const long = text.length > POST_FEED_TRUNCATE;
  const shown = full || expanded || !long ? text : truncateGraphemes(text, POST_FEED_TRUNCATE);
  return (
    <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {shown}
      {!full && long && !expanded && (
        <>
          {' '}
          <Anchor component="button" type="button" fw={600} onClick={() => setExpanded(true)}>
            {t('card.more')}
          </Anchor>
        </>
      )}
    </Text>
  );
}
