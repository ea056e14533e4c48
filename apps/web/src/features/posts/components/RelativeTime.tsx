import { Text } from '@mantine/core';
import { relativeTime } from '@samaj/core';
import { useTranslation } from 'react-i18next';

/** 'n minutes ago' and friends (SPEC §9 bands from core), translated; the exact time on hover. */
export function RelativeTime({ date }: { date: string }) {
  const { t, i18n } = useTranslation('posts');
  const { unit, n } = relativeTime(date);
  const exact = new Date(date);
  return (
    <Text
      component="time"
      dateTime={exact.toISOString()}
      title={exact.toLocaleString(i18n.language)}
      size="xs"
      c="dimmed"
    >
      {t(`time.${unit}`, { n })}
    </Text>
  );
}
