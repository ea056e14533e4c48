import { relativeTime } from '@samaj/core';
import type { TFunction } from 'i18next';

/** SPEC §9 relative time in the member's language (bands from core, words from the locale). */
export function formatAgo(t: TFunction, date: string | Date, now: Date = new Date()): string {
  const { unit, n } = relativeTime(date, now);
  return t(`surnames:time.${unit}`, { n });
}
