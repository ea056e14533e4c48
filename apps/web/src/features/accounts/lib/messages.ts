// Core's validation and catalogue messages are stable English strings; the screens show them
// through i18n so the Gujarati interface can word them (the spec's quoted ones stay verbatim).
import {
  MSG_LOGIN_BLOCKED,
  MSG_LOGIN_FAILED,
  MSG_LOGIN_INVALID_CREDENTIALS,
  MSG_SIGNUP_ALREADY_EXISTS,
  MSG_SIGNUP_FAILED,
  MSG_SIGNUP_INVALID_EMAIL,
  MSG_SOMETHING_WENT_WRONG,
  MSG_UNKNOWN_USER,
  validationMessageKey,
} from '@samaj/core';
import { useTranslation } from 'react-i18next';

const CATALOGUE: Record<string, string> = {
  [MSG_LOGIN_BLOCKED]: 'catalogue.loginBlocked',
  [MSG_LOGIN_INVALID_CREDENTIALS]: 'catalogue.loginInvalidCredentials',
  [MSG_LOGIN_FAILED]: 'catalogue.loginFailed',
  [MSG_SIGNUP_ALREADY_EXISTS]: 'catalogue.signupAlreadyExists',
  [MSG_SIGNUP_INVALID_EMAIL]: 'catalogue.signupInvalidEmail',
  [MSG_SIGNUP_FAILED]: 'catalogue.signupFailed',
  [MSG_SOMETHING_WENT_WRONG]: 'catalogue.somethingWentWrong',
  [MSG_UNKNOWN_USER]: 'catalogue.unknownUser',
};

/** Translates a form field's error (core's zod messages); unknown messages pass through. */
export function useFieldError(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation('accounts');
  return (message) => {
    if (!message) return undefined;
    const key = validationMessageKey(message);
    return key ? t(`validation.${key}`) : message;
  };
}

/** Translates one of the spec's error-catalogue messages (SPEC §8). */
export function useCatalogueMessage(): (message: string) => string {
  const { t } = useTranslation('accounts');
  return (message) => {
    const key = CATALOGUE[message];
    return key ? t(key) : message;
  };
}
