// The family details' choices (core's DIETS, RASHIS, MANGLIK_CHOICES, INCOME_RANGES) carry their words
// in both languages with them (core `ChoiceLabel`): the reader's language picks one.
import {
  type ChoiceLabel,
  DIET_LABELS,
  type FamilyDetails,
  INCOME_LABELS,
  MANGLIK_LABELS,
  RASHI_LABELS,
} from '@samaj/core';
import { useTranslation } from 'react-i18next';

export type Lang = 'gu' | 'en';

/** The reader's language for a choice's words (Gujarati unless English was chosen). */
export function useLang(): Lang {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'gu';
}

/** A choice's words in `lang`. */
export const choiceWords = (label: ChoiceLabel, lang: Lang) => label[lang];

/** The words of each choice field's value, for a display or the biodata. */
export const CHOICE_LABELS = {
  rashi: RASHI_LABELS,
  manglik: MANGLIK_LABELS,
  diet: DIET_LABELS,
  income: INCOME_LABELS,
} as const satisfies {
  [K in 'rashi' | 'manglik' | 'diet' | 'income']: Record<NonNullable<FamilyDetails[K]>, ChoiceLabel>;
};

/** The options of a choice field for a Select, in core's order. */
export function choiceOptions<K extends keyof typeof CHOICE_LABELS>(field: K, lang: Lang) {
  return Object.entries(CHOICE_LABELS[field]).map(([value, label]) => ({
    value,
    label: choiceWords(label as ChoiceLabel, lang),
  }));
}
