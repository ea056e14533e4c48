// The photos the server lets this viewer see (docs/product/matrimony.md, "Photos"), read-only, main first; a
// locked placeholder where the owner shows photos only to members whose request they accepted.
import { Box, Group, Image, Stack, Text } from '@mantine/core';
import { IconLock, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const W = 150;
const H = 190;

export function ProfilePhotos({
  name,
  photos,
  locked,
}: {
  name: string;
  photos: readonly string[];
  locked: boolean;
}) {
  const { t } = useTranslation('matrimony');
  if (photos.length === 0) {
    return (
      <Stack gap={4} align="flex-start">
        <Box
          w={W}
          h={H}
          bg="gray.1"
          style={{ borderRadius: 'var(--mantine-radius-md)', display: 'grid', placeItems: 'center' }}
          aria-hidden
        >
          {locked ? (
            <IconLock size={40} color="var(--mantine-color-gray-6)" />
          ) : (
            <IconUser size={48} color="var(--mantine-color-gray-5)" />
          )}
        </Box>
        {locked && (
          <Text size="sm" c="dimmed" data-testid="photos-locked">
            {t('profilePage.photosLocked')}
          </Text>
        )}
      </Stack>
    );
  }
  return (
    <Group
      gap="sm"
      wrap="nowrap"
      style={{ overflowX: 'auto' }}
      role="list"
      aria-label={t('profilePage.photos')}
    >
      {photos.map((src, i) => (
        <Image
          key={src}
          role="listitem"
          src={src}
          alt={t('profilePage.photoAlt', { name, number: i + 1 })}
          w={W}
          h={H}
          radius="md"
          fit="cover"
          style={{ flexShrink: 0 }}
        />
      ))}
    </Group>
  );
}
