import type { Executor } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';
import type { AuditEntry, DomainEventName, EventBus } from './events/index.ts';

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

/** The domain events that are staff decisions: each is written to the audit log in its transaction. */
const DECISIONS = [
  'post.approved',
  'post.rejected',
  'post.unlisted',
  'post.reports_dismissed',
  'surname_submission.applied',
  'surname_submission.rejected',
  'publisher_request.decided',
  'label.changed',
  'user.blocked',
  'user.reset_link',
  'slide.changed',
  'matrimony_profile.decided',
  'matrimony_report.dismissed',
] as const satisfies readonly DomainEventName[];

/** The audit log as a subscriber: every decision event is recorded in the transaction that made it. */
export function subscribeAuditLog(events: EventBus): void {
  for (const name of DECISIONS) events.onTransaction(name, (payload, tx) => writeAudit(tx, payload.audit));
}
