// One way to count in the database for every limit (platform/rate-limit.ts for writes,
// platform/auth/rate-limit.ts for login, signup and recovery): rate-limiter-flexible's Drizzle store on
// the `rate_limit` table, so every app process on one database counts into the same windows, on
// PostgreSQL and on PGlite alike. Rows are swept by registerRateLimits.
import { RateLimiterDrizzle } from 'rate-limiter-flexible';
import type { Database } from '../db/client.ts';
import { rateLimit as rateLimitTable } from '../db/schema/index.ts';

/** A counter in the `rate_limit` table: `<prefix>:<key>`, its window `durationMs` long from its first point. */
export function databaseLimiter(db: Database, prefix: string, points: number, durationMs: number) {
  return new RateLimiterDrizzle({
    storeClient: db,
    schema: rateLimitTable,
    keyPrefix: prefix,
    points,
    duration: durationMs / 1000,
    // Expired rows are swept by registerRateLimits, with a timer that stops with the app.
    clearExpiredByTimeout: false,
  });
}
