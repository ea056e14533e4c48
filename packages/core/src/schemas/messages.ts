// Stable English validation messages. The web maps each one to a translation by
// its value (Gujarati UI); the server sends them as-is in `{ message }`.

export const MSG_REQUIRED = 'This field is required';
export const MSG_INVALID_VALUE = 'Invalid value';
export const MSG_TOO_LONG = 'Too long';
export const MSG_USERNAME_CHARS = 'Only lowercase letters, digits, underscore and hyphen are allowed';
export const MSG_USERNAME_MIN = 'Username must be at least 6 characters';
export const MSG_USERNAME_MAX = 'Username must be at most 32 characters';
export const MSG_INVALID_EMAIL = 'Invalid Email';
export const MSG_PASSWORD_MIN = 'Password must be at least 8 characters';
export const MSG_PASSWORD_MAX = 'Password must be at most 128 characters';
export const MSG_PASSWORDS_MISMATCH = 'passwords do not match';
export const MSG_CURRENT_PASSWORD_REQUIRED = 'Enter your current password to set a new one';
export const MSG_INVALID_DATE = 'Invalid date';
export const MSG_INVALID_PHONE = 'Invalid phone number';
export const MSG_INVALID_NUMBER = 'Enter a valid number';
export const MSG_INVALID_CHOICE = 'Invalid choice';
export const MSG_INVALID_SURNAME = 'Use Latin letters only';
export const MSG_INVALID_PEER_ID = 'ID is invalid';
/** Matrimony: below the legal minimum age for marriage (18 for women, 21 for men). */
export const MSG_BELOW_MARRIAGE_AGE = 'Below the legal minimum age for marriage (18 for women, 21 for men)';
/** A date of birth in the future or more than BIRTH_DATE_MAX_AGE (120) years ago: a typo. */
export const MSG_BIRTH_DATE_RANGE =
  'Enter a date of birth that is not in the future and at most 120 years ago';
/** Matrimony: a listing's age is at most MATRIMONY_AGE_MAX (99), the oldest a partner filter reaches. */
export const MSG_ABOVE_LISTING_AGE = 'A matrimony profile is for ages up to 99';
/** A range whose minimum is above its maximum (matrimony filters: age, height). */
export const MSG_RANGE_REVERSED = 'The minimum is above the maximum';

/** Every custom message by key, for the web's translation table. */
export const VALIDATION_MESSAGES = {
  required: MSG_REQUIRED,
  invalidValue: MSG_INVALID_VALUE,
  tooLong: MSG_TOO_LONG,
  usernameChars: MSG_USERNAME_CHARS,
  usernameMin: MSG_USERNAME_MIN,
  usernameMax: MSG_USERNAME_MAX,
  invalidEmail: MSG_INVALID_EMAIL,
  passwordMin: MSG_PASSWORD_MIN,
  passwordMax: MSG_PASSWORD_MAX,
  passwordsMismatch: MSG_PASSWORDS_MISMATCH,
  currentPasswordRequired: MSG_CURRENT_PASSWORD_REQUIRED,
  invalidDate: MSG_INVALID_DATE,
  invalidPhone: MSG_INVALID_PHONE,
  invalidNumber: MSG_INVALID_NUMBER,
  invalidChoice: MSG_INVALID_CHOICE,
  invalidSurname: MSG_INVALID_SURNAME,
  invalidPeerId: MSG_INVALID_PEER_ID,
  belowMarriageAge: MSG_BELOW_MARRIAGE_AGE,
  rangeReversed: MSG_RANGE_REVERSED,
  birthDateRange: MSG_BIRTH_DATE_RANGE,
  aboveListingAge: MSG_ABOVE_LISTING_AGE,
} as const;
export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

/** The key of a known message, so the web can translate `error.message`. */
export function validationMessageKey(message: string): ValidationMessageKey | undefined {
  for (const [key, value] of Object.entries(VALIDATION_MESSAGES)) {
    if (value === message) return key as ValidationMessageKey;
  }
  return undefined;
}
