// Ids in paths and cursors are checked with core's documentIdSchema (or, for a list whose cursor is the
// server's opaque token, core's cursorSchema) on every route: text that can never be an id (a dot, a
// space, 65 characters) is a 400 `general_argument_invalid` naming the parameter, decided after the
// route's auth check; a well-formed id that matches nothing stays a 404.
import { cursorSchema, documentIdSchema } from '@samaj/core';
import { describe, expect, it } from 'vitest';
import { call, expectError, expectVisitorRefused } from '../../test/api.ts';
import { describeEachDatabase } from '../../test/harness.ts';
import { members } from '../../test/members.ts';

interface Parameter {
  in: string;
  name: string;
  schema?: { pattern?: string };
}

/**
 * Parameters that are not document ids: a surname's name (and the surname list's cursor, a name), a
 * slide's position, a share card's kind and thing (a surname's name among them).
 */
const NOT_IDS = new Set([
  'GET /api/surnames/{name}',
  'GET /api/share-cards/{kind}/{id}',
  'POST /api/surnames/{name}/submissions',
  'GET /api/surnames cursor',
]);
const NOT_ID_PARAMS = new Set(['position']);

const MALFORMED = ['bad.id', 'x'.repeat(65)];

describeEachDatabase('document ids', (ctx) => {
  const { member, admin } = members(ctx, { member: 'member', admin: 'admin' });

  it("describes every id in a path or a cursor with core's documentIdSchema or cursorSchema", () => {
    const doc = ctx.app.swagger() as {
      paths: Record<string, Record<string, { parameters?: Parameter[] }>>;
    };
    const pattern = documentIdSchema.toJSONSchema().pattern;
    const cursorPattern = cursorSchema.unwrap().toJSONSchema().pattern;
    expect(cursorPattern).toBeTruthy();
    const checked: string[] = [];
    const handMade: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const route = `${method.toUpperCase()} ${path}`;
        for (const parameter of op.parameters ?? []) {
          const isId =
            (parameter.in === 'path' && !NOT_ID_PARAMS.has(parameter.name) && !NOT_IDS.has(route)) ||
            (parameter.in === 'query' &&
              ['cursor', 'userId'].includes(parameter.name) &&
              !NOT_IDS.has(`${route} ${parameter.name}`));
          if (!isId) continue;
          const name = `${route} ${parameter.in} ${parameter.name}`;
          checked.push(name);
          const allowed = parameter.name === 'cursor' ? [pattern, cursorPattern] : [pattern];
          if (!allowed.includes(parameter.schema?.pattern)) handMade.push(name);
        }
      }
    }
    expect(checked.length).toBeGreaterThanOrEqual(40);
    expect(handMade).toEqual([]);
  });

  describe('a malformed id is refused with 400 after the auth check', () => {
    const memberRoutes = [
      ['GET', '/api/matrimony/profiles/%s'],
      ['GET', '/api/matrimony/profiles/%s/photo'],
      ['DELETE', '/api/matrimony/shortlists/%s'],
      ['POST', '/api/matrimony/requests/%s/accept'],
      ['DELETE', '/api/push/subscriptions/%s'],
      ['GET', '/api/profiles/%s'],
      ['GET', '/api/matrimony/suggestions?cursor=%s'],
    ] as const;
    const adminRoutes = [
      ['POST', '/api/admin/posts/%s/decision', { status: 'approved' }],
      ['POST', '/api/admin/reports/%s/dismiss'],
      ['POST', '/api/admin/publisher-requests/%s/approve'],
      ['POST', '/api/admin/surname-submissions/%s/apply'],
      ['POST', '/api/admin/matrimony/profiles/%s/approve'],
      ['GET', '/api/admin/surname-submissions?cursor=%s'],
      ['GET', '/api/admin/publisher-requests?cursor=%s'],
    ] as const;
    const paramOf = (url: string) =>
      url.includes('cursor=')
        ? 'cursor'
        : url.startsWith('/api/admin/reports/')
          ? 'postId'
          : url.startsWith('/api/push/')
            ? 'token'
            : url.startsWith('/api/profiles/')
              ? 'username'
              : url.startsWith('/api/matrimony/shortlists/')
                ? 'profile'
                : 'id';

    it('a visitor is told to log in first', async () => {
      await expectVisitorRefused(
        ctx.app,
        [...memberRoutes, ...adminRoutes].map(([method, url, body]) => [
          method,
          url.replace('%s', 'bad.id'),
          body,
        ]),
      );
    });

    it.each([
      ...memberRoutes.map((route) => ['member', ...route] as const),
      ...adminRoutes.map((route) => ['admin', ...route] as const),
    ])('as %s: %s %s', async (who, method, url, body?: unknown) => {
      for (const id of MALFORMED) {
        const res = await call(
          ctx.app,
          method,
          url.replace('%s', id),
          who === 'admin' ? admin : member,
          body,
        );
        expectError(res, 400, 'general_argument_invalid', { field: paramOf(url) });
      }
    });

    it('for anyone on a public route (a file preview), and a well-formed unknown id is still a 404', async () => {
      for (const id of MALFORMED) {
        expectError(
          await call(ctx.app, 'GET', `/api/files/${id}/preview`, null),
          400,
          'general_argument_invalid',
          {
            field: 'id',
          },
        );
      }
      expectError(
        await call(ctx.app, 'GET', '/api/matrimony/profiles/nosuchmember', member),
        404,
        'document_not_found',
      );
    });
  });
});
