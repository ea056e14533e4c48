import { Alert, Stack } from '@mantine/core';
import { type AccountView, DEFAULT_PICTURE_ID } from '@samaj/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useParams } from 'react-router';
import { MemberOnly } from '../../../components/MemberOnly';
import { Redirect } from '../../../components/Redirect';
import { ApiError } from '../../../lib/api';
import { isTryAgain, useErrorMessage } from '../../../lib/errors';
import { PageMeta, useShareCard } from '../../../lib/head';
import { useCurrentUser } from '../../../lib/session';
import { useProfile } from '../api/useProfile';
import { ProfileHeader } from '../components/ProfileHeader';
import { ProfileSkeleton } from '../components/ProfileSkeleton';

function MemberProfile({ username, me }: { username: string; me: AccountView }) {
  const { t: tc } = useTranslation('common');
  const explain = useErrorMessage();
  const profile = useProfile(username);
  const isOwner = me.id === username;

  if (profile.isPending) return <ProfileSkeleton />;
  if (profile.isError) {
    if (profile.error instanceof ApiError && profile.error.code === 404) {
      return (
        <ProfileHeader
          username={username}
          name={tc('unknownUser')}
          dp={DEFAULT_PICTURE_ID}
          labels={[]}
          isOwner={false}
        />
      );
    }
    return (
      <Alert color="red" role="alert" variant="light">
        {isTryAgain(profile.error) ? explain(profile.error) : tc('somethingWentWrong')}
      </Alert>
    );
  }
  const p = profile.data;
  // The owner's own account is the freshest source for the picture right after a change.
  const dp = isOwner ? me.prefs.dp || p.dp : p.dp;
  return (
    <>
      <ProfileHeader
        username={p.id}
        name={p.name}
        dp={dp}
        labels={p.labels}
        createdAt={p.createdAt}
        isOwner={isOwner}
      />
      {/* The member's posts: routes.tsx nests the posts feature's list here. */}
      <Outlet />
    </>
  );
}

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

  // SPEC §2 Shell: /profile without an id is the member's own profile, or the way to log in.
  if (!id) {
    if (user === null) return <Redirect to="/login?forward=/profile" replace />;
    if (user) return <Redirect to={`/profile/${encodeURIComponent(user.id)}`} replace />;
  }

  return (
    <Stack gap="md" maw={720} w="100%" mx="auto">
      <ProfileMeta username={id ?? ''} />
      <MemberOnly loading={<ProfileSkeleton />}>
        {(me) => (id ? <MemberProfile key={id} username={id} me={me} /> : <ProfileSkeleton />)}
      </MemberOnly>
    </Stack>
  );
}
