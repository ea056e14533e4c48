// What the staff console reads (apps/server/src/features/moderation).
import type { PostView } from './posts.ts';

/** What waits for staff (GET /api/admin/summary). */
export interface StaffSummary {
  /** Posts waiting for review. */
  posts: number;
  /** Posts with at least one open report. */
  reports: number;
  publisherRequests: number;
  surnameSubmissions: number;
  /** Matrimony profiles waiting for verification (registered by the matrimony feature). */
  matrimonyProfiles?: number;
  /** Open reports of matrimony profiles. */
  matrimonyReports?: number;
}

/** A post as staff judge it: the post without the viewer's reactions. */
export type QueuedPost = Pick<
  PostView,
  | 'id'
  | 'description'
  | 'file'
  | 'fileWidth'
  | 'fileHeight'
  | 'status'
  | 'rejectionReason'
  | 'createdAt'
  | 'user'
>;

export interface ReportEntry {
  reporter: string;
  reason: string;
  createdAt: string;
}

export interface ReportedPost {
  /** The post id (also the cursor). */
  id: string;
  post: QueuedPost | null;
  reporterCount: number;
  lastReportedAt: string;
  reports: ReportEntry[];
}

export interface AuditView {
  id: string;
  actor: string;
  actorName: string | null;
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
  note: string | null;
  createdAt: string;
}
