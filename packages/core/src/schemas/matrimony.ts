import { z } from 'zod';
import {
  ABOUT_MAX,
  ADDRESS_MAX,
  BLOOD_GROUPS,
  GENDERS,
  MATRIMONY_EXPECTATION_MAX,
  SHORT_TEXT_MAX,
} from '../constants.ts';
import { ageFromDob, type DateLike } from '../format.ts';
import {
  isIsoDate,
  isoDateSchema,
  optionalChoice,
  optionalNumber,
  optionalText,
  phoneSchema,
  requiredText,
} from './common.ts';
import { MSG_BELOW_MARRIAGE_AGE, MSG_INVALID_CHOICE, MSG_INVALID_VALUE } from './messages.ts';

/** Height in centimetres and weight in kilograms; generous ceilings only stop typos. */
export const HEIGHT_MAX_CM = 300;
export const WEIGHT_MAX_KG = 500;

/**
 * The legal minimum age for marriage in India (Prohibition of Child Marriage Act): 18 for women,
 * 21 for men. Nobody younger may list a profile; both the form and the server check it.
 */
export const MARRIAGE_MIN_AGE = { Female: 18, Male: 21 } as const satisfies Record<
  (typeof GENDERS)[number],
  number
>;

/** Whether someone born on `dob` has the legal minimum age for marriage for `gender` today (core's age formula). */
export function isOfMarriageAge(
  dob: string,
  gender: (typeof GENDERS)[number],
  now: DateLike = new Date(),
): boolean {
  return ageFromDob(dob, now) >= MARRIAGE_MIN_AGE[gender];
}

/**
 * The matrimony listing form's fields (SPEC §3 and §5). Blank optional fields may arrive
 * as '' or null: the server stores them as null. `matrimonyProfileSchema` adds the age rule.
 */
export const matrimonyProfileFields = z.object({
  dob: isoDateSchema,
  gender: z.enum(GENDERS, { error: MSG_INVALID_CHOICE }),
  description: requiredText(ABOUT_MAX),
  number: phoneSchema,
  address: requiredText(ADDRESS_MAX),
  education: requiredText(SHORT_TEXT_MAX),
  career: requiredText(SHORT_TEXT_MAX),
  expectation: requiredText(MATRIMONY_EXPECTATION_MAX),
  dp: z.string({ error: MSG_INVALID_VALUE }).max(64, MSG_INVALID_VALUE).nullish(),
  height: optionalNumber(HEIGHT_MAX_CM),
  weight: optionalNumber(WEIGHT_MAX_KG),
  eye_color: optionalText(SHORT_TEXT_MAX),
  hair_color: optionalText(SHORT_TEXT_MAX),
  complexion: optionalText(SHORT_TEXT_MAX),
  blood_group: optionalChoice(BLOOD_GROUPS),
  disability: optionalText(SHORT_TEXT_MAX),
});

/** The listing form with the legal minimum age (reported on `dob`, MSG_BELOW_MARRIAGE_AGE). */
export const matrimonyProfileSchema = matrimonyProfileFields.superRefine((value, ctx) => {
  if (isIsoDate(value.dob) && GENDERS.includes(value.gender) && !isOfMarriageAge(value.dob, value.gender)) {
    ctx.addIssue({ code: 'custom', path: ['dob'], message: MSG_BELOW_MARRIAGE_AGE, input: value.dob });
  }
});
export type MatrimonyProfileInput = z.infer<typeof matrimonyProfileSchema>;

/** Fields of each form step (1 to 3; step 0 is the intro), so Next checks only its own. */
export const MATRIMONY_STEP_FIELDS = {
  1: ['dob', 'gender', 'description', 'dp'],
  2: ['number', 'address', 'education', 'career'],
  3: [
    'height',
    'weight',
    'eye_color',
    'hair_color',
    'complexion',
    'blood_group',
    'disability',
    'expectation',
  ],
} as const satisfies Record<1 | 2 | 3, readonly (keyof MatrimonyProfileInput)[]>;
