import type { SubmissionStatus } from '@samaj/core';

/** A surname as the server sends it (SPEC §3); `description` is sanitized HTML. */
export interface Surname {
  id: string;
  name: string;
  name_guj: string;
  gotra: string;
  pronounce: string;
  gam: string;
  kuldevta: string;
  description: string;
  user_count: number;
  updatedAt: string;
}

export interface SurnameSubmission {
  id: string;
  surname: string;
  creator: string;
  gam: string;
  kuldevta: string;
  description: string;
  status: SubmissionStatus;
  reviewNote: string | null;
  reviewedAt: string | null;
  createdAt: string;
}

/** A pending (or decided) submission as staff see it, beside the surname's current values. */
export interface ReviewItem extends SurnameSubmission {
  reviewedBy: string | null;
  current: Pick<Surname, 'name' | 'name_guj' | 'gotra' | 'gam' | 'kuldevta' | 'description' | 'updatedAt'>;
}

export interface Page<T> {
  documents: T[];
  nextCursor: string | null;
}

/** True when the spec's 'Update From' section and the list's hint apply. */
export function isMissingDetails(s: Pick<Surname, 'description' | 'gam' | 'kuldevta'>): boolean {
  return !s.description.trim() || !s.gam.trim() || !s.kuldevta.trim();
}
