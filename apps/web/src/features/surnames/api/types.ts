import type { SurnameView } from '@samaj/core';

/** True when the spec's 'Update From' section and the list's hint apply. */
export function isMissingDetails(s: Pick<SurnameView, 'description' | 'gam' | 'kuldevta'>): boolean {
  return !s.description.trim() || !s.gam.trim() || !s.kuldevta.trim();
}
