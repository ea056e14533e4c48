import { Avatar, Box, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { previewUrl } from '../../../lib/previewUrl';
import { useEvents } from '../api/posts';

/** Event bubbles at the top of the posts home; nothing at all while there are no events. */
export function EventsStrip() {
  const { t } = useTranslation('posts');
  const { data } = useEvents(true);
  const events = data?.documents ?? [];
  if (events.length === 0) return null;
  return (
    // The browser's own sideways scroll (bar hidden): Mantine's ScrollArea measured the strip on every
    // render, a forced layout of the whole page while the feed first draws on a slow phone.
    <Box component="section" aria-label={t('events.title')} w="100%" className="samaj-strip">
      <Group gap="md" wrap="nowrap" py={4}>
        {events.map((e) => (
          <UnstyledButton key={e.id} component={Link} to={`/event/${e.id}`} w={72}>
            <Stack gap={4} align="center">
              <Avatar
                src={previewUrl(e.thumbnail, 100)}
                alt=""
                size={60}
                radius="xl"
                style={{
                  outline: `2px solid var(--mantine-color-${e.live ? 'red' : 'orange'}-6)`,
                  outlineOffset: 2,
                }}
              />
              <Text size="xs" ta="center" lineClamp={1} w="100%">
                {e.live ? `● ${t('events.live')}` : e.name}
              </Text>
            </Stack>
          </UnstyledButton>
        ))}
      </Group>
    </Box>
  );
}
