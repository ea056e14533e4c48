import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { SINGLE_POST_MAX_WIDTH } from '@samaj/core';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CardSkeletons } from '../../../components/CardSkeletons';
import { ApiError } from '../../../lib/api';
import { usePost } from '../api/posts';
import { PostCard } from './PostCard';

/** The single post page's post, with all its comments and the comment form (members only). */
export default function PostView({ id, me }: { id: string; me: string }) {
  const { t } = useTranslation('posts');
  const navigate = useNavigate();
  const query = usePost(id);
  // An answer arriving later comes in a render React can interrupt; one the page was rendered with
  // (the server's render, hydrated) is drawn from the first render, as the server drew it.
  const status = query.isPending ? undefined : query.status;
  const shown = useDeferredValue(status, status);
  if (shown === undefined || query.isPending) return <CardSkeletons count={1} />;
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.code === 404;
    return (
      <Card padding="xl" maw={SINGLE_POST_MAX_WIDTH} w="100%">
        <Stack align="center" gap="sm">
          <Title order={2} size="h4">
            {missing ? t('single.notFound') : t('feed.loadFailed')}
          </Title>
          {missing && (
            <Text c="dimmed" ta="center">
              {t('single.notFoundText')}
            </Text>
          )}
          <Button component={Link} to="/posts" variant="light">
            {t('single.toFeed')}
          </Button>
        </Stack>
      </Card>
    );
  }
  const post = query.data;
  return (
    <PostCard
      post={post}
      me={me}
      full
      maxWidth={SINGLE_POST_MAX_WIDTH}
      onDeleted={() => navigate('/posts', { replace: true })}
    />
  );
}
