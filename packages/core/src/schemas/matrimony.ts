import { z } from 'zod';
import {
  ABOUT_MAX,
  ADDRESS_MAX,
  BLOOD_GROUPS,
  GENDERS,
  MATRIMONY_EXPECTATION_MAX,
  SHORT_TEXT_MAX,
} from '../constants.ts';
import { cursorSchema } from '../cursor.ts';
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
import {
  MSG_ABOVE_LISTING_AGE,
  MSG_BELOW_MARRIAGE_AGE,
  MSG_INVALID_CHOICE,
  MSG_INVALID_NUMBER,
  MSG_INVALID_VALUE,
  MSG_RANGE_REVERSED,
  MSG_TOO_LONG,
} from './messages.ts';

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

/**
 * The oldest a listing may be: the top of the partner filters' age range, so every listing can be
 * found by one; an older date of birth is a typo (and was accepted up to any age before).
 */
export const MATRIMONY_AGE_MAX = 99;

/** Whether someone born on `dob` has the legal minimum age for marriage for `gender` today (core's age formula). */
export function isOfMarriageAge(
  dob: string,
  gender: (typeof GENDERS)[number],
  now: DateLike = new Date(),
): boolean {
  return ageFromDob(dob, now) >= MARRIAGE_MIN_AGE[gender];
}

/** A choice's words in both of the app's languages. */
export interface ChoiceLabel {
  gu: string;
  en: string;
}

/** Diet, as a Gujarati biodata states it (docs/product/matrimony.md, "Family details"). */
export const DIETS = ['vegetarian', 'jain', 'eggetarian', 'non_vegetarian'] as const;
export type Diet = (typeof DIETS)[number];
export const DIET_LABELS: Record<Diet, ChoiceLabel> = {
  vegetarian: { gu: 'શાકાહારી', en: 'Vegetarian' },
  jain: { gu: 'જૈન', en: 'Jain' },
  eggetarian: { gu: 'ઈંડાહારી', en: 'Eggetarian' },
  non_vegetarian: { gu: 'માંસાહારી', en: 'Non-vegetarian' },
};

/** The twelve rashis (moon signs), in their zodiac order. */
export const RASHIS = [
  'mesh',
  'vrushabh',
  'mithun',
  'kark',
  'sinh',
  'kanya',
  'tula',
  'vrushchik',
  'dhan',
  'makar',
  'kumbh',
  'meen',
] as const;
export type Rashi = (typeof RASHIS)[number];
export const RASHI_LABELS: Record<Rashi, ChoiceLabel> = {
  mesh: { gu: 'મેષ', en: 'Mesh (Aries)' },
  vrushabh: { gu: 'વૃષભ', en: 'Vrushabh (Taurus)' },
  mithun: { gu: 'મિથુન', en: 'Mithun (Gemini)' },
  kark: { gu: 'કર્ક', en: 'Kark (Cancer)' },
  sinh: { gu: 'સિંહ', en: 'Sinh (Leo)' },
  kanya: { gu: 'કન્યા', en: 'Kanya (Virgo)' },
  tula: { gu: 'તુલા', en: 'Tula (Libra)' },
  vrushchik: { gu: 'વૃશ્ચિક', en: 'Vrushchik (Scorpio)' },
  dhan: { gu: 'ધન', en: 'Dhan (Sagittarius)' },
  makar: { gu: 'મકર', en: 'Makar (Capricorn)' },
  kumbh: { gu: 'કુંભ', en: 'Kumbh (Aquarius)' },
  meen: { gu: 'મીન', en: 'Meen (Pisces)' },
};

export const MANGLIK_CHOICES = ['no', 'yes', 'partial'] as const;
export type Manglik = (typeof MANGLIK_CHOICES)[number];
export const MANGLIK_LABELS: Record<Manglik, ChoiceLabel> = {
  no: { gu: 'માંગલિક નથી', en: 'Not manglik' },
  yes: { gu: 'માંગલિક', en: 'Manglik' },
  partial: { gu: 'આંશિક માંગલિક', en: 'Partly manglik' },
};

