import { useDeferredValue } from 'react';
import { useEvents, useFeed } from '../api/posts';
import { AddPost } from './AddPost';
import { EventsStrip } from './EventsStrip';
import { FeedColumns, FeedSkeleton } from './FeedColumns';
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
  // Arriving later (an in-app visit), the column is drawn in a render React can interrupt (a deferred
  // value renders as a transition): drawn at once, the events, the form and the first posts held a slow
  // phone's main thread for ~700 ms in one piece (4× CPU, docs/decisions/0026-long-renders-are-interruptible.md). Known when the page is
  // rendered (the server's render, hydrated), it is the column from the first render: what the server sent.
  const known = !events.isPending;
  const ready = useDeferredValue(known, known);
  if (!ready) return <FeedSkeleton />;
  return (
    <FeedColumns sidebar={<FeedSidebar />}>
      <EventsStrip />
      <AddPost />
      <PostList userId={null} me={me} />
    </FeedColumns>
  );
}
