// The social feed (SPEC §2 Posts home / Single post / Profile posts, §4 Post status and Like,
// §7 Posts, Comments and likes). Every route decides who may do what itself: visitors read
// nothing; others' posts are visible only when approved; only approved posts take likes,
// comments and reports. Moderation (status changes) lives in the staff feature.
import multipart from '@fastify/multipart';
import {
  addPostSchema,
  commentSchema,
  ERROR_TYPES,
  hasLabel,
  isPostVisibleTo,
  NEW_POST_STATUS,
  postAllowsReactions,
  reportSchema,
  UPLOAD_MAX_BYTES,
} from '@samaj/core';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { comment, file as fileTable, post, postReport } from '../../db/schema/index.ts';
import { requireUser, type SessionUser } from '../../platform/auth/index.ts';
import { AppError, conflict, forbidden, missingParameter, notFound } from '../../platform/errors.ts';
import { deleteFile, originalKey, readUpload, saveImageUpload } from '../../platform/images.ts';
import { getStorage } from '../../platform/storage/index.ts';
import { feedPage, likeState, loadPost } from './queries.ts';

export const MSG_POST_NOT_FOUND = 'Post with the requested ID could not be found.';
export const MSG_COMMENT_NOT_FOUND = 'Comment with the requested ID could not be found.';
export const MSG_NOT_APPROVED = 'Only approved posts accept likes, comments and reports.';
export const MSG_ONLY_AUTHOR_DELETES = 'Only the author can delete this post.';
export const MSG_ONLY_COMMENTER_DELETES = 'Only the author of a comment can delete it.';
export const MSG_OWN_POST_REPORT = 'You cannot report your own post.';
export const MSG_ALREADY_REPORTED = 'You have already reported this post.';

// Ids and cursors are uniqueId()s (20 hex); anything else can match nothing.
const idText = z.string().min(1).max(64);
const idParams = z.object({ id: idText });
const feedQuery = z.object({ cursor: idText.optional(), userId: idText.optional() });

/** A body parsed by a core schema, or the spec's 400 naming the first field at fault. */
function parse<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = String(issue.path[0] ?? 'body');
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[field] : undefined;
  if (value === undefined) throw missingParameter(field);
  throw new AppError(
    400,
    ERROR_TYPES.GENERAL_ARGUMENT_INVALID,
    `Invalid \`${field}\` param: ${issue.message}`,
  );
}

function parseParams<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw notFound(MSG_POST_NOT_FOUND);
  return result.data;
}

type PostRow = typeof post.$inferSelect;

async function findPost(app: FastifyInstance, id: string): Promise<PostRow | null> {
  const [row] = await app.db.select().from(post).where(eq(post.id, id)).limit(1);
  return row ?? null;
}

/** Staff may open any post (to judge a report); everyone else only what isPostVisibleTo allows. */
function canSee(row: PostRow, me: SessionUser): boolean {
  return isPostVisibleTo(row, me) || hasLabel(me.labels, 'Admin');
}

/** The post when `me` may see it, else the same 404 an unknown id gets (nothing is revealed). */
async function visiblePost(app: FastifyInstance, id: string, me: SessionUser): Promise<PostRow> {
  const row = await findPost(app, id);
  if (!row || !isPostVisibleTo(row, me)) throw notFound(MSG_POST_NOT_FOUND);
  return row;
}

/** A visible post that is approved, for likes, comments and reports. */
async function reactablePost(app: FastifyInstance, id: string, me: SessionUser): Promise<PostRow> {
  const row = await visiblePost(app, id, me);
  if (!postAllowsReactions(row.status)) throw forbidden(MSG_NOT_APPROVED);
  return row;
}

interface NewPostInput {
  description: unknown;
  image: Buffer | null;
}

/** Reads a multipart post (description + optional `file`) or a JSON one. */
async function readNewPost(request: FastifyRequest): Promise<NewPostInput> {
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    return { description: body.description, image: null };
  }
  let description: unknown;
  let image: Buffer | null = null;
  for await (const part of request.parts({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5 } })) {
    if (part.type === 'file') {
      // Read it whole: the description may come after the file, and must be valid before we store.
      const data = await readUpload(part);
      if (part.fieldname === 'file' && data.length > 0) image = data;
    } else if (part.fieldname === 'description') {
      description = part.value;
    }
  }
  return { description, image };
}

