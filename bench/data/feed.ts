// Feed data for bench/suites/30-feed.ts, written straight into a stopped server's database with
// generate_series (no HTTP, so a million posts take minutes, not hours). 1000 members; each post
// has 2 comments and 3 likes from other members; 9 posts in 10 are approved, the rest wait for
// review. Post n gets the id postId(n) of the suite: newer posts sort later, as uniqueId's do.
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.ts';

export const FEED_MEMBERS = 1000;

export interface FeedFill {
  /** How many posts to add. */
  posts: number;
  /** Posts already there (the new ones are numbered from here). */
  after: number;
  /** Posts per statement: PGlite holds a statement's work in memory. */
  batch?: number;
}

/** The same id as the suite's postId(n), with a two-character tag for comments and likes. */
const idOf = (n: string, tag: string) =>
  `lpad(to_hex(1600000000 + ${n}), 8, '0') || '${tag}' || lpad(to_hex(${n} % 268435456), 7, '0')`;
const member = (n: string) => `'feedm' || lpad(((${n}) % ${FEED_MEMBERS})::text, 4, '0')`;

export async function fillFeed(
  db: Database,
  { posts, after, batch = 100_000 }: FeedFill,
): Promise<{ ms: number }> {
  const started = performance.now();
  const run = (text: string) => db.execute(sql.raw(text));
  // Millions of rows: the posts are written with their counters (2 comments, 3 likes each) and the
  // per-row trigger that keeps them (migration 0006) is off while the fill runs.
  await run('alter table comment disable trigger comment_counts');
  await run(`insert into "user" (id, name, email, username)
    select ${member('n')}, 'Feed Member ' || n, ${member('n')} || '@bench.example', ${member('n')}
    from generate_series(0, ${FEED_MEMBERS - 1}) as n on conflict do nothing`);
  for (let from = after; from < after + posts; from += batch) {
    const to = Math.min(after + posts, from + batch);
    const series = `generate_series(${from}, ${to - 1}) as n`;
    await run(`insert into post (id, creator, description, status, created_at, comment_count, like_count)
      select ${idOf('n', '00000')}, ${member('n')}, 'વાડીમાં આજે સમાજની સભા ' || n,
             case when n % 10 = 9 then 'requested' else 'approved' end,
             timestamptz '2026-01-01' + n * interval '1 second', 2, 3
      from ${series} on conflict do nothing`);
    for (const k of [1, 2]) {
      await run(`insert into comment (id, post, creator, comment, type)
        select ${idOf('n', `c000${k}`)}, ${idOf('n', '00000')}, ${member(`n + ${k}`)}, 'સરસ ' || n, 'comment'
        from ${series} on conflict do nothing`);
    }
    for (const k of [3, 4, 5]) {
      await run(`insert into comment (id, post, creator, comment, type)
        select ${idOf('n', `l000${k}`)}, ${idOf('n', '00000')}, ${member(`n + ${k}`)}, 'like', 'like'
        from ${series} on conflict do nothing`);
    }
  }
  await run('alter table comment enable trigger comment_counts');
  await run('analyze');
  return { ms: performance.now() - started };
}

/** Members who like the hot post (each member likes a post once). */
const HOT_LIKERS = 10_000;
const HOT_COMMENTS = 1_000;

/**
 * A hot post: post n becomes a hot post — 10,000 likes and 1,000 comments on top of its own — with
 * its counters raised to match, as the trigger would have kept them.
 */
export async function fillHotPost(db: Database, n: number): Promise<{ ms: number }> {
  const started = performance.now();
  const run = (text: string) => db.execute(sql.raw(text));
  const post = idOf(String(n), '00000');
  const liker = (i: string) => `'hotm' || lpad((${i})::text, 5, '0')`;
  await run('alter table comment disable trigger comment_counts');
  await run(`insert into "user" (id, name, email, username)
    select ${liker('i')}, 'Hot Liker ' || i, ${liker('i')} || '@bench.example', ${liker('i')}
    from generate_series(0, ${HOT_LIKERS - 1}) as i on conflict do nothing`);
  await run(`insert into comment (id, post, creator, comment, type, created_at)
    select ${post} || 'hl' || lpad(i::text, 5, '0'), ${post}, ${liker('i')}, 'like', 'like',
           timestamptz '2026-06-01' + i * interval '1 second'
    from generate_series(0, ${HOT_LIKERS - 1}) as i on conflict do nothing`);
  await run(`insert into comment (id, post, creator, comment, type, created_at)
    select ${post} || 'hc' || lpad(i::text, 5, '0'), ${post}, ${member('i')}, 'ખૂબ સરસ ' || i, 'comment',
           timestamptz '2026-06-01' + i * interval '1 second'
    from generate_series(0, ${HOT_COMMENTS - 1}) as i on conflict do nothing`);
  await run(`update post set like_count = like_count + ${HOT_LIKERS}, comment_count = comment_count + ${HOT_COMMENTS}
    where id = ${post}`);
  await run('alter table comment enable trigger comment_counts');
  await run('analyze');
  return { ms: performance.now() - started };
}
