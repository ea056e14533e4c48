// The console's own shapes; what the staff routes answer with lives in @samaj/core (api/moderation,
// api/publisher).

/** The audit log's filter form (empty means any). */
export interface AuditFilter {
  actor: string;
  entity: string;
  action: string;
}
