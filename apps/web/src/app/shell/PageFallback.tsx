import { Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown in the main area while a page's code downloads. */
export function PageFallback() {
  const { t } = useTranslation('common');
  return (
    <Stack gap="md" aria-busy="true" aria-label={t('loading')}>
      <Skeleton height={32} width="50%" />
      <Skeleton height={120} />
      <Skeleton height={120} />
    </Stack>
  );
}
