import { z } from 'zod';
import { CAROUSEL_SLIDES } from '../constants.ts';
import { UNIQUE_ID_PATTERN } from '../ids.ts';
import { requiredText, textOrEmpty } from './common.ts';
import { MSG_INVALID_VALUE, MSG_TOO_LONG } from './messages.ts';

/** Not in spec: the carousel's text limits. */
export const SLIDE_TITLE_MAX = 80;
export const SLIDE_SUBTITLE_MAX = 160;
export const SLIDE_LINK_MAX = 300;

/**
 * Where a slide may send a member: a path on this site ('/surnames', not '//elsewhere') or an
 * https URL. Nothing else (javascript:, http:, data:) ever reaches an href.
 */
export function isSlideLink(value: string): boolean {
  if (value.length > SLIDE_LINK_MAX || /[\s\\]/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

export const slidePositionSchema = z.coerce
  .number({ error: MSG_INVALID_VALUE })
  .int(MSG_INVALID_VALUE)
  .min(1, MSG_INVALID_VALUE)
  .max(CAROUSEL_SLIDES, MSG_INVALID_VALUE);

/** PUT /api/admin/slides/:position. */
export const slideSchema = z.object({
  title: requiredText(SLIDE_TITLE_MAX),
  subtitle: textOrEmpty(SLIDE_SUBTITLE_MAX),
  link: z
    .string({ error: MSG_INVALID_VALUE })
    .trim()
    .max(SLIDE_LINK_MAX, MSG_TOO_LONG)
    .refine(isSlideLink, MSG_INVALID_VALUE)
    .nullish()
    .transform((v) => v ?? null),
  image: z
    .string({ error: MSG_INVALID_VALUE })
    .regex(UNIQUE_ID_PATTERN, MSG_INVALID_VALUE)
    .nullish()
    .transform((v) => v ?? null),
});
export type SlideData = z.output<typeof slideSchema>;
