import { PUBLISHER_REQUEST_STATUSES, type PublisherRequestStatus } from '@samaj/core';
import { check, index, pgTable, text } from 'drizzle-orm/pg-core';

import { oneOf } from './check.ts';
import { createdAt, reviewed } from './columns.ts';

/** A member's application to publish community news; id = the member's user id (one each). */
export const publisherRequest = pgTable(
  'publisher_request',
  {
    id: text('id').primaryKey(),
    creator: text('creator').notNull(),
    occupation: text('occupation').notNull(),
    whatsapp: text('whatsapp').notNull(),
    reason: text('reason').notNull(),
    status: text('status').$type<PublisherRequestStatus>().notNull().default('pending'),
    ...reviewed(),
    createdAt: createdAt(),
  },
  (t) => [
    index('publisher_request_status_created_idx').on(t.status, t.createdAt),
    check('publisher_request_status_check', oneOf(t.status, PUBLISHER_REQUEST_STATUSES)),
  ],
);
