import { Button, Group, Stack, Title } from '@mantine/core';
import { SINGLE_POST_MAX_WIDTH } from '@samaj/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { CardSkeletons } from '../../../components/CardSkeletons';
import { MemberOnly } from '../../../components/MemberOnly';
import { TakenOver } from '../../../components/TakenOver';
import { PageMeta, useShareCard } from '../../../lib/head';

function goBack(navigate: ReturnType<typeof useNavigate>) {
  const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
  if (idx > 0) navigate(-1);
  else navigate('/posts');
}

// A visitor sees a login prompt here: the post itself (card, comments, menus) is a chunk of its own,
// preloaded only for a signed-in member (page preloads).
const PostView = lazy(() => import('../components/SinglePostView'));

/** docs/product/feed.md, "Single post": back button, the post with all its comments and the comment form. */
export default function SinglePost() {
  const { t } = useTranslation('posts');
  const { t: tc } = useTranslation('common');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const card = useShareCard('post', id);
  return (
    <Stack gap="md" align="center">
      {card ? (
        <PageMeta
          title={t('single.byline', { name: card.name || tc('unknownUser') })}
          description={card.text || t('single.description')}
          image={card.image}
        />
      ) : (
        <PageMeta title={t('single.title')} description={t('single.description')} />
      )}
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
          {(user) => (
            <Suspense fallback={<CardSkeletons count={1} />}>
              <PostView id={id} me={user.id} />
              <TakenOver />
            </Suspense>
          )}
        </MemberOnly>
      </Stack>
    </Stack>
  );
}