/** Annual income ranges, in rupees a year. */
export const INCOME_RANGES = [
  'below_3_lakh',
  '3_to_5_lakh',
  '5_to_10_lakh',
  '10_to_20_lakh',
  '20_to_50_lakh',
  'above_50_lakh',
] as const;
export type IncomeRange = (typeof INCOME_RANGES)[number];
export const INCOME_LABELS: Record<IncomeRange, ChoiceLabel> = {
  below_3_lakh: { gu: '₹3 લાખથી ઓછી', en: 'Below ₹3 lakh' },
  '3_to_5_lakh': { gu: '₹3–5 લાખ', en: '₹3–5 lakh' },
  '5_to_10_lakh': { gu: '₹5–10 લાખ', en: '₹5–10 lakh' },
  '10_to_20_lakh': { gu: '₹10–20 લાખ', en: '₹10–20 lakh' },
  '20_to_50_lakh': { gu: '₹20–50 લાખ', en: '₹20–50 lakh' },
  above_50_lakh: { gu: '₹50 લાખથી વધુ', en: 'Above ₹50 lakh' },
};

/** Not in spec: a ceiling on each brothers/sisters count, against typos. */
export const SIBLINGS_MAX = 20;

/** An optional count: absent, null or '' (not given), else a whole number 0–SIBLINGS_MAX. */
const optionalCount = z
  .union(
    [
      z
        .number({ error: MSG_INVALID_NUMBER })
        .int(MSG_INVALID_NUMBER)
        .min(0, MSG_INVALID_NUMBER)
        .max(SIBLINGS_MAX, MSG_INVALID_NUMBER),
      z.literal(''),
    ],
    { error: MSG_INVALID_NUMBER },
  )
  .nullish();

/** A birth time written HH:MM on the 24-hour clock. */
export function isClockTime(value: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(value);
}

/**
 * Family details of a listing (docs/product/matrimony.md, "Family details"), all optional: given as one
 * `family` object with the listing form; blank fields are stored as null. Gam and gotra are not asked: they
 * come from the member's surname.
 */
export const familyDetailsInputSchema = z.object({
  fatherName: optionalText(SHORT_TEXT_MAX),
  fatherOccupation: optionalText(SHORT_TEXT_MAX),
  motherName: optionalText(SHORT_TEXT_MAX),
  brothersMarried: optionalCount,
  brothersUnmarried: optionalCount,
  sistersMarried: optionalCount,
  sistersUnmarried: optionalCount,
  /** The mother's family surname. */
  mosal: optionalText(SHORT_TEXT_MAX),
  birthTime: z
    .string({ error: MSG_INVALID_VALUE })
    .trim()
    .refine((v) => v === '' || isClockTime(v), MSG_INVALID_VALUE)
    .nullish(),
  birthPlace: optionalText(SHORT_TEXT_MAX),
  /** Where the member lives now (a town or city; never the address). */
  city: optionalText(SHORT_TEXT_MAX),
  rashi: optionalChoice(RASHIS),
  manglik: optionalChoice(MANGLIK_CHOICES),
  diet: optionalChoice(DIETS),
  income: optionalChoice(INCOME_RANGES),
});
export type FamilyDetailsInput = z.infer<typeof familyDetailsInputSchema>;

/**
 * The matrimony listing form's fields (docs/product/matrimony.md, "Rules"). Blank optional fields may arrive
 * as '' or null: the server stores them as null. `matrimonyProfileSchema` adds the age rule.
 */
