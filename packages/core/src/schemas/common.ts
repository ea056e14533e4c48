import { z } from 'zod';
import {
  EMAIL_LOCAL_MAX,
  EMAIL_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
} from '../constants.ts';
import { ageFromDob, type DateLike } from '../format.ts';
import { keptText } from '../text.ts';
import {
  MSG_BIRTH_DATE_RANGE,
  MSG_INVALID_CHOICE,
  MSG_INVALID_DATE,
  MSG_INVALID_EMAIL,
  MSG_INVALID_NUMBER,
  MSG_INVALID_PHONE,
  MSG_INVALID_VALUE,
  MSG_PASSWORD_MAX,
  MSG_PASSWORD_MIN,
  MSG_REQUIRED,
  MSG_TOO_LONG,
  MSG_USERNAME_CHARS,
  MSG_USERNAME_MAX,
  MSG_USERNAME_MIN,
} from './messages.ts';

/**
 * An absent value reports MSG_REQUIRED with code `invalid_type`; the server turns
 * exactly that into `Missing required parameter: "<name>"`. A present value of the
 * wrong type is a different mistake and says so.
 */
export const typeError = (iss: { input?: unknown }) =>
  iss.input === undefined ? MSG_REQUIRED : MSG_INVALID_VALUE;

function freeText(error: Parameters<typeof z.string>[0]) {
  return z.string(error).overwrite(keptText);
}

/** Required free text: control characters dropped, trimmed, whitespace alone counts as empty. */
export function requiredText(max: number) {
  return freeText({ error: typeError }).min(1, MSG_REQUIRED).max(max, MSG_TOO_LONG);
}

/** Optional free text: may be absent, null or empty. */
export function optionalText(max: number) {
  return freeText({ error: MSG_INVALID_VALUE }).max(max, MSG_TOO_LONG).nullish();
}

/** Optional free text kept as '' when absent. */
export function textOrEmpty(max: number) {
  return freeText({ error: MSG_INVALID_VALUE }).max(max, MSG_TOO_LONG).default('');
}

/** Optional choice: forms send '' (or null) for "not chosen". */
export function optionalChoice<const T extends readonly [string, ...string[]]>(values: T) {
  return z
    .union([z.enum(values, { error: MSG_INVALID_CHOICE }), z.literal('')], { error: MSG_INVALID_CHOICE })
    .nullish();
}

export const usernameSchema = z
  .string({ error: typeError })
  .min(1, MSG_REQUIRED)
  .regex(/^[a-z0-9_-]*$/, MSG_USERNAME_CHARS)
  .min(USERNAME_MIN, MSG_USERNAME_MIN)
  .max(USERNAME_MAX, MSG_USERNAME_MAX);

// Same pattern zod uses, plus the RFC length limits the spec names.
const EMAIL_PATTERN =
  /^(?!\.)(?!.*\.\.)[A-Za-z0-9_'+\-.]*[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const emailSchema = z
  .string({ error: typeError })
  .trim()
  .min(1, MSG_REQUIRED)
  .max(EMAIL_MAX, MSG_INVALID_EMAIL)
  .regex(EMAIL_PATTERN, MSG_INVALID_EMAIL)
  .refine((email) => email.split('@')[0].length <= EMAIL_LOCAL_MAX, MSG_INVALID_EMAIL);

export const passwordSchema = z
  .string({ error: typeError })
  .min(1, MSG_REQUIRED)
  .min(PASSWORD_MIN, MSG_PASSWORD_MIN)
  .max(PASSWORD_MAX, MSG_PASSWORD_MAX);

/** Digits with an optional leading +, spaces allowed between them; 7 to 15 digits. */
const PHONE_PATTERN = /^\+?[0-9 ]+$/;
export function isPhoneNumber(value: string): boolean {
  const digits = value.replace(/ /g, '').replace(/^\+/, '');
  return PHONE_PATTERN.test(value.trim()) && digits.length >= 7 && digits.length <= 15;
}

export const phoneSchema = z
  .string({ error: typeError })
  .trim()
  .min(1, MSG_REQUIRED)
  .refine(isPhoneNumber, MSG_INVALID_PHONE);

export const optionalPhoneSchema = z
  .string({ error: MSG_INVALID_VALUE })
  .trim()
  .refine((v) => v === '' || isPhoneNumber(v), MSG_INVALID_PHONE)
  .nullish();

/** A real calendar date written yyyy-mm-dd. */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export const isoDateSchema = z
  .string({ error: typeError })
  .min(1, MSG_REQUIRED)
  .refine(isIsoDate, MSG_INVALID_DATE);

/** The oldest age a date of birth may give: an older one is a typo (a year off by a century). */
export const BIRTH_DATE_MAX_AGE = 120;

/**
 * Whether `dob` ('yyyy-mm-dd') is a date of birth: a real date, not in the future and at most
 * `maxAge` years ago by core's age formula (`ageFromDob`).
 */
export function isBirthDate(dob: string, maxAge = BIRTH_DATE_MAX_AGE, now: DateLike = new Date()): boolean {
  if (!isIsoDate(dob)) return false;
  const age = ageFromDob(dob, now);
  return age >= 0 && age <= maxAge;
}

/** The account's date of birth (Manage Profile): optional; '' or null for none. */
export const optionalBirthDateSchema = z
  .string({ error: MSG_INVALID_VALUE })
  .refine((v) => v === '' || isIsoDate(v), MSG_INVALID_DATE)
  .refine((v) => v === '' || !isIsoDate(v) || isBirthDate(v), MSG_BIRTH_DATE_RANGE)
  .nullish();

/** Optional positive number; forms send '' (or null) when left blank. */
export function optionalNumber(max: number) {
  return z
    .union(
      [
        z.number({ error: MSG_INVALID_NUMBER }).positive(MSG_INVALID_NUMBER).max(max, MSG_INVALID_NUMBER),
        z.literal(''),
      ],
      {
        error: MSG_INVALID_NUMBER,
      },
    )
    .nullish();
}
