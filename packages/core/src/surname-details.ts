import type { SurnameView } from './api/surnames.ts';

/**
 * The "Update From" section (docs/product/surnames.md, "Surname page") and the list's hint: a detail a member
 * may still add.
 */
export function isMissingDetails(s: Pick<SurnameView, 'description' | 'gam' | 'kuldevta'>): boolean {
  return !s.description.trim() || !s.gam.trim() || !s.kuldevta.trim();
}
