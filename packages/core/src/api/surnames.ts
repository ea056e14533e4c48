// The surname directory's answers. Field names are the product's (docs/product/surnames.md, "A surname"); our
// own bookkeeping (updatedAt, status, ...) is camelCase.
import type { SubmissionStatus } from '../status.ts';

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

export interface SubmissionView {
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

/** What staff see: the proposal, who decided it, and the surname as it stands now. */
export interface SubmissionReviewView extends SubmissionView {
  reviewedBy: string | null;
  current: Pick<
    SurnameView,
    'name' | 'name_guj' | 'gotra' | 'gam' | 'kuldevta' | 'description' | 'updatedAt'
  >;
}
