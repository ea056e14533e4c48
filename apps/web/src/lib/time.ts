import { relativeTime } from '@samaj/core';
import { useTranslation } from 'react-i18next';

/** 'n minutes ago' and friends in the member's language: SPEC §9 bands from core, words from common. */
export function useTimeAgo(): (date: string | Date, now?: Date) => string {
  const { t } = useTranslation('common');
  return (date, now = new Date()) => {
    const { unit, n } = relativeTime(date, now);
    return t(`time.${unit}`, { n });
  };
}

/** The exact date and time, the way staff need it, in the reader's language. */
export function useExactTime(): (date: string | Date) => string {
  const { i18n } = useTranslation();
  return (date) =>
    new Date(date).toLocaleString(i18n.language === 'gu' ? 'gu-IN' : 'en-IN', {
      dateStyle: 'medium',
      timeStyle: 'short',
    });
}
