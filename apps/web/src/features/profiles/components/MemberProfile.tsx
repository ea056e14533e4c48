// The profile page as a member sees it (docs/product/profiles.md, "Profile page"): the header (the owner's
// tools on their own) and, below it, the member's posts, which routes.tsx nests here. Loaded only for a
// member (pages/Profile.tsx).
import { Alert } from '@mantine/core';
import { type AccountView, DEFAULT_PICTURE_ID } from '@samaj/core';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { ApiError } from '../../../lib/api';
import { isTryAgain, useErrorMessage } from '../../../lib/errors';
import { useProfile } from '../api/useProfile';
import { ProfileHeader } from './ProfileHeader';
import { ProfileSkeleton } from './ProfileSkeleton';

export default function MemberProfile({ username, me }: { username: string; me: AccountView }) {
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
