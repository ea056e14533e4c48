// The live event screen (docs/product/live-video.md, "Live screen"): signed-in members only (a visitor goes
// to login and comes back). The host starts and ends the stream from here; other members watch while it is
// live and see 'Not Started' otherwise. Live changes arrive over the realtime socket.
import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { TakenOver } from '../../../components/TakenOver';
import { PageMeta, useShareCard } from '../../../lib/head';
import { useCurrentUser } from '../../../lib/session';
import { VisitorEventDetails } from '../components/EventDetails';

// The stage, the controls and the peer-to-peer or SFU transport are a chunk of their own, which the
// server preloads only for a signed-in member (platform/page-preloads.ts).
const EventScreen = lazy(() => import('../components/EventScreen'));

/**
 * The event's name, date, place and cover (its share card: an event has a cover "for share
 * previews", and a shared invitation must say what it is about even to a visitor's link preview).
 */
function EventMeta({ id }: { id: string }) {
  const { t } = useTranslation('events');
  const card = useShareCard('event', id);
  if (!card) return <PageMeta title={t('list.title')} description={t('live.description')} />;
  return <PageMeta title={card.name} description={card.text || t('live.description')} image={card.image} />;
}

export default function LiveEvent() {
  const { t } = useTranslation('events');
  const { id = '' } = useParams();
  const { user } = useCurrentUser();
  if (user === undefined) {
    return (
      <Center mih={240}>
        <Loader aria-label={t('live.title')} />
      </Center>
    );
  }
  return (
    <>
      <EventMeta id={id} />
      {/* A visitor learns what the event is (its head tags) and is asked to log in, coming back here. */}
      {user === null ? (
        <VisitorEventDetails id={id} />
      ) : (
        <Suspense
          fallback={
            <Center mih={240}>
              <Loader aria-label={t('live.title')} />
            </Center>
          }
        >
          <EventScreen key={id} id={id} me={user} />
          <TakenOver />
        </Suspense>
      )}
    </>
  );
}
