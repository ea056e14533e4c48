import { Stack, Title } from '@mantine/core';
import { POST_CARD_MAX_WIDTH } from '@samaj/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useCurrentUser } from '../../../lib/session';
import { PostList } from '../components/PostList';

/**
 * A member's posts under their profile (SPEC §2 Profile): 'No Posts Yet', more on scroll. The
 * router nests it in the profile page (routes.tsx), so neither feature imports the other.
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
      <PostList userId={id} me={user.id} />
    </Stack>
  );
}
