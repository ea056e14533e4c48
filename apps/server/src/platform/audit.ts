import type { Executor } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';

export interface AuditEntry {
  /** User id of the staff member, or 'cli' for operator commands. */
  actor: string;
  /** What was decided, e.g. 'post.approve', 'label.grant', 'user.block'. */
  action: string;
  /** Table name of the thing decided on, e.g. 'post'. */
  entity: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
  note?: string | null;
}

/**
 * Records a staff decision. Pass the transaction that makes the change, so the change and its
 * record are committed (or rolled back) together.
 */
export async function writeAudit(tx: Executor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actor: entry.actor,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    note: entry.note ?? null,
  });
}
