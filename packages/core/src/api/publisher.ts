// Publisher applications as the member and staff read them (apps/server/src/features/publisher).
import type { PublisherRequestStatus } from '../status.ts';
import type { UserSummary } from './common.ts';

export interface PublisherRequestView {
  /** The applicant's id: one application per member. */
  id: string;
  creator: string;
  occupation: string;
  whatsapp: string;
  reason: string;
  status: PublisherRequestStatus;
  reviewedAt: string | null;
  createdAt: string;
}

/** An application in the staff list, with who filed it. */
export interface ApplicantView extends PublisherRequestView {
  user: UserSummary;
}
