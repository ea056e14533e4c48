// Getting back into an account (docs/product/accounts.md, "Password recovery by mail" and the two sections
// after it): password recovery by email, the staff-made link, and confirming an email address. The server's
// bodies and the web forms share these rules.
import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from '../constants.ts';
import { emailSchema, passwordSchema, typeError } from './common.ts';
import { MSG_PASSWORD_MAX, MSG_PASSWORD_MIN, MSG_PASSWORDS_MISMATCH, MSG_REQUIRED } from './messages.ts';

/**
 * The languages a mail is written in. A request that sends a mail may name one; otherwise the server
 * takes the app's language cookie (or the browser's), else Gujarati (server platform/language.ts).
 */
export const MAIL_LANGUAGES = ['gu', 'en'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];
export const mailLanguageSchema = z.enum(MAIL_LANGUAGES).optional();

/** A link's secret as it arrives from the address bar: short, printable. */
const tokenSchema = z
  .string({ error: typeError })
  .min(1, MSG_REQUIRED)
  .max(2000)
  .regex(/^[A-Za-z0-9._~-]+$/, 'Invalid token');

/** POST /api/account/recovery: "Forgot password?". */
export const recoveryRequestSchema = z.object({ email: emailSchema, language: mailLanguageSchema });
export type RecoveryRequestInput = z.input<typeof recoveryRequestSchema>;

/** PUT /api/account/recovery: the link's token and the new password (the form checks the confirmation). */
export const recoveryResetSchema = z.object({ token: tokenSchema, password: passwordSchema });

/** The reset form: the new password twice. */
export const recoveryResetFormSchema = z
  .object({
    password: passwordSchema,
    confirmPassword: z
      .string({ error: typeError })
      .min(1, MSG_REQUIRED)
      .min(PASSWORD_MIN, MSG_PASSWORD_MIN)
      .max(PASSWORD_MAX, MSG_PASSWORD_MAX),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: MSG_PASSWORDS_MISMATCH,
    path: ['confirmPassword'],
  });
export type RecoveryResetFormInput = z.infer<typeof recoveryResetFormSchema>;

/** POST /api/account/verification/confirm: the token of a confirmation link. */
export const emailConfirmSchema = z.object({ token: tokenSchema });

/** POST /api/account/verification: send the confirmation mail again. */
export const emailConfirmResendSchema = z.object({ language: mailLanguageSchema });

/** How long the links last. */
export const RESET_LINK_SECONDS = 60 * 60;
export const STAFF_RESET_LINK_SECONDS = 24 * 60 * 60;
export const EMAIL_CONFIRM_SECONDS = 24 * 60 * 60;
