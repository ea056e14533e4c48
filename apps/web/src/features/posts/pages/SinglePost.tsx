import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { SINGLE_POST_MAX_WIDTH, truncateGraphemes } from '@samaj/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { CardSkeletons } from '../../../components/CardSkeletons';
import { MemberOnly } from '../../../components/MemberOnly';
import { ApiError } from '../../../lib/api';
import { PageMeta } from '../../../lib/head';
import { previewUrl } from '../../../lib/previewUrl';
import { useCurrentUser } from '../../../lib/session';
import { usePost } from '../api/posts';
import { PostCard } from '../components/PostCard';

function goBack(navigate: ReturnType<typeof useNavigate>) {
  const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
  if (idx > 0) navigate(-1);
  else navigate('/posts');
}

function PostView({ id, me }: { id: string; me: string }) {
  const { t } = useTranslation('posts');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const query = usePost(id);
  if (query.isPending) return <CardSkeletons count={1} />;
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.code === 404;
    return (
      <Card withBorder padding="xl" maw={SINGLE_POST_MAX_WIDTH} w="100%">
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
  const name = post.user.name || tc('unknownUser');
  return (
    <>
      <PageMeta
        title={t('single.byline', { name })}
        description={truncateGraphemes(post.description, 160)}
        image={post.file ? previewUrl(post.file, 490) : undefined}
      />
      <PostCard
        post={post}
        me={me}
        full
        maxWidth={SINGLE_POST_MAX_WIDTH}
        onDeleted={() => navigate('/posts', { replace: true })}
      />
    </>
  );
}

/** SPEC §2 Single post: back button, the post with all its comments and the comment form. */
export default function SinglePost() {
  const { t } = useTranslation('posts');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const loaded = !!usePost(id, !!user).data;
  return (
    <Stack gap="md" align="center">
      {/* The loaded post sets its own title, description and image instead. */}
      {!loaded && <PageMeta title={t('single.title')} description={t('single.description')} />}
      <Title order={1} className="samaj-sr-only">
        {t('single.title')}
      </Title>
      <Group w="100%" maw={SINGLE_POST_MAX_WIDTH}>
        <Button
          variant="subtle"
          color="gray"
          leftSection={<IconArrowLeft size={18} />}
          onClick={() => goBack(navigate)}
        >
          {t('single.back')}
        </Button>
      </Group>
      <Stack w="100%" maw={SINGLE_POST_MAX_WIDTH} align="center">
        <MemberOnly loading={<CardSkeletons count={1} />}>
          {(user) => <PostView id={id} me={user.id} />}
        </MemberOnly>
      </Stack>
    </Stack>
  );
}
