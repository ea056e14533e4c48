import { Text, type TextProps } from '@mantine/core';
import { useExactTime, useExactTooltip, useTimeAgo } from '../lib/time';

/**
 * A moment as a `<time>` element: 'n minutes ago' (SPEC §9) with the exact time on hover, or the
 * exact date and time (`exact`, for staff who need to know when precisely).
 */
export function RelativeTime({
  date,
  exact = false,
  ...text
}: { date: string; exact?: boolean } & Omit<TextProps, 'children'>) {
  const ago = useTimeAgo();
  const full = useExactTime();
  const tooltip = useExactTooltip(date);
  const value = new Date(date);
  return (
    <Text
      component="time"
      dateTime={value.toISOString()}
      {...(exact ? {} : tooltip)}
      size="xs"
      c="dimmed"
      {...text}
    >
      {exact ? full(value) : ago(value)}
    </Text>
  );
}
