import { Stack, Title } from '@mantine/core';
import { POST_CARD_MAX_WIDTH } from '@samaj/core';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../accounts/api/useCurrentUser';
import { PostList } from './PostList';

/** A member's posts on their profile (SPEC §2 Profile): 'No Posts Yet', more on scroll. */
export function UserPosts({ username }: { username: string }) {
  const { t } = useTranslation('posts');
  const { user } = useCurrentUser();
  if (!user) return null;
  return (
    <Stack gap="sm" align="center" w="100%">
      <Title order={2} size="h4" w="100%" maw={POST_CARD_MAX_WIDTH}>
        {t('profile.title')}
      </Title>
      <PostList userId={username} me={user.id} />
    </Stack>
  );
}

export default UserPosts;
