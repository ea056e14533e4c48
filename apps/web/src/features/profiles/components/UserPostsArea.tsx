import { Card, Stack, Text, Title } from '@mantine/core';
import { type ComponentType, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { CardSkeletons } from '../../../components/CardSkeletons';

type UserPostsModule = {
  UserPosts?: ComponentType<{ username: string }>;
  default?: ComponentType<{ username: string }>;
};

// The feed feature provides the member's posts list (features/posts/components/UserPosts.tsx,
// props { username }). The glob finds it at build time when it exists and finds nothing before.
const found = import.meta.glob<UserPostsModule>('../../posts/components/UserPosts.tsx');
const load = Object.values(found)[0];
const UserPosts = load
  ? lazy(async () => {
      const mod = await load();
      const component = mod.UserPosts ?? mod.default;
      if (!component) throw new Error('UserPosts.tsx exports no UserPosts component');
      return { default: component };
    })
  : null;

/** The profile's posts list; 'No Posts Yet' until the feed feature fills it. */
export function UserPostsArea({ username }: { username: string }) {
  const { t } = useTranslation('profiles');
  if (UserPosts) {
    return (
      <Suspense fallback={<CardSkeletons count={2} />}>
        <UserPosts username={username} />
      </Suspense>
    );
  }
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('posts')}
      </Title>
      <Card withBorder padding="xl" radius="md">
        <Text ta="center" c="dimmed">
          {t('noPosts')}
        </Text>
      </Card>
    </Stack>
  );
}
