// The shapes the staff routes answer with (apps/server/src/features/moderation and publisher).

export interface Page<T> {
  documents: T[];
  nextCursor: string | null;
}

export interface Author {
  id: string;
  /** Empty when the account is gone. */
  name: string;
  dp: string;
  labels: string[];
}

export interface QueuedPost {
  id: string;
  description: string;
  file: string | null;
  status: string;
  rejectionReason: string | null;
  createdAt: string;
  user: Author;
}

export interface ReportedPost {
  id: string;
  post: QueuedPost | null;
  reporterCount: number;
  lastReportedAt: string;
  reports: { reporter: string; reason: string; createdAt: string }[];
}

export interface Applicant {
  id: string;
  creator: string;
  occupation: string;
  whatsapp: string;
  reason: string;
  status: 'pending' | 'approved' | 'rejected';
  reviewedAt: string | null;
  createdAt: string;
  user: Author;
}

export interface AuditEntry {
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

export interface AuditFilter {
  actor: string;
  entity: string;
  action: string;
}

export const previewUrl = (fileId: string, width = 490) =>
  `/api/files/${encodeURIComponent(fileId)}/preview?width=${width}`;
