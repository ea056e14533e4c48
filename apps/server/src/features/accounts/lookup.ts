// Staff pick a member by name or username as they type (an event's host:
// docs/product/events.md, "Event form"). Only the members who may create events (Admin, Publisher) may ask;
// the answer holds the username and the name, never more, at most MEMBER_LOOKUP_LIMIT, blocked members left
// out.
import type { MemberLookup } from '@samaj/core';
import { and, asc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { user } from '../../db/schema/index.ts';
import { requireAnyLabel } from '../../platform/auth/index.ts';
import { writeLimit } from '../../platform/rate-limit.ts';
import { errors, GUARD_ERRORS } from '../../platform/responses.ts';

/** Not in spec: a picker's list, short enough to read on a phone. */
export const MEMBER_LOOKUP_LIMIT = 8;

const lookupQuery = z.object({ q: z.string().trim().min(1).max(64) });

const lookupResponse = z.object({
  members: z.array(z.object({ id: z.string(), name: z.string() })),
}) satisfies z.ZodType<MemberLookup>;

/** `q` as a LIKE pattern that matches itself only (its % and _ are not wildcards). */
const literal = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

export const memberLookupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/members/lookup',
    {
      onRequest: requireAnyLabel('Admin', 'Publisher'),
      ...writeLimit('lookup'),
      schema: {
        tags: ['accounts'],
        summary: 'Members whose username or name holds q: username and name only (Admin, Publisher)',
        querystring: lookupQuery,
        response: { 200: lookupResponse, ...errors(400, ...GUARD_ERRORS, 429) },
      },
    },
    async (request): Promise<MemberLookup> => {
      const q = literal(request.query.q.toLowerCase());
      const members = await app.db
        .select({ id: user.id, name: user.name })
        .from(user)
        .where(
          and(
            or(ilike(user.id, `${q}%`), ilike(user.name, `%${q}%`)),
            or(isNull(user.banned), eq(user.banned, false)),
          ),
        )
        // A username that starts with what was typed first, then by username.
        .orderBy(sql`${ilike(user.id, `${q}%`)} desc`, asc(user.id))
        .limit(MEMBER_LOOKUP_LIMIT);
      return { members };
    },
  );
};
