// Rate limits kept in the database (docs/product/errors.md, "Write limits"): the write limits
// (@fastify/rate-limit on its database store) and the login, signup and recovery limits count into the
// `rate_limit` table, so two server processes on one PostgreSQL enforce ONE limit, not one each; the answer
// stays the `{ message, code, type }` 429 with Retry-After.
import { ERROR_TYPES } from '@samaj/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { call, expectError } from '../../test/api.ts';
import { describeEachDatabase, TEST_DATABASE_URL, withTwoApps } from '../../test/harness.ts';
import { createAdmin, createMember } from '../../test/members.ts';
import { rateLimit } from '../db/schema/index.ts';
import { configureAuthLimits, DEFAULT_AUTH_LIMITS } from './auth/index.ts';
import { MSG_RATE_LIMITED, WRITE_LIMITS } from './rate-limit.ts';

const { max: LOOKUPS } = WRITE_LIMITS.lookup;

const loginFrom = (app: FastifyInstance, remoteAddress: string, email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/account/login', remoteAddress, payload: { email, password } });

function expectLimited(res: Awaited<ReturnType<typeof loginFrom>>, message?: RegExp) {
  expectError(res, 429, ERROR_TYPES.GENERAL_RATE_LIMIT_EXCEEDED);
  if (message) expect(res.json().message).toMatch(message);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describeEachDatabase('rate limits in the database', (ctx) => {
  it('a write limit answers the 429 shape with Retry-After once its count is used up, and counts in rate_limit', async () => {
    const admin = await createAdmin(ctx.app);
    for (let i = 0; i < LOOKUPS; i++) {
      expect((await call(ctx.app, 'GET', '/api/members/lookup?q=zz', admin)).statusCode).toBe(200);
    }
    const refused = await call(ctx.app, 'GET', '/api/members/lookup?q=zz', admin);
    expectError(refused, 429, ERROR_TYPES.GENERAL_RATE_LIMIT_EXCEEDED, { message: MSG_RATE_LIMITED });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const [row] = await ctx.app.db
      .select()
      .from(rateLimit)
      .where(eq(rateLimit.key, `write:lookup:member:${admin.user.id}`));
    expect(row?.points).toBe(LOOKUPS + 1);
    // Another member is not affected.
    const other = await createAdmin(ctx.app);
    expect((await call(ctx.app, 'GET', '/api/members/lookup?q=zz', other)).statusCode).toBe(200);
  });

  it('wrong passwords from one source are counted in the database and refused past the limit', async () => {
    configureAuthLimits(ctx.app, { loginFailuresPerSource: 2 });
    try {
      const m = await createMember(ctx.app);
      for (let i = 0; i < 2; i++) {
        expect((await loginFrom(ctx.app, '10.9.0.1', m.user.email, 'not the password')).statusCode).toBe(401);
      }
      expectLimited(
        await loginFrom(ctx.app, '10.9.0.1', m.user.email, m.password),
        /try again in \d+ minute/,
      );
      expect((await loginFrom(ctx.app, '10.9.0.2', m.user.email, m.password)).statusCode).toBe(200);
    } finally {
      configureAuthLimits(ctx.app, { ...DEFAULT_AUTH_LIMITS, signupPerIp: 100_000, loginPerIp: 100_000 });
    }
  });
});

describe.skipIf(!TEST_DATABASE_URL)('rate limits across two server processes [postgres]', () => {
  it('a write limit holds across both: half its count on A, half on B, and the next on either is refused', async () => {
    await withTwoApps(async (a, b) => {
      const admin = await createAdmin(a);
      for (let i = 0; i < LOOKUPS; i++) {
        const res = await call(i % 2 ? b : a, 'GET', '/api/members/lookup?q=zz', admin);
        expect(res.statusCode, `lookup ${i + 1}`).toBe(200);
      }
      for (const app of [a, b]) {
        const refused = await call(app, 'GET', '/api/members/lookup?q=zz', admin);
        expectError(refused, 429, ERROR_TYPES.GENERAL_RATE_LIMIT_EXCEEDED, { message: MSG_RATE_LIMITED });
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      }
    });
  });

  it('login failures, signups and recovery requests count once across both processes', async () => {
    await withTwoApps(async (a, b) => {
      const limits = { loginFailuresPerSource: 3, signupPerIp: 2, recoveryPerEmail: 2, recoveryPerIp: 100 };
      configureAuthLimits(a, limits);
      configureAuthLimits(b, limits);
      const m = await createMember(a);

      // Wrong passwords: two through A, one through B; the right one is then refused through either.
      for (const app of [a, a, b]) {
        expect((await loginFrom(app, '10.8.0.1', m.user.email, 'not the password')).statusCode).toBe(401);
      }
      expectLimited(await loginFrom(b, '10.8.0.1', m.user.email, m.password), /wrong passwords/);
      expectLimited(await loginFrom(a, '10.8.0.1', m.user.email, m.password), /wrong passwords/);

      // Signups from one address: one on each process, the third refused.
      const signup = (app: FastifyInstance, n: number) =>
        app.inject({
          method: 'POST',
          url: '/api/account/signup',
          remoteAddress: '10.8.0.2',
          payload: {
            name: 'Two Process',
            email: `two${n}.${Date.now()}@example.com`,
            password: 'a long enough password',
            username: `two${n}_${Date.now().toString(36)}`,
            surname: 'nosuchsurname',
          },
        });
      // The attempt counts before the surname is checked: 400s use up the window too.
      expect((await signup(a, 1)).statusCode).toBe(400);
      expect((await signup(b, 2)).statusCode).toBe(400);
      expectLimited(await signup(a, 3), /sign-up attempts/);

      // Recovery requests for one address: one through each, the third refused.
      const recover = (app: FastifyInstance) =>
        app.inject({
          method: 'POST',
          url: '/api/account/recovery',
          remoteAddress: '10.8.0.3',
          payload: { email: m.user.email },
        });
      expect((await recover(a)).statusCode).toBe(200);
      expect((await recover(b)).statusCode).toBe(200);
      expectLimited(await recover(a), /recovery requests for this address/);
    });
  });
});
