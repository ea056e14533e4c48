import { Alert, Stack } from '@mantine/core';
import {
  type AccountView,
  DEFAULT_PICTURE_ID,
  MSG_SOMETHING_WENT_WRONG,
  MSG_UNKNOWN_USER,
} from '@samaj/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { ApiError } from '../../../lib/api';
import { PageMeta } from '../../../lib/head';
import { useCurrentUser } from '../../accounts/api/useCurrentUser';
import { MemberOnly } from '../../accounts/components/MemberOnly';
import { useCatalogueMessage } from '../../accounts/lib/messages';
import { UserPosts } from '../../posts/components/UserPosts';
import { previewUrl } from '../api/picture';
import { useProfile } from '../api/useProfile';
import { ProfileHeader } from '../components/ProfileHeader';
import { ProfileSkeleton } from '../components/ProfileSkeleton';

function MemberProfile({ username, me }: { username: string; me: AccountView }) {
  const { t } = useTranslation('profiles');
  const catalogue = useCatalogueMessage();
  const profile = useProfile(username);
  const isOwner = me.id === username;

  if (profile.isPending) return <ProfileSkeleton />;
  if (profile.isError) {
    if (profile.error instanceof ApiError && profile.error.code === 404) {
      return (
        <>
          <PageMeta title={catalogue(MSG_UNKNOWN_USER)} description={t('description')} />
          <ProfileHeader
            username={username}
            name={catalogue(MSG_UNKNOWN_USER)}
            dp={DEFAULT_PICTURE_ID}
            labels={[]}
            isOwner={false}
          />
        </>
      );
    }
    return (
      <Alert color="red" role="alert" variant="light">
        {catalogue(MSG_SOMETHING_WENT_WRONG)}
      </Alert>
    );
  }
  const p = profile.data;
  // The owner's own account is the freshest source for the picture right after a change.
  const dp = isOwner ? me.prefs.dp || p.dp : p.dp;
  return (
    <>
      <PageMeta
        title={`${p.name} (@${p.id})`}
        description={t('memberDescription', { name: p.name })}
        image={previewUrl(dp, 300)}
      />
      <ProfileHeader
        username={p.id}
        name={p.name}
        dp={dp}
        labels={p.labels}
        createdAt={p.createdAt}
        isOwner={isOwner}
      />
      <UserPosts username={p.id} />
    </>
  );
}

export default function Profile() {
  const { t } = useTranslation('profiles');
  const { id } = useParams();
  const { user } = useCurrentUser();

  // SPEC §2 Shell: /profile without an id is the member's own profile, or the way to log in.
  if (!id) {
    if (user === null) return <Navigate to="/login?forward=/profile" replace />;
    if (user) return <Navigate to={`/profile/${encodeURIComponent(user.id)}`} replace />;
  }

  return (
    <Stack gap="md" maw={720} w="100%" mx="auto">
      {!id && <PageMeta title={t('title')} description={t('description')} />}
      <MemberOnly loading={<ProfileSkeleton />}>
        {(me) => (id ? <MemberProfile key={id} username={id} me={me} /> : <ProfileSkeleton />)}
      </MemberOnly>
    </Stack>
  );
}
