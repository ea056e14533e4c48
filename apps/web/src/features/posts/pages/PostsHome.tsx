import { Box, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CardSkeletons } from '../../../components/CardSkeletons';
import { MemberOnly } from '../../../components/MemberOnly';
import { PageMeta } from '../../../lib/head';
import { AddPost } from '../components/AddPost';
import { EventsStrip } from '../components/EventsStrip';
import { FeedSidebar } from '../components/FeedSidebar';
import { PostList } from '../components/PostList';

/** SPEC §2 Posts home: the landing card for visitors; events, add post, feed and sidebar for members. */
export default function PostsHome() {
  const { t } = useTranslation('posts');
  return (
    <Stack gap="md">
      <PageMeta title={t('home.title')} description={t('home.description')} />
      <Title order={1} className="samaj-sr-only">
        {t('home.title')}
      </Title>
      <MemberOnly title={t('home.welcome')} message={t('home.intro')} loading={<CardSkeletons count={3} />}>
        {(user) => (
          <Group align="flex-start" justify="center" gap="xl" wrap="nowrap">
            <Stack gap="md" align="center" style={{ flex: '1 1 auto', minWidth: 0, maxWidth: 480 }}>
              <EventsStrip />
              <AddPost />
              <PostList userId={null} me={user.id} />
            </Stack>
            <Box visibleFrom="md" w={280} style={{ flex: '0 0 280px', position: 'sticky', top: 72 }}>
              <FeedSidebar />
            </Box>
          </Group>
        )}
      </MemberOnly>
    </Stack>
  );
}
