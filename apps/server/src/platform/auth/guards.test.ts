// Who may call is decided before the body is read: on every guarded write, a visitor learns 401 and a
// member on a staff route learns 403, whatever they sent — malformed JSON, a type the route does not
// take, a body over the limit. Found from the OpenAPI document, so a new route is checked as it lands.
import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';
import { members } from '../../../test/members.ts';

interface Operation {
  responses?: Record<string, unknown>;
}

/** Writes anyone may send that answer 401 for a reason of their own (a wrong password). */
const OPEN_WRITES = new Set(['POST /api/account/login']);

/** A body no route accepts, each for its own reason. */
const BODIES = [
  { name: 'malformed JSON', headers: { 'content-type': 'application/json' }, payload: '{"description": "ab' },
  { name: 'a type no route takes', headers: { 'content-type': 'text/csv' }, payload: 'a,b\n1,2' },
  {
    name: 'a body over every limit',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ description: 'x'.repeat(30 * 1024 * 1024) }),
  },
] as const;

describeEachDatabase('guards decide before the body is read', (ctx) => {
  const { member } = members(ctx, { member: 'member' });

  /** Every write the OpenAPI document describes as able to answer 401, with a placeholder for each path parameter. */
  function guardedWrites(): { method: string; url: string; name: string }[] {
    const doc = ctx.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    return Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(
          ([method, op]) => ['post', 'put', 'patch', 'delete'].includes(method) && op.responses?.['401'],
        )
        .map(([method]) => {
          const name = `${method.toUpperCase()} ${path}`;
          return { method: method.toUpperCase(), url: path.replace(/\{\w+\}/g, 'x1'), name };
        })
        .filter(({ name }) => !OPEN_WRITES.has(name)),
    );
  }

  it('finds the guarded writes', () => {
    expect(guardedWrites().length).toBeGreaterThanOrEqual(30);
  });

  describe.each(BODIES)('with $name', (body) => {
    it('a visitor learns 401 on every guarded write', async () => {
      const answers: string[] = [];
      for (const { method, url, name } of guardedWrites()) {
        const response = await ctx.app.inject({
          method: method as 'POST',
          url,
          headers: body.headers,
          payload: body.payload,
        });
        answers.push(`${name} → ${response.statusCode} ${response.json().type}`);
      }
      expect(answers.filter((answer) => !answer.endsWith('→ 401 user_unauthorized'))).toEqual([]);
    });

    it('a member learns 403 on every staff write', async () => {
      const answers: string[] = [];
      for (const { method, url, name } of guardedWrites().filter(({ url }) =>
        url.startsWith('/api/admin/'),
      )) {
        const response = await ctx.app.inject({
          method: method as 'POST',
          url,
          headers: { ...body.headers, cookie: member.cookie },
          payload: body.payload,
        });
        answers.push(`${name} → ${response.statusCode} ${response.json().type}`);
      }
      expect(answers.length).toBeGreaterThanOrEqual(10);
      expect(answers.filter((answer) => !answer.endsWith('→ 403 user_forbidden'))).toEqual([]);
    });
  });
});
