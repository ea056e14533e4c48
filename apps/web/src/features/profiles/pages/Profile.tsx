import { Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { MemberOnly } from '../../../components/MemberOnly';
import { Redirect } from '../../../components/Redirect';
import { TakenOver } from '../../../components/TakenOver';
import { PageMeta, useShareCard } from '../../../lib/head';
import { useCurrentUser } from '../../../lib/session';
import { ProfileSkeleton } from '../components/ProfileSkeleton';

// A visitor reads the login card: the profile itself (its header, the owner's picture tools) is a
// chunk of its own, which the server preloads only for a signed-in member (platform/page-preloads.ts).
const MemberProfile = lazy(() => import('../components/MemberProfile'));

/** The member's name and picture (their share card, as a visitor may see them), else "Profile". */
function ProfileMeta({ username }: { username: string }) {
  const { t } = useTranslation('profiles');
  const card = useShareCard('profile', username);
  if (!card) return <PageMeta title={t('title')} description={t('description')} />;
  return (
    <PageMeta
      title={`${card.name} (@${username})`}
      description={t('memberDescription', { name: card.name })}
      image={card.image}
    />
  );
}

export default function Profile() {
  const { id } = useParams();
  const { user } = useCurrentUser();

  // docs/product/shell.md, "Navigation": /profile without an id is the member's own profile, or the way to
  // log in.
  if (!id) {
    if (user === null) return <Redirect to="/login?forward=/profile" replace />;
    if (user) return <Redirect to={`/profile/${encodeURIComponent(user.id)}`} replace />;
  }

  return (
    <Stack gap="md" maw={720} w="100%" mx="auto">
      <ProfileMeta username={id ?? ''} />
      <MemberOnly loading={<ProfileSkeleton />}>
        {(me) =>
          id ? (
            <Suspense fallback={<ProfileSkeleton />}>
              <MemberProfile key={id} username={id} me={me} />
              <TakenOver />
            </Suspense>
          ) : (
            <ProfileSkeleton />
          )
        }
      </MemberOnly>
    </Stack>
  );
}
