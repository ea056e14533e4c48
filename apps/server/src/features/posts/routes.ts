// The social feed (docs/product/feed.md: "Posts home", "Single post", "Post status", "Likes",
// "Comments"). Visitors read nothing; others' posts are visible only when
// approved; only approved posts take likes, comments and reports. Moderation (status changes)
// lives in the staff feature; this feature says who may see a post's image (registry file access)
// and hands its part of a member's data to the export and deletion (registry member data).
import {
  addPostSchema,
  commentSchema,
  commentViewSchema,
  feedQuerySchema,
  hasLabel,
  isPostVisibleTo,
  likeStateSchema,
  newPostStatus,
  type PostView,
  postAllowsReactions,
  postIdParamsSchema,
  postPageSchema,
  postViewSchema,
  reportSchema,
  reportViewSchema,
  UPLOAD_MAX_BYTES,
} from '@samaj/core';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authorSummary } from '../../db/author.ts';
import { comment, file as fileTable, post, postReport } from '../../db/schema/index.ts';
import { requireMember, requireUser, type SessionUser } from '../../platform/auth/index.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { deleteFilesWith, discardUpload } from '../../platform/files-cleanup.ts';
import { originalKey, readUpload, saveImageUpload } from '../../platform/images.ts';
import { writeLimit } from '../../platform/rate-limit.ts';
import { errors, GUARD_ERRORS, noContent } from '../../platform/responses.ts';
import { getStorage } from '../../platform/storage/index.ts';
import { acceptUploads } from '../../platform/upload.ts';
import { postImageAccess } from './image-access.ts';
import { postsMemberData } from './member-data.ts';
import { feedPage, likeState, loadPost } from './queries.ts';
import { postShareCard } from './share-card.ts';

export const MSG_POST_NOT_FOUND = 'Post with the requested ID could not be found.';
export const MSG_COMMENT_NOT_FOUND = 'Comment with the requested ID could not be found.';
export const MSG_NOT_APPROVED = 'Only approved posts accept likes, comments and reports.';
export const MSG_ONLY_AUTHOR_DELETES = 'Only the author can delete this post.';
export const MSG_ONLY_COMMENTER_DELETES = 'Only the author of a comment can delete it.';
export const MSG_OWN_POST_REPORT = 'You cannot report your own post.';
export const MSG_ALREADY_REPORTED = 'You have already reported this post.';
export const MSG_MULTIPART_MALFORMED = 'The multipart body could not be read.';

type PostRow = typeof post.$inferSelect;

async function findPost(app: FastifyInstance, id: string): Promise<PostRow | null> {
  const [row] = await app.db.select().from(post).where(eq(post.id, id)).limit(1);
  return row ?? null;
}

/** Staff may open any post (to judge a report); everyone else only what isPostVisibleTo allows. */
function canSee(row: PostRow, me: SessionUser): boolean {
  return isPostVisibleTo(row, me) || hasLabel(me.labels, 'Admin');
}

/** The post with every comment, as `me` sees it, when `me` may open it (staff any); else null. */
async function openedPost(app: FastifyInstance, id: string, me: SessionUser): Promise<PostView | null> {
  const row = await findPost(app, id);
  return row && canSee(row, me) ? loadPost(app.db, row.id, me.id) : null;
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

// The image of a multipart post, read by readMultipartPost for the handler.
const uploadedImages = new WeakMap<FastifyRequest, Buffer>();

/**
 * A new post may come as multipart (description + optional `file`). zod cannot validate a stream,
 * so the parts are read here, before validation: the description becomes the body that core's
 * addPostSchema then validates like a JSON post's (same 400s), and the image waits for the
 * handler. Runs after the member guard, so a visitor's upload is never read.
 */
async function readMultipartPost(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5 } })) {
      if (part.type === 'file') {
        // Read it whole: the description may come after the file, and must be valid before we store.
        const data = await readUpload(part);
        if (part.fieldname === 'file' && data.length > 0) uploadedImages.set(request, data);
      } else if (part.fieldname === 'description' && typeof part.value === 'string') {
        fields.description = part.value;
      }
    }
  } catch (error) {
    // Limits and our own refusals say what was wrong; a broken body (busboy) is the client's mistake.
    if (error instanceof AppError || (error as { statusCode?: number }).statusCode) throw error;
    throw badRequest(MSG_MULTIPART_MALFORMED);
  }
  request.body = fields;
}

const postsRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptUploads(app);
  app.registry.addFileAccess('post', postImageAccess);
  app.registry.addMemberData(postsMemberData);
  app.registry.addShareCard('post', postShareCard);

  const tags = ['posts'];
  const member = { onRequest: requireMember };
  const params = postIdParamsSchema;

  app.get(
    '/api/posts',
    {
      ...member,
      schema: {
        tags,
        summary: "A page of the feed, or of one member's posts (`userId`), newest first",
        querystring: feedQuerySchema,
        response: { 200: postPageSchema, ...errors(400, ...GUARD_ERRORS) },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      return feedPage(app.db, { viewer: me.id, ...request.query });
    },
  );

  /** docs/product/feed.md, "Post status": a new post awaits review, except a Publisher's or an Admin's, which is public at once. */
  app.post(
    '/api/posts',
    {
      ...writeLimit('post'),
      onRequest: requireMember,
      preValidation: readMultipartPost,
      schema: {
        tags,
        summary: 'Write a post: JSON, or multipart with `description` and an optional image `file`',
        consumes: ['application/json', 'multipart/form-data'],
        body: addPostSchema,
        response: { 201: postViewSchema, ...errors(400, ...GUARD_ERRORS, 413, 415, 429, 503) },
      },
    },
    async (request, reply) => {
      const me = await requireUser(request);
      const image = uploadedImages.get(request);
      const file = image ? await saveImageUpload(app, image, { owner: me.id, kind: 'post' }) : null;
      let id: string;
      try {
        const [row] = await app.db
          .insert(post)
          .values({
            creator: me.id,
            description: request.body.description,
            file,
            status: newPostStatus(me.labels),
          })
          .returning({ id: post.id });
        id = row.id;
      } catch (error) {
        if (file) await discardUpload(app, file);
        throw error;
      }
      const created = await loadPost(app.db, id, me.id);
      if (!created) throw notFound(MSG_POST_NOT_FOUND);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/posts/:id',
    {
      ...member,
      schema: {
        tags,
        summary: 'One post with all its comments',
        params,
        response: { 200: postViewSchema, ...errors(400, ...GUARD_ERRORS, 404) },
      },
    },
    async (request) => {
      const found = await openedPost(app, request.params.id, await requireUser(request));
      if (!found) throw notFound(MSG_POST_NOT_FOUND);
      return found;
    },
  );

  /**
   * The post's full image (the clean re-encoded original, never the upload itself) for whoever may
   * see the post: opened when a member taps the picture in a card.
   */
  app.get(
    '/api/posts/:id/image',
    {
      ...member,
      schema: {
        tags,
        summary: "The post's full image (JPEG or WebP)",
        params,
        response: { 200: z.any().describe('The image'), ...errors(400, ...GUARD_ERRORS, 404) },
      },
    },
    async (request, reply) => {
      const me = await requireUser(request);
      const row = await findPost(app, request.params.id);
      if (!row || !canSee(row, me) || !row.file) throw notFound(MSG_POST_NOT_FOUND);
      const [stored] = await app.db
        .select({ mime: fileTable.mime })
        .from(fileTable)
        .where(eq(fileTable.id, row.file));
      const data = stored ? await getStorage(app).get(originalKey(row.file)) : null;
      if (!stored || !data) throw notFound(MSG_POST_NOT_FOUND);
      return reply.type(stored.mime).header('Cache-Control', 'private, max-age=3600').send(data);
    },
  );

  /** The author deletes a post: its comments, likes and reports go with it (FK cascade), and its image (a job). */
  app.delete(
    '/api/posts/:id',
    {
      ...member,
      schema: {
        tags,
        summary: 'Delete your own post',
        params,
        response: { 204: noContent, ...errors(400, ...GUARD_ERRORS, 404) },
      },
    },
    async (request, reply) => {
      const me = await requireUser(request);
      const { id } = request.params;
      const row = await visiblePost(app, id, me);
      if (row.creator !== me.id) throw forbidden(MSG_ONLY_AUTHOR_DELETES);
      await app.db.transaction(async (tx) => {
        await tx.delete(comment).where(eq(comment.post, id));
        await tx.delete(postReport).where(eq(postReport.post, id));
        const deleted = await tx
          .delete(post)
          .where(and(eq(post.id, id), eq(post.creator, me.id)))
          .returning({ file: post.file });
        await deleteFilesWith(
          app,
          tx,
          deleted.map((row) => row.file),
        );
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/posts/:id/comments',
    {
      ...writeLimit('comment'),
      ...member,
      schema: {
        tags,
        summary: 'Comment on an approved post',
        params,
        body: commentSchema,
        response: { 201: commentViewSchema, ...errors(400, ...GUARD_ERRORS, 404, 429) },
      },
    },
    async (request, reply) => {
      const me = await requireUser(request);
      const { id } = request.params;
      await reactablePost(app, id, me);
      const [row] = await app.db
        .insert(comment)
        .values({ post: id, creator: me.id, comment: request.body.comment, type: 'comment' })
        .returning();
      return reply.code(201).send({
        id: row.id,
        post: row.post,
        creator: row.creator,
        comment: row.comment,
        type: 'comment' as const,
        createdAt: row.createdAt.toISOString(),
        user: authorSummary(me.id, { authorName: me.name, authorDp: me.dp, authorLabels: me.labels }),
      });
    },
  );

  /**
   * A member deletes their own comment (or like), and nobody else's. Their own one goes whatever
   * became of the post since (unlisted, rejected): what a member wrote stays theirs to remove.
   */
  app.delete(
    '/api/comments/:id',
    {
      ...member,
      schema: {
        tags,
        summary: 'Delete your own comment',
        params,
        response: { 204: noContent, ...errors(400, ...GUARD_ERRORS, 404) },
      },
    },
    async (request, reply) => {
      const me = await requireUser(request);
      const { id } = request.params;
      const [row] = await app.db.select().from(comment).where(eq(comment.id, id)).limit(1);
      if (row?.creator !== me.id) {
        const parent = row ? await findPost(app, row.post) : null;
        if (!row || !parent || !isPostVisibleTo(parent, me)) throw notFound(MSG_COMMENT_NOT_FOUND);
        throw forbidden(MSG_ONLY_COMMENTER_DELETES);
      }
      await app.db.delete(comment).where(and(eq(comment.id, id), eq(comment.creator, me.id)));
      return reply.code(204).send(null);
    },
  );

  /**
   * Like: idempotent. The partial unique index (post, creator) where type = 'like' decides races,
   * so any number of parallel requests leave one like; the answer is read back from the rows.
   */
  app.post(
    '/api/posts/:id/like',
    {
      ...writeLimit('like'),
      ...member,
      schema: {
        tags,
        summary: 'Like an approved post (idempotent)',
        params,
        response: { 200: likeStateSchema, ...errors(400, ...GUARD_ERRORS, 404, 429) },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      const { id } = request.params;
      await reactablePost(app, id, me);
      await app.db
        .insert(comment)
        .values({ post: id, creator: me.id, comment: 'like', type: 'like' })
        .onConflictDoNothing();
      return likeState(app.db, id, me.id);
    },
  );

  /** Unlike: like a comment, a member's own like may always be taken back while the post exists. */
  app.delete(
    '/api/posts/:id/like',
    {
      ...writeLimit('like'),
      ...member,
      schema: {
        tags,
        summary: 'Take your like back (idempotent)',
        params,
        response: { 200: likeStateSchema, ...errors(400, ...GUARD_ERRORS, 404, 429) },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      const { id } = request.params;
      const row = await findPost(app, id);
      if (!row) throw notFound(MSG_POST_NOT_FOUND);
      const removed = await app.db
        .delete(comment)
        .where(and(eq(comment.post, id), eq(comment.creator, me.id), eq(comment.type, 'like')))
        .returning({ id: comment.id });
      // Someone who never liked a post they cannot see learns nothing about it.
      if (removed.length === 0 && !isPostVisibleTo(row, me)) throw notFound(MSG_POST_NOT_FOUND);
      return likeState(app.db, id, me.id);
    },
  );

  /** A member reports someone else's approved post, once; the staff's reports queue reads these. */
  app.post(
    '/api/posts/:id/reports',
    {
      ...writeLimit('report'),
      ...member,
      schema: {
        tags,
        summary: "Report someone else's approved post (once)",
        params,
        body: reportSchema,
        response: { 201: reportViewSchema, ...errors(400, ...GUARD_ERRORS, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const me = await requireUser(request);
      const { id } = request.params;
      const row = await visiblePost(app, id, me);
      if (row.creator === me.id) throw forbidden(MSG_OWN_POST_REPORT);
      if (!postAllowsReactions(row.status)) throw forbidden(MSG_NOT_APPROVED);
      const inserted = await app.db
        .insert(postReport)
        .values({ post: id, reporter: me.id, reason: request.body.reason })
        .onConflictDoNothing()
        .returning();
      if (inserted.length === 0) throw conflict(MSG_ALREADY_REPORTED);
      const report = inserted[0];
      return reply.code(201).send({
        id: report.id,
        post: report.post,
        reason: report.reason,
        createdAt: report.createdAt.toISOString(),
      });
    },
  );
};

export default postsRoutes;
