import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { UserSummary } from '@samaj/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RelativeTime } from '../../../components/RelativeTime';
import { UserAvatar } from '../../../components/UserAvatar';

/** Who wrote or asked, linked to their profile, with when. */
export function AuthorLine({ user, date }: { user: UserSummary; date: string }) {
  const { t } = useTranslation('common');
  const name = user.name || t('unknownUser');
  return (
    <Group gap="sm" wrap="nowrap">
      <UserAvatar user={user} size={40} decorative />
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Anchor component={Link} to={`/profile/${encodeURIComponent(user.id)}`} fw={600} truncate="end">
          {name}
        </Anchor>
        <Text size="xs" c="dimmed">
          @{user.id} · <RelativeTime exact inherit date={date} />
        </Text>
      </Stack>
    </Group>
  );
}
