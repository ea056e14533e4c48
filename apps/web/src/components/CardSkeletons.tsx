import { Card, Group, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Placeholder cards shown while a list or a profile loads. */
export function CardSkeletons({ count = 3, avatar = true }: { count?: number; avatar?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <Stack gap="md" aria-busy="true" aria-label={t('loading')}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical, static placeholders
        <Card key={i}>
          <Group gap="sm" wrap="nowrap">
            {avatar && <Skeleton height={44} circle />}
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton height={12} width="40%" />
              <Skeleton height={10} width="25%" />
            </Stack>
          </Group>
          <Skeleton height={10} mt="md" />
          <Skeleton height={10} mt={8} width="80%" />
        </Card>
      ))}
    </Stack>
  );
}
