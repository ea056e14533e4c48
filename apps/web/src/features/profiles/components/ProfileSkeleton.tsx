import { Card, Group, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function ProfileSkeleton() {
  const { t } = useTranslation('common');
  return (
    <Card padding="lg" aria-busy="true" aria-label={t('loading')}>
      <Group wrap="nowrap" align="center">
        <Skeleton height={96} circle />
        <Stack gap={8} style={{ flex: 1 }}>
          <Skeleton height={18} width="50%" />
          <Skeleton height={12} width="30%" />
          <Skeleton height={12} width="40%" />
        </Stack>
      </Group>
    </Card>
  );
}
