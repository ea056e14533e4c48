import { Stack, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { MemberOnly } from '../../../components/MemberOnly';
import { TakenOver } from '../../../components/TakenOver';
import { PageMeta } from '../../../lib/head';
import { FeedSkeleton } from '../components/FeedColumns';

// A visitor sees only the landing card: the member's screen (feed, menus, the post form) is a chunk
// of its own, which the server preloads only for a signed-in member (platform/page-preloads.ts).
const MemberHome = lazy(() => import('../components/MemberHome'));

/**
 * docs/product/feed.md, "Posts home": the landing card for visitors; events, add post, feed and sidebar for
 * members.
 */
export default function PostsHome() {
  const { t } = useTranslation('posts');
  return (
    <Stack gap="md">
      <PageMeta title={t('home.title')} description={t('home.description')} />
      <Title order={1} className="samaj-sr-only">
        {t('home.title')}
      </Title>
      <MemberOnly title={t('home.welcome')} message={t('home.intro')} loading={<FeedSkeleton />}>
        {(user) => (
          <Suspense fallback={<FeedSkeleton />}>
            <MemberHome me={user.id} />
            <TakenOver />
          </Suspense>
        )}
      </MemberOnly>
    </Stack>
  );
}
