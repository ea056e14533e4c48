import { Anchor, Avatar, Group, Stack, Text } from '@mantine/core';
import type { UserSummary } from '@samaj/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { previewUrl } from '../api/types';
import { When } from './When';

/** Who wrote or asked, linked to their profile, with when. */
export function AuthorLine({ user, date }: { user: UserSummary; date: string }) {
  const { t } = useTranslation('admin');
  const name = user.name || t('unknownUser');
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar src={previewUrl(user.dp || 'newuser', 100)} alt="" size={40} radius="xl" />
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Anchor component={Link} to={`/profile/${encodeURIComponent(user.id)}`} fw={600} truncate="end">
          {name}
        </Anchor>
        <Text size="xs" c="dimmed">
          @{user.id} · <When date={date} />
        </Text>
      </Stack>
    </Group>
  );
}
