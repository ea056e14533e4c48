import { Box, Group, Stack } from '@mantine/core';
import { CardSkeletons } from '../../../components/CardSkeletons';
import { useEvents, useFeed } from '../api/posts';
import { AddPost } from './AddPost';
import { EventsStrip } from './EventsStrip';
import { FeedSidebar } from './FeedSidebar';
import { PostList } from './PostList';

/**
 * Events, add post, feed and sidebar. The column appears once the events strip is known: bubbles
 * arriving after the feed would push everything below them down. The feed's first page is asked for
 * at the same time, not after (PostList reads the same query).
 */
export default function MemberHome({ me }: { me: string }) {
  const events = useEvents(true);
  useFeed(null);
  if (events.isPending) return <CardSkeletons count={3} />;
  return (
    <Group align="flex-start" justify="center" gap="xl" wrap="nowrap">
      <Stack gap="md" align="center" style={{ flex: '1 1 auto', minWidth: 0, maxWidth: 480 }}>
        <EventsStrip />
        <AddPost />
        <PostList userId={null} me={me} />
      </Stack>
      <Box visibleFrom="md" w={280} style={{ flex: '0 0 280px', position: 'sticky', top: 72 }}>
        <FeedSidebar />
      </Box>
    </Group>
  );
}
