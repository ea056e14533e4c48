import { Stack, Title } from '@mantine/core';
import { POST_CARD_MAX_WIDTH } from '@samaj/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CardSkeletons } from '../../../components/CardSkeletons';
import { TakenOver } from '../../../components/TakenOver';
import { useCurrentUser } from '../../../lib/session';

// Only a member reads the list (a visitor's profile page is the login card): its code is a chunk the
// server preloads for a member.
const PostList = lazy(() => import('../components/PostList').then((m) => ({ default: m.PostList })));

/**
 * A member's posts under their profile (docs/product/profiles.md, "Profile page"): 'No Posts Yet', more on
 * scroll. The router nests it in the profile page (routes.tsx), so neither feature imports the other.
 */
export default function MemberPosts() {
  const { t } = useTranslation('posts');
  const { id } = useParams();
  const { user } = useCurrentUser();
  if (!user || !id) return null;
  return (
    <Stack gap="sm" align="center" w="100%">
      <Title order={2} size="h4" w="100%" maw={POST_CARD_MAX_WIDTH}>
        {t('profile.title')}
      </Title>
      <Suspense fallback={<CardSkeletons count={2} />}>
        <PostList userId={id} me={user.id} />
        <TakenOver />
      </Suspense>
    </Stack>
  );
}