export const matrimonyProfileFields = z.object({
  dob: isoDateSchema.refine(
    (v) => !isIsoDate(v) || ageFromDob(v) <= MATRIMONY_AGE_MAX,
    MSG_ABOVE_LISTING_AGE,
  ),
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
  /** Absent: the family details stay as they are (a form without them never clears them). */
  family: familyDetailsInputSchema.optional(),
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

/** Not in spec: the ages a partner filter may name (the youngest anyone may list is 18). */
export const PARTNER_AGE_MIN = 18;
/** The oldest a listing may be, so the oldest a partner filter may ask for (knip: one value, two rules). @alias */
export const PARTNER_AGE_MAX = MATRIMONY_AGE_MAX;

/**
 * Partner preferences, saved by the member (PUT /matrimony/preferences): each bound optional, a
 * range's minimum never above its maximum (the error names the minimum's field).
 */
const preferenceFields = {
  ageMin: z
    .number({ error: MSG_INVALID_NUMBER })
    .int(MSG_INVALID_NUMBER)
    .min(PARTNER_AGE_MIN, MSG_INVALID_NUMBER)
    .max(PARTNER_AGE_MAX, MSG_INVALID_NUMBER),
  height: z
    .number({ error: MSG_INVALID_NUMBER })
    .positive(MSG_INVALID_NUMBER)
    .max(HEIGHT_MAX_CM, MSG_INVALID_NUMBER),
};

function rangesInOrder(
  value: {
    ageMin?: number | null;
    ageMax?: number | null;
    heightMin?: number | null;
    heightMax?: number | null;
  },
  ctx: z.RefinementCtx,
) {
  for (const [min, max] of [
    ['ageMin', 'ageMax'],
    ['heightMin', 'heightMax'],
  ] as const) {
    const low = value[min];
    const high = value[max];
    if (low != null && high != null && low > high) {
      ctx.addIssue({ code: 'custom', path: [min], message: MSG_RANGE_REVERSED, input: low });
    }
  }
}

export const partnerPreferencesSchema = z
  .object({
    ageMin: preferenceFields.ageMin.nullish(),
    ageMax: preferenceFields.ageMin.nullish(),
    heightMin: preferenceFields.height.nullish(),
    heightMax: preferenceFields.height.nullish(),
    /** Native place (gam, from the surname) or the city the member lives in; part of the name. */
    place: optionalText(SHORT_TEXT_MAX),
    /** Part of the education or the career. */
    education: optionalText(SHORT_TEXT_MAX),
    withPhoto: z.boolean({ error: MSG_INVALID_VALUE }).default(false),
  })
  .superRefine(rangesInOrder);
export type PartnerPreferencesInput = z.infer<typeof partnerPreferencesSchema>;

/** A query-string value: '' counts as absent. */
const fromQuery = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
const queryNumber = <T extends z.ZodType>(schema: T) =>
  fromQuery(z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), schema));

/**
 * Suggestions' filters as a query string (GET /matrimony/suggestions): the preferences' fields and
 * rules. Any filter given replaces the saved preferences for that request; none given, they apply.
 */
export const suggestionsQuerySchema = z
  .object({
    cursor: cursorSchema,
    ageMin: queryNumber(preferenceFields.ageMin),
    ageMax: queryNumber(preferenceFields.ageMin),
    heightMin: queryNumber(preferenceFields.height),
    heightMax: queryNumber(preferenceFields.height),
    place: fromQuery(z.string({ error: MSG_INVALID_VALUE }).trim().max(SHORT_TEXT_MAX, MSG_TOO_LONG)),
    education: fromQuery(z.string({ error: MSG_INVALID_VALUE }).trim().max(SHORT_TEXT_MAX, MSG_TOO_LONG)),
    withPhoto: fromQuery(
      z
        .enum(['true', 'false', '1', '0'], { error: MSG_INVALID_CHOICE })
        .transform((v) => v === 'true' || v === '1'),
    ),
  })
  .superRefine(rangesInOrder);
export type SuggestionsQuery = z.infer<typeof suggestionsQuerySchema>;

/** The filters a suggestions query names, or null when it names none (then the saved preferences apply). */
export function filtersOf(query: SuggestionsQuery): PartnerFilters | null {
  const { cursor: _, ...filters } = query;
  const given = Object.values(filters).some((v) => v !== undefined && v !== '');
  return given ? normalizeFilters(filters) : null;
}

