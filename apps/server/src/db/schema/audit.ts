import { uniqueId } from '@samaj/core';
import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Every staff decision (approve, reject, grant, block, ...) with the state before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => uniqueId()),
    /** User id, or 'cli' for operator commands. */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt.desc()),
    index('audit_log_entity_idx').on(t.entity, t.entityId),
  ],
);
