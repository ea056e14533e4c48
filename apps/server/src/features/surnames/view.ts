// From database rows (dates as Date) to the surname directory's answers (@samaj/core api/surnames).
import type { SubmissionReviewView, SubmissionView, SurnameView } from '@samaj/core';
import type { ReviewItem, SubmissionRow, SurnameRow } from './queries.ts';

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
export function reviewView(item: ReviewItem): SubmissionReviewView {
  return {
    ...submissionView(item),
    reviewedBy: item.reviewedBy,
    current: { ...item.current, updatedAt: item.current.updatedAt.toISOString() },
  };
}
