// The API shapes of the surname directory. Field names are the spec's (SPEC §3); our own
// bookkeeping (updatedAt, status, ...) is camelCase.
import type { ReviewItem, SubmissionRow, SurnameRow } from './queries.ts';

export interface SurnameView {
  id: string;
  name: string;
  name_guj: string;
  gotra: string;
  pronounce: string;
  gam: string;
  kuldevta: string;
  /** Sanitized HTML. */
  description: string;
  user_count: number;
  updatedAt: string;
}

export function surnameView(row: SurnameRow): SurnameView {
  return {
    id: row.id,
    name: row.name,
    name_guj: row.name_guj,
    gotra: row.gotra,
    pronounce: row.pronounce,
    gam: row.gam,
    kuldevta: row.kuldevta,
    description: row.description,
    user_count: row.user_count,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export interface SubmissionView {
  id: string;
  surname: string;
  creator: string;
  gam: string;
  kuldevta: string;
  description: string;
  status: SubmissionRow['status'];
  reviewNote: string | null;
  reviewedAt: string | null;
  createdAt: string;
}

export function submissionView(row: SubmissionRow): SubmissionView {
  return {
    id: row.id,
    surname: row.surname,
    creator: row.creator,
    gam: row.gam,
    kuldevta: row.kuldevta,
    description: row.description,
    status: row.status,
    reviewNote: row.reviewNote,
    reviewedAt: row.reviewedAt ? row.reviewedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What staff see: the proposal, who decided it, and the surname as it stands now. */
export function reviewView(item: ReviewItem) {
  return {
    ...submissionView(item),
    reviewedBy: item.reviewedBy,
    current: { ...item.current, updatedAt: item.current.updatedAt.toISOString() },
  };
}