/** Filters with every bound null when not given, and blank texts as null. */
export interface PartnerFilters {
  ageMin: number | null;
  ageMax: number | null;
  heightMin: number | null;
  heightMax: number | null;
  place: string | null;
  education: string | null;
  withPhoto: boolean;
}

export function normalizeFilters(input: {
  ageMin?: number | null;
  ageMax?: number | null;
  heightMin?: number | null;
  heightMax?: number | null;
  place?: string | null;
  education?: string | null;
  withPhoto?: boolean | null;
}): PartnerFilters {
  const text = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);
  return {
    ageMin: input.ageMin ?? null,
    ageMax: input.ageMax ?? null,
    heightMin: input.heightMin ?? null,
    heightMax: input.heightMax ?? null,
    place: text(input.place),
    education: text(input.education),
    withPhoto: input.withPhoto ?? false,
  };
}

/**
 * The dates of birth that make an age range on `today` (core's ageFromDob: whole days / 365.25):
 * born on or before `latest` is at least `ageMin`; born on or after `earliest` is at most `ageMax`.
 * Found by walking from the estimate, so the bounds agree with ageFromDob to the day.
 */
export function dobBounds(
  ageMin: number | null,
  ageMax: number | null,
  today: DateLike = new Date(),
): { latest: string | null; earliest: string | null } {
  const day = 86_400_000;
  const now = new Date(today);
  const base = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
  const ageOn = (t: number) => ageFromDob(iso(t), today);
  let latest: string | null = null;
  if (ageMin !== null) {
    // The latest birth date still aged ageMin or more.
    let t = base - Math.floor(ageMin * 365.25) * day;
    while (ageOn(t) < ageMin) t -= day;
    while (ageOn(t + day) >= ageMin) t += day;
    latest = iso(t);
  }
  let earliest: string | null = null;
  if (ageMax !== null) {
    // The earliest birth date still aged ageMax or less.
    let t = base - Math.floor((ageMax + 1) * 365.25) * day;
    while (ageOn(t) > ageMax) t += day;
    while (ageOn(t - day) <= ageMax) t -= day;
    earliest = iso(t);
  }
  return { latest, earliest };
}

/** A listing's photos: the main one (`dp`) and up to three more (docs/product/matrimony.md, "Photos"). */
export const MATRIMONY_PHOTOS_MAX = 4;

/**
 * Who sees a listing's photos: `listed` — whoever may see the listing (verified, listed members of
 * the other gender, as before); `accepted` — only members whose full-profile request the owner
 * accepted and has not revoked (others see a locked placeholder, and the photo route answers 404).
 */
export const PHOTO_VISIBILITIES = ['listed', 'accepted'] as const;
export type PhotoVisibility = (typeof PHOTO_VISIBILITIES)[number];
export const PHOTO_VISIBILITY_LABELS: Record<PhotoVisibility, ChoiceLabel> = {
  listed: { gu: 'ચકાસાયેલ સભ્યો', en: 'Verified members' },
  accepted: { gu: 'જેમની વિનંતી મેં સ્વીકારી છે તે જ', en: 'Only members whose request I accepted' },
};

/**
 * The owner's photos, in order (the first is the main one, `dp`), and who sees them
 * (PUT /matrimony/photos). Each id is a photo the member uploaded through /matrimony/photo.
 */
export const matrimonyPhotosSchema = z.object({
  photos: z
    .array(z.string({ error: MSG_INVALID_VALUE }).min(1, MSG_INVALID_VALUE).max(64, MSG_INVALID_VALUE), {
      error: MSG_INVALID_VALUE,
    })
    .max(MATRIMONY_PHOTOS_MAX, MSG_INVALID_VALUE)
    .refine((ids) => new Set(ids).size === ids.length, MSG_INVALID_VALUE),
  visibility: z.enum(PHOTO_VISIBILITIES, { error: MSG_INVALID_CHOICE }),
});
export type MatrimonyPhotosInput = z.infer<typeof matrimonyPhotosSchema>;
