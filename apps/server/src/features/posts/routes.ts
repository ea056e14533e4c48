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
  isPostVisibleTo,
  likeStateSchema,
  type PostView,
  postIdParamsSchema,
  postPageSchema,
  postViewSchema,
  reportSchema,
  reportViewSchema,
} from '@samaj/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { file as fileTable } from '../../db/schema/index.ts';
import { requireMember, requireUser, type SessionUser } from '../../platform/auth/index.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { originalKey } from '../../platform/images.ts';
import { writeLimit } from '../../platform/rate-limit.ts';
import { errors, GUARD_ERRORS, noContent } from '../../platform/responses.ts';
import { getStorage } from '../../platform/storage/index.ts';
import { acceptUploads } from '../../platform/upload.ts';
import { postImageAccess } from './image-access.ts';
import { postsMemberData } from './member-data.ts';
import { readMultipartPost, uploadedImage } from './multipart-post.ts';
import {
  canSee,
  deletablePost,
  findPost,
  MSG_POST_NOT_FOUND,
  mayDeleteComment,
  reactablePost,
  reportablePost,
} from './policy.ts';
import { feedPage, likeState, loadPost } from './queries.ts';
import { addComment, createPost, deleteComment, deletePost, like, reportPost, unlike } from './service.ts';
import { postShareCard } from './share-card.ts';

export const MSG_ALREADY_REPORTED = 'You have already reported this post.';

/** The post with every comment, as `me` sees it, when `me` may open it (staff any); else null. */
async function openedPost(app: FastifyInstance, id: string, me: SessionUser): Promise<PostView | null> {
  const row = await findPost(app.db, id);
  return row && canSee(row, me) ? loadPost(app.db, row.id, me.id) : null;
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
      const id = await createPost(app, me, request.body.description, uploadedImage(request));
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
      const row = await findPost(app.db, request.params.id);
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
      await deletablePost(app.db, id, me);
      await deletePost(app, id, me);
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
      await reactablePost(app.db, id, me);
      return reply.code(201).send(await addComment(app, id, me, request.body.comment));
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
      await mayDeleteComment(app.db, id, me);
      await deleteComment(app, id, me);
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
      await reactablePost(app.db, id, me);
      await like(app, id, me);
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
      const row = await findPost(app.db, id);
      if (!row) throw notFound(MSG_POST_NOT_FOUND);
      const removed = await unlike(app, id, me);
      // Someone who never liked a post they cannot see learns nothing about it.
      if (!removed && !isPostVisibleTo(row, me)) throw notFound(MSG_POST_NOT_FOUND);
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
      await reportablePost(app.db, id, me);
      const report = await reportPost(app, id, me, request.body.reason);
      if (!report) throw conflict(MSG_ALREADY_REPORTED);
      return reply.code(201).send(report);
    },
  );
};

export default postsRoutes;
