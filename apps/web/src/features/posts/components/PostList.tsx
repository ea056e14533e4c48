import { Button, Card, Stack, Text } from '@mantine/core';
import { POST_CARD_MAX_WIDTH } from '@samaj/core';
import { useDeferredValue, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CardSkeletons } from '../../../components/CardSkeletons';
import { useFeed } from '../api/posts';
import classes from './Feed.module.css';
import { PostCard } from './PostCard';

interface PostListProps {
  /** null: the feed; a username: that member's posts. */
  userId: string | null;
  me: string;
}

/** Posts a page at a time; the next page loads when the bottom marker scrolls into view. */
export function PostList({ userId, me }: PostListProps) {
  const { t } = useTranslation('posts');
  const feed = useFeed(userId);
  const marker = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isError } = feed;
  // Posts arriving (the first page, the next) are drawn in a render React can interrupt, as MemberHome.
  const data = useDeferredValue(feed.data);
  // The next page is asked for only once the last one is drawn: asked while the drawing of the cards
  // lagged behind (a deferred render, interrupted by each answer), the marker was still in view below
  // the old cards, so page after page was fetched and none drawn until the feed ran out. Pages are
  // counted, not the data compared: a like or a comment changes the data, not what is drawn below.
  const drawn = (data?.pages.length ?? 0) === (feed.data?.pages.length ?? 0);

  useEffect(() => {
    const node = marker.current;
    if (!node || !hasNextPage || isError || !drawn) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) fetchNextPage();
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, isError, drawn]);

  if (feed.isPending || (data === undefined && feed.data !== undefined))
    return (
      <Stack w="100%" maw={POST_CARD_MAX_WIDTH}>
        <CardSkeletons count={3} />
      </Stack>
    );
  if (data === undefined) {
    return (
      <Card w="100%" maw={POST_CARD_MAX_WIDTH}>
        <Stack align="center" gap="sm">
          <Text>{t('feed.loadFailed')}</Text>
          <Button variant="light" onClick={() => feed.refetch()}>
            {t('feed.retry')}
          </Button>
        </Stack>
      </Card>
    );
  }
  const posts = data.pages.flatMap((p) => p.documents);
  if (posts.length === 0) {
    return (
      <Card w="100%" maw={POST_CARD_MAX_WIDTH} padding="xl">
        <Stack align="center" gap={4}>
          <Text fw={600}>{userId ? t('profile.empty') : t('feed.empty')}</Text>
          {!userId && (
            <Text size="sm" c="dimmed" ta="center">
              {t('feed.emptyText')}
            </Text>
          )}
        </Stack>
      </Card>
    );
  }
  return (
    <div className={classes.list} data-feed>
      {posts.map((post, i) => (
        <PostCard key={post.id} post={post} me={me} first={i === 0} />
      ))}
      {(isFetchingNextPage || !drawn) && (
        <div className={classes.wide} style={{ maxWidth: POST_CARD_MAX_WIDTH }}>
          <CardSkeletons count={1} />
        </div>
      )}
      <div ref={marker} data-feed-end aria-hidden style={{ height: 1, width: '100%' }} />
      {!hasNextPage && posts.length > 3 && <p className={classes.end}>{t('feed.end')}</p>}
    </div>
  );
}
