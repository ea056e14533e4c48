import { relativeTime } from '@samaj/core';
import type { PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNow } from './clock';

/**
 * 'n minutes ago' and friends in the member's language: the bands of docs/product/errors.md, "Formats" from
 * core, words from common.
 */
export function useTimeAgo(): (date: string | Date, now?: Date) => string {
  const { t } = useTranslation('common');
  const clock = useNow();
  return (date, now = clock()) => {
    const { unit, n } = relativeTime(date, now);
    return t(`time.${unit}`, { n });
  };
}

// One formatter per language, kept: toLocaleString builds a new one (its locale data) on every call,
// and every post card's time asks for one.
const exactFormats = new Map<string, Intl.DateTimeFormat>();

function exactFormat(locale: string): Intl.DateTimeFormat {
  let format = exactFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    exactFormats.set(locale, format);
  }
  return format;
}

/** The exact date and time, the way staff need it, in the reader's language. */
export function useExactTime(): (date: string | Date) => string {
  const { i18n } = useTranslation();
  return (date) => exactFormat(i18n.language === 'gu' ? 'gu-IN' : 'en-IN').format(new Date(date));
}

/**
 * The exact time as an element's tooltip, written when a pointer rests on it. Making the date
 * formatter loads the language's calendar data — on a slow phone ~35 ms in one piece, in the first
 * render of every page showing a time — for a tooltip a touch screen never shows.
 */
export function useExactTooltip(date: string | Date): {
  onPointerEnter: (event: PointerEvent<HTMLElement>) => void;
} {
  const full = useExactTime();
  return {
    onPointerEnter: (event) => {
      event.currentTarget.title = full(date);
    },
  };
}
