// Which step of the listing form a field lives on, and whether a step may be left
// (docs/product/matrimony.md, "Listing form"). Core's schema is the one rule; a step is valid when none of
// the schema's issues is about its fields.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type FamilyDetails,
  type FamilyDetailsInput,
  GENDERS,
  isIsoDate,
  isOfMarriageAge,
  MATRIMONY_FORM_LAST_STEP,
  MATRIMONY_STEP_FIELDS,
  type MatrimonyProfileInput,
  MSG_BELOW_MARRIAGE_AGE,
  type MyProfile,
  matrimonyProfileSchema,
} from '@samaj/core';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';

export type MatrimonyFormValues = z.input<typeof matrimonyProfileSchema>;
export type FormStep = 0 | 1 | 2 | 3;

export const LAST_STEP = MATRIMONY_FORM_LAST_STEP as FormStep;

/**
 * The family details (docs/product/matrimony.md, "Family details") by the step that asks them, named as the
 * form and the server's errors name them (`family.<field>`): the family with contact and career, birth and
 * diet with the physical attributes. Core's MATRIMONY_STEP_FIELDS lists the top-level fields only.
 */
export const FAMILY_STEP_FIELDS = {
  1: [],
  2: [
    'city',
    'fatherName',
    'fatherOccupation',
    'motherName',
    'brothersMarried',
    'brothersUnmarried',
    'sistersMarried',
    'sistersUnmarried',
    'mosal',
    'income',
  ],
  3: ['birthTime', 'birthPlace', 'rashi', 'manglik', 'diet'],
} as const satisfies Record<1 | 2 | 3, readonly (keyof FamilyDetailsInput)[]>;

/** Every field a step shows, family details as `family.<field>`. */
function fieldsOfStep(step: 1 | 2 | 3): string[] {
  return [...MATRIMONY_STEP_FIELDS[step], ...FAMILY_STEP_FIELDS[step].map((f) => `family.${f}`)];
}

/** The step that shows a field (a server error about it takes the member there). */
export function stepOfField(field: string): FormStep | null {
  for (const step of [1, 2, 3] as const) {
    if (fieldsOfStep(step).includes(field)) return step;
  }
  return null;
}

/**
 * Core's age rule on its own. zod runs the schema's object-level refine only once every field
 * passes, so at step 1 (steps 2 and 3 still empty) the schema alone would not say it yet.
 */
export function isBelowMarriageAge(values: Partial<Record<string, unknown>>): boolean {
  const { dob, gender } = values;
  return (
    typeof dob === 'string' &&
    isIsoDate(dob) &&
    (GENDERS as readonly unknown[]).includes(gender) &&
    !isOfMarriageAge(dob, gender as (typeof GENDERS)[number])
  );
}

/** Field names with a problem, by core's schema (the age rule included). */
export function invalidFields(values: Partial<Record<string, unknown>>): Set<string> {
  const result = matrimonyProfileSchema.safeParse(values);
  const bad = new Set<string>();
  if (!result.success) {
    for (const issue of result.error.issues) {
      // A family detail is named with its object (`family.birthTime`), as the steps list it.
      bad.add(issue.path[0] === 'family' ? issue.path.slice(0, 2).join('.') : String(issue.path[0] ?? ''));
    }
  }
  if (isBelowMarriageAge(values)) bad.add('dob');
  return bad;
}

const schemaResolver = zodResolver(matrimonyProfileSchema);

/** Core's schema for react-hook-form, with the age rule reported on dob from the first step on. */
export const listingResolver: Resolver<MatrimonyFormValues, unknown, MatrimonyProfileInput> = async (
  values,
  context,
  options,
) => {
  const result = await schemaResolver(values, context, options as never);
  if (!isBelowMarriageAge(values) || result.errors.dob) {
    return result as Awaited<ReturnType<Resolver<MatrimonyFormValues, unknown, MatrimonyProfileInput>>>;
  }
  return {
    values: {},
    errors: { ...result.errors, dob: { type: 'custom', message: MSG_BELOW_MARRIAGE_AGE } },
  };
};

/** Step 0 (the intro) is always valid; steps 1 to 3 when none of their fields has a problem. */
export function isStepValid(step: FormStep, bad: Set<string>): boolean {
  if (step === 0) return true;
  return !fieldsOfStep(step as 1 | 2 | 3).some((field) => bad.has(field));
}

/** The blank form; what the account already knows (birthday, gender, phone) is filled in. */
export function emptyValues(known: { dob?: string | null; gender?: string | null; phone?: string | null }) {
  return {
    dob: known.dob ?? '',
    gender: (known.gender ?? undefined) as MatrimonyFormValues['gender'],
    description: '',
    number: known.phone ?? '',
    address: '',
    education: '',
    career: '',
    expectation: '',
    dp: null,
    height: '',
    weight: '',
    eye_color: '',
    hair_color: '',
    complexion: '',
    blood_group: '',
    disability: '',
    family: familyValues(null),
  } satisfies MatrimonyFormValues;
}

/** The family details as form values: what is not given as '' (the server stores '' as null). */
export function familyValues(family: FamilyDetails | null | undefined): FamilyFormValues {
  const text = (v: string | null | undefined) => v ?? '';
  const count = (v: number | null | undefined) => v ?? '';
  return {
    fatherName: text(family?.fatherName),
    fatherOccupation: text(family?.fatherOccupation),
    motherName: text(family?.motherName),
    brothersMarried: count(family?.brothersMarried),
    brothersUnmarried: count(family?.brothersUnmarried),
    sistersMarried: count(family?.sistersMarried),
    sistersUnmarried: count(family?.sistersUnmarried),
    mosal: text(family?.mosal),
    birthTime: text(family?.birthTime),
    birthPlace: text(family?.birthPlace),
    city: text(family?.city),
    rashi: family?.rashi ?? '',
    manglik: family?.manglik ?? '',
    diet: family?.diet ?? '',
    income: family?.income ?? '',
  };
}

export type FamilyFormValues = NonNullable<MatrimonyFormValues['family']>;

/** A listed profile as form values, for editing (blank optional fields as ''). */
export function valuesOf(profile: MyProfile): MatrimonyFormValues {
  return {
    dob: profile.dob,
    gender: profile.gender,
    description: profile.description,
    number: profile.number,
    address: profile.address,
    education: profile.education,
    career: profile.career,
    expectation: profile.expectation,
    dp: profile.dp,
    height: profile.height ?? '',
    weight: profile.weight ?? '',
    eye_color: profile.eye_color ?? '',
    hair_color: profile.hair_color ?? '',
    complexion: profile.complexion ?? '',
    blood_group: profile.blood_group ?? '',
    disability: profile.disability ?? '',
    family: familyValues(profile.family),
  };
}
