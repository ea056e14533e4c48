// State that several app processes on one database share so that any process serves any request
// (docs/product/operations.md, "Growing past one machine"): the rate-limit counters, and who holds each
// live-video signalling peer id.
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at } from './columns.ts';

/**
 * Rate-limit counters (platform/rate-limit.ts, rate-limiter-flexible's Drizzle store): one row per
 * limit and key (`<limit>:<member or address>`), its points used and when its window ends.
 */
export const rateLimit = pgTable(
  'rate_limit',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull(),
    expire: at('expire'),
  },
  (t) => [index('rate_limit_expire_idx').on(t.expire)],
);

/**
 * The live-video signalling peers connected to some process (features/events/peer-registry.ts): a
 * peer id is one socket's, whichever process it reached; `process` relays to it, and a row whose
 * process stopped renewing it lapses (a process killed with -9).
 */
export const livePeer = pgTable(
  'live_peer',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull(),
    member: text('member').notNull(),
    event: text('event').notNull(),
    role: text('role').notNull(),
    process: text('process').notNull(),
    renewedAt: at('renewed_at').notNull().defaultNow(),
  },
  (t) => [index('live_peer_member_idx').on(t.member), index('live_peer_process_idx').on(t.process)],
);