export default async function postsRoutes(app: FastifyInstance) {
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5 } });
  }

  /** A page of the feed, or of one member's posts (`userId`), newest first. */
  app.get('/api/posts', async (request) => {
    const me = await requireUser(request);
    const query = feedQuery.safeParse(request.query);
    if (!query.success)
      throw new AppError(400, ERROR_TYPES.GENERAL_ARGUMENT_INVALID, 'Invalid `cursor` param.');
    return feedPage(app.db, { viewer: me.id, cursor: query.data.cursor, userId: query.data.userId });
  });

  /** SPEC §4: a new post awaits review, except a Publisher's or an Admin's, which is public at once. */
  app.post('/api/posts', async (request, reply) => {
    const me = await requireUser(request);
    const input = await readNewPost(request);
    const { description } = parse(addPostSchema, { description: input.description });
    const trusted = hasLabel(me.labels, 'Publisher') || hasLabel(me.labels, 'Admin');
    const file = input.image ? await saveImageUpload(app, input.image, { owner: me.id, kind: 'post' }) : null;
    let id: string;
    try {
      const [row] = await app.db
        .insert(post)
        .values({ creator: me.id, description, file, status: trusted ? 'approved' : NEW_POST_STATUS })
        .returning({ id: post.id });
      id = row.id;
    } catch (error) {
      if (file) await deleteFile(app, file);
      throw error;
    }
    reply.code(201);
    return loadPost(app.db, id, me.id);
  });

  app.get('/api/posts/:id', async (request) => {
    const me = await requireUser(request);
    const { id } = parseParams(idParams, request.params);
    const row = await findPost(app, id);
    if (!row || !canSee(row, me)) throw notFound(MSG_POST_NOT_FOUND);
    const found = await loadPost(app.db, id, me.id);
    if (!found) throw notFound(MSG_POST_NOT_FOUND);
    return found;
  });

  /**
   * The post's full image (the clean re-encoded original, never the upload itself) for whoever may
   * see the post: opened when a member taps the picture in a card.
   */
  app.get('/api/posts/:id/image', async (request, reply) => {
    const me = await requireUser(request);
    const { id } = parseParams(idParams, request.params);
    const row = await findPost(app, id);
    if (!row || !canSee(row, me) || !row.file) throw notFound(MSG_POST_NOT_FOUND);
    const [stored] = await app.db
      .select({ mime: fileTable.mime })
      .from(fileTable)
      .where(eq(fileTable.id, row.file));
    const data = stored ? await getStorage(app).get(originalKey(row.file)) : null;
    if (!stored || !data) throw notFound(MSG_POST_NOT_FOUND);
    return reply.type(stored.mime).header('Cache-Control', 'private, max-age=3600').send(data);
  });

  /** The author deletes a post: its comments, likes and reports go with it (FK cascade), then its image. */
  app.delete('/api/posts/:id', async (request, reply) => {
    const me = await requireUser(request);
    const { id } = parseParams(idParams, request.params);
    const row = await visiblePost(app, id, me);
    if (row.creator !== me.id) throw forbidden(MSG_ONLY_AUTHOR_DELETES);
    const deleted = await app.db.transaction(async (tx) => {
      await tx.delete(comment).where(eq(comment.post, id));
      await tx.delete(postReport).where(eq(postReport.post, id));
      return tx
        .delete(post)
        .where(and(eq(post.id, id), eq(post.creator, me.id)))
        .returning({ file: post.file });
    });
    const file = deleted[0]?.file;
    if (file) await deleteFile(app, file);
    return reply.code(204).send();
  });

  app.post('/api/posts/:id/comments', async (request, reply) => {
    const me = await requireUser(request);
    const { id } = parseParams(idParams, request.params);
    const body = parse(commentSchema, request.body);
    await reactablePost(app, id, me);
    const [row] = await app.db
      .insert(comment)
      .values({ post: id, creator: me.id, comment: body.comment, type: 'comment' })
      .returning();
    reply.code(201);
    return {
      id: row.id,
      post: row.post,
      creator: row.creator,
      comment: row.comment,
      type: 'comment' as const,
      createdAt: row.createdAt.toISOString(),
      user: { id: me.id, name: me.name, dp: me.dp || 'newuser', labels: me.labels },
    };
  });

  /** A member deletes their own comment (or like), and nobody else's. */
  app.delete('/api/comments/:id', async (request, reply) => {
    const me = await requireUser(request);
    const { id } = parseParams(idParams, request.params);
    const [row] = await app.db.select().from(comment).where(eq(comment.id, id)).limit(1);
    const parent = row ? await findPost(app, row.post) : null;
    if (!row || !parent || !isPostVisibleTo(parent, me)) throw notFound(MSG_COMMENT_NOT_FOUND);
    if (row.creator !== me.id) throw forbidden(MSG_ONLY_COMMENTER_DELETES);
    await app.db.delete(comment).where(and(eq(comment.id, id), eq(comment.creator, me.id)));
    return reply.code(204).send();
  });

  /**
   * Like: idempotent. The partial unique index (post, creator) where type = 'like' decides races,
   * so any number of parallel requests leave one like; the answer is read back from the rows.
   */
  app.post('/api/posts/:id/like', async (request) => {
    const me = await requireUser(request);
    const { id } = parseParams(idParams, request.params);
    await reactablePost(app, id, me);
    await app.db
      .insert(comment)
      .values({ post: id, creator: me.id, comment: 'like', type: 'like' })
      .onConflictDoNothing();
    return likeState(app.db, id, me.id);
  });

  app.delete('/api/posts/:id/like', async (request) => {
    const me = await requireUser(request);
    const { id } = parseParams(idParams, request.params);
    await visiblePost(app, id, me);
    await app.db
      .delete(comment)
      .where(and(eq(comment.post, id), eq(comment.creator, me.id), eq(comment.type, 'like')));
    return likeState(app.db, id, me.id);
  });

  /** A member reports someone else's approved post, once; the staff's reports queue reads these. */
  app.post('/api/posts/:id/reports', async (request, reply) => {
    const me = await requireUser(request);
    const { id } = parseParams(idParams, request.params);
    const body = parse(reportSchema, request.body);
    const row = await visiblePost(app, id, me);
    if (row.creator === me.id) throw forbidden(MSG_OWN_POST_REPORT);
    if (!postAllowsReactions(row.status)) throw forbidden(MSG_NOT_APPROVED);
    const inserted = await app.db
      .insert(postReport)
      .values({ post: id, reporter: me.id, reason: body.reason })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) throw conflict(MSG_ALREADY_REPORTED);
    const report = inserted[0];
    reply.code(201);
    return {
      id: report.id,
      post: report.post,
      reason: report.reason,
      createdAt: report.createdAt.toISOString(),
    };
  });
}
