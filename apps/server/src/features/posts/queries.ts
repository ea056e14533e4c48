// Reading posts the way a member sees them: one SQL statement per page, each part served by an
// index (post_status_id_idx / post_creator_id_idx for the page, comment_post_type_id_idx and the
// one-like-per-member unique index for counts, my like and the last comments).
import {
  type CommentView,
  FEED_COMMENTS,
  POSTS_PAGE_SIZE,
  type PostPage,
  type PostStatus,
  type PostView,
  PUBLIC_POST_STATUS,
} from '@samaj/core';
import { type SQL, sql } from 'drizzle-orm';
import { type AuthorFields, authorSummary } from '../../db/author.ts';
import type { Database, Executor } from '../../db/client.ts';
import { pageOf } from '../../db/keyset.ts';
import { executePrepared } from '../../db/prepared.ts';

type Row = Record<string, unknown>;

function rowsOf(result: unknown): Row[] {
  return ((result as { rows?: Row[] }).rows ?? []) as Row[];
}

const iso = (value: unknown): string =>
  value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();

// The author columns are selected under db/author.ts's names ("authorName", ...), so each row
// (and each comment inside the JSON) is read by the one author-summary mapper.
const author = (creator: string, raw: Row) => authorSummary(creator, raw as Partial<AuthorFields>);

function toComment(raw: Row): CommentView {
  const creator = String(raw.creator);
  return {
    id: String(raw.id),
    post: String(raw.post),
    creator,
    comment: String(raw.comment),
    type: 'comment',
    createdAt: iso(raw.created_at),
    user: author(creator, raw),
  };
}

function toPost(row: Row): PostView {
  const creator = String(row.creator);
  const comments = (typeof row.comments === 'string' ? JSON.parse(row.comments) : row.comments) as
    | Row[]
    | null;
  return {
    id: String(row.id),
    creator,
    description: String(row.description),
    file: (row.file as string | null) || null,
    fileWidth: row.file_width == null ? null : Number(row.file_width),
    fileHeight: row.file_height == null ? null : Number(row.file_height),
    status: String(row.status) as PostStatus,
    rejectionReason: (row.rejection_reason as string | null) ?? null,
    createdAt: iso(row.created_at),
    user: author(creator, row),
    liked: (row.liked as string | null) ?? null,
    likeCount: Number(row.like_count ?? 0),
    commentCount: Number(row.comment_count ?? 0),
    comments: (comments ?? []).map(toComment),
  };
}

/**
 * A page size written into the statement's text rather than passed as a value: the statement is
 * planned once and reused (db/prepared.ts), and a plan made for an unknown LIMIT expects a tenth of
 * the table — it would read every member into a hash instead of looking up a page's few authors.
 * Page sizes are the app's own constants, so the shapes stay few.
 */
function limitOf(rows: number): SQL {
  if (!Number.isSafeInteger(rows) || rows < 0) throw new Error(`Not a row count: ${rows}`);
  return sql.raw(String(rows));
}

/**
 * The posts with these ids (already in the order wanted) as `viewer` sees them. `commentLimit`
 * null means every comment (single post page).
 */
async function enrich(
  db: Database,
  ids: SQL,
  viewer: string,
  commentLimit: number | null,
): Promise<PostView[]> {
  const limit = commentLimit === null ? sql`` : sql`limit ${limitOf(commentLimit)}`;
  const result = await executePrepared(
    db,
    'posts',
    sql`
    with page as (${ids})
    select p.id, p.creator, p.description, p.file, f.width as file_width, f.height as file_height,
      p.status, p.rejection_reason, p.created_at,
      u.name as "authorName", u.dp as "authorDp", u.labels as "authorLabels",
      (select c.id from comment c
        where c.post = p.id and c.creator = ${viewer} and c.type = 'like') as liked,
      p.like_count, p.comment_count,
      (select coalesce(json_agg(x order by x.id), '[]'::json) from (
        select c.id, c.post, c.creator, c.comment, c.created_at,
          cu.name as "authorName", cu.dp as "authorDp", cu.labels as "authorLabels"
        from comment c left join "user" cu on cu.id = c.creator
        where c.post = p.id and c.type = 'comment'
        order by c.id desc ${limit}
      ) x) as comments
    from page join post p on p.id = page.id
    left join "user" u on u.id = p.creator
    left join file f on f.id = p.file
    order by p.id desc`,
  );
  return rowsOf(result).map(toPost);
}

/**
 * `creator = X` written as a range, read in post_creator_id_idx's order (creator, id desc). With a
 * plain equality PostgreSQL drops `creator` from the ORDER BY as a constant and may walk the primary
 * key backwards filtering on creator instead — reading the whole table for a member with few or no
 * posts (measured: ~200 ms a page at 1M posts). A range keeps the ordering only this index serves,
 * written as the index has it: `id desc nulls last` (a bare `desc` means nulls first, which the index
 * cannot give, so every post of the member was sorted before the page's few were taken).
 */
const ownBy = (creator: string) => sql`creator >= ${creator} and creator <= ${creator}`;

export interface FeedQuery {
  viewer: string;
  cursor?: string;
  /** Only this member's posts (profile page). */
  userId?: string;
  pageSize?: number;
}

/**
 * One keyset page, newest first. Everyone sees approved posts; the viewer also sees their own in
 * every status. Two index range scans merged (never an OR that defeats the index).
 */
export async function feedPage(db: Database, query: FeedQuery): Promise<PostPage> {
  const size = query.pageSize ?? POSTS_PAGE_SIZE;
  const take = limitOf(size + 1);
  const after = query.cursor ? sql`and id < ${query.cursor}` : sql``;
  const approved = PUBLIC_POST_STATUS;
  let ids: SQL;
  if (query.userId !== undefined) {
    const statuses = query.userId === query.viewer ? sql`` : sql`and status = ${approved}`;
    ids = sql`select id from post where ${ownBy(query.userId)} ${statuses} ${after}
      order by creator, id desc nulls last limit ${take}`;
  } else {
    ids = sql`(select id from post where status = ${approved} ${after} order by id desc nulls last limit ${take})
      union all
      (select id from post where ${ownBy(query.viewer)} and status <> ${approved} ${after}
        order by creator, id desc nulls last limit ${take})
      order by id desc nulls last limit ${take}`;
  }
  return pageOf(await enrich(db, ids, query.viewer, FEED_COMMENTS), size);
}

/** One post with every comment, regardless of visibility (the caller decides). */
export async function loadPost(db: Database, id: string, viewer: string): Promise<PostView | null> {
  const [found] = await enrich(db, sql`select id from post where id = ${id}`, viewer, null);
  return found ?? null;
}

/** The post's like count (exact: kept by a trigger, migration 0006) and the viewer's like. */
export async function likeState(
  db: Executor,
  postId: string,
  viewer: string,
): Promise<{ liked: string | null; likeCount: number }> {
  const result = await db.execute(sql`
    select
      (select id from comment where post = ${postId} and creator = ${viewer} and type = 'like') as liked,
      (select like_count from post where id = ${postId}) as like_count`);
  const row = rowsOf(result)[0] ?? {};
  return { liked: (row.liked as string | null) ?? null, likeCount: Number(row.like_count ?? 0) };
}
