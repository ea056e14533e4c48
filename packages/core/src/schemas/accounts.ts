import { z } from 'zod';
import {
  GENDERS,
  MARITAL_STATUSES,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  SHORT_TEXT_MAX,
} from '../constants.ts';
import {
  emailSchema,
  optionalBirthDateSchema,
  optionalChoice,
  optionalPhoneSchema,
  passwordSchema,
  requiredText,
  typeError,
  usernameSchema,
} from './common.ts';
import {
  MSG_CURRENT_PASSWORD_REQUIRED,
  MSG_INVALID_VALUE,
  MSG_PASSWORD_MAX,
  MSG_PASSWORD_MIN,
  MSG_PASSWORDS_MISMATCH,
  MSG_REQUIRED,
} from './messages.ts';
import { mailLanguageSchema as mailLanguage } from './recovery.ts';

export const loginSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
});
export type LoginInput = z.infer<typeof loginSchema>;

// The wizard validates one step at a time; the shapes are kept apart so the
// whole form and the server payload reuse them without re-declaring rules.
const step1Shape = { surname: requiredText(SHORT_TEXT_MAX) };
const step2Shape = { name: requiredText(NAME_MAX), username: usernameSchema, email: emailSchema };
const step3Shape = {
  password: passwordSchema,
  confirmPassword: z
    .string({ error: typeError })
    .min(1, MSG_REQUIRED)
    .min(PASSWORD_MIN, MSG_PASSWORD_MIN)
    .max(PASSWORD_MAX, MSG_PASSWORD_MAX),
};

const passwordsMatch = {
  check: (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword,
  params: { message: MSG_PASSWORDS_MISMATCH, path: ['confirmPassword'] },
};

export const signupStep1Schema = z.object(step1Shape);
export const signupStep2Schema = z.object(step2Shape);
export const signupStep3Schema = z.object(step3Shape).refine(passwordsMatch.check, passwordsMatch.params);
export const signupFormSchema = z
  .object({ ...step1Shape, ...step2Shape, ...step3Shape })
  .refine(passwordsMatch.check, passwordsMatch.params);

/** The wizard's steps in order (index 0 is step 1). */
export const SIGNUP_STEP_SCHEMAS = [signupStep1Schema, signupStep2Schema, signupStep3Schema] as const;

export type SignupFormInput = z.infer<typeof signupFormSchema>;

/** What the web sends to the server to create an account (docs/product/accounts.md, "Signup"). */
export const signupPayloadSchema = z.object({
  surname: step1Shape.surname,
  phone: optionalPhoneSchema,
  username: usernameSchema,
  name: step2Shape.name,
  email: emailSchema,
  password: passwordSchema,
  language: mailLanguage,
});
export type SignupPayload = z.infer<typeof signupPayloadSchema>;

const optionalPassword = z
  .string({ error: MSG_INVALID_VALUE })
  .refine((v) => v === '' || v.length >= PASSWORD_MIN, MSG_PASSWORD_MIN)
  .refine((v) => v.length <= PASSWORD_MAX, MSG_PASSWORD_MAX)
  .nullish();

export const manageProfileSchema = z
  .object({
    name: requiredText(NAME_MAX),
    email: emailSchema,
    dob: optionalBirthDateSchema,
    gender: optionalChoice(GENDERS),
    marital_status: optionalChoice(MARITAL_STATUSES),
    currentPassword: optionalPassword,
    newPassword: optionalPassword,
    language: mailLanguage,
  })
  .refine((v) => !v.newPassword || !!v.currentPassword, {
    message: MSG_CURRENT_PASSWORD_REQUIRED,
    path: ['currentPassword'],
  });
export type ManageProfileInput = z.infer<typeof manageProfileSchema>;

/** DELETE /api/account: the password again. Any length up to the ceiling (an old password may predate today's minimum). */
export const deleteAccountSchema = z.object({
  password: z.string({ error: typeError }).min(1, MSG_REQUIRED).max(PASSWORD_MAX, MSG_PASSWORD_MAX),
});
