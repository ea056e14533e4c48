import type { SurnameView } from '@samaj/core';

/**
 * Folds Latin text for matching: case and accents ignored, so "patel" finds "Paṭel" (pronounce).
 * Only Latin combining marks are removed: Gujarati vowel signs are combining marks too and carry
 * meaning, so Gujarati is matched as typed (after NFC).
 */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .toLowerCase()
    .trim();
}

/** Surnames whose Latin name, Gujarati name or pronunciation contains the query. */
export function filterSurnames(list: SurnameView[], query: string): SurnameView[] {
  const q = fold(query);
  if (!q) return list;
  return list.filter((s) => [s.name, s.name_guj, s.pronounce].some((field) => fold(field).includes(q)));
}
