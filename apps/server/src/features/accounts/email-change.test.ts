// Changing the email address in Settings: a taken address is answered exactly as a free one (its owner
// is told someone tried, at most once a day), and changes are limited per member and per address, so
// the route is neither a mail cannon nor a way to ask who is registered.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, expect, it } from 'vitest';
import { call, expectError } from '../../../test/api.ts';
import { describeEachDatabase } from '../../../test/harness.ts';
import { createMember, type TestMember, uniqueUsername } from '../../../test/members.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';
import { waitFor } from '../../../test/wait.ts';
import { type AuthLimits, configureAuthLimits, DEFAULT_AUTH_LIMITS } from '../../platform/auth/rate-limit.ts';
import { jobsSchema } from '../../platform/jobs/index.ts';

const sink = await startSmtpSink();
afterAll(() => sink.close());

const PUBLIC_URL = 'http://samaj.test:8080';
const CONFIRM = `${PUBLIC_URL}/confirm-email?token=`;
const TAKEN_NOTICE = 'already belongs to your account';

/** Room for everything but what a test sets. */
const ROOMY: AuthLimits = {
  ...DEFAULT_AUTH_LIMITS,
  signupPerIp: 10_000,
  loginPerIp: 10_000,
  loginFailuresPerSource: 10_000,
  loginFailuresPerEmail: 10_000,
  recoveryPerEmail: 10_000,
  recoveryPerIp: 10_000,
  tokenUsePerIp: 10_000,
  emailChangePerMember: 10_000,
  emailChangePerAddress: 10_000,
};

const fresh = (what: string) => `${uniqueUsername(what)}@example.org`;

const changeEmail = (app: FastifyInstance, m: TestMember, email: string) =>
  call(app, 'PATCH', '/api/account', m, {
    name: m.user.name,
    email,
    currentPassword: m.password,
    language: 'en',
  });

/** Every mail job has run (none waiting, retrying or running). */
async function mailsSettled(ctx: { app: FastifyInstance; database: Parameters<typeof jobsSchema>[0] }) {
  const schema = jobsSchema(ctx.database);
  await waitFor(async () => {
    const rows = (await ctx.app.db.execute(
      sql.raw(
        `select count(*)::int as n from ${schema}.job where name = 'mail.send' and state in ('created', 'retry', 'active')`,
      ),
    )) as unknown as { rows?: { n: number }[] } | { n: number }[];
    const list = Array.isArray(rows) ? rows : (rows.rows ?? []);
    return Number(list[0]?.n) === 0;
  }, 'the mail queue to empty');
}

describeEachDatabase(
  'changing the email address, with mail',
  (ctx) => {
    it('a taken address (any case) is answered as a free one; its owner is told once a day, and gets no link', async () => {
      const owner = await createMember(ctx.app);
      const [a, b] = [await createMember(ctx.app), await createMember(ctx.app)];
      const freeAddress = fresh('free');
      const free = await changeEmail(ctx.app, a, freeAddress);
      const taken = await changeEmail(ctx.app, b, owner.user.email.toUpperCase());
      expect(free.statusCode, free.body).toBe(200);
      expect(taken.statusCode, taken.body).toBe(200);
      expect(free.json()).toEqual({ user: { ...free.json().user }, pendingEmail: freeAddress });
      expect(taken.json()).toEqual({ user: { ...taken.json().user }, pendingEmail: owner.user.email });
      expect(taken.json().user.email).toBe(b.user.email);
      // The asking member's old address is told alike.
      for (const m of [a, b])
        expect((await sink.next(m.user.email, 1, 'asked to change its email address')).text).toBeTruthy();
      expect((await sink.next(freeAddress)).text).toContain(CONFIRM);

      const notice = await sink.next(owner.user.email, 1, TAKEN_NOTICE);
      expect(notice.subject).toMatch(/^Someone tried to use your email address/);
      expect(notice.text).toContain(owner.user.id);
      expect(notice.text).not.toContain(b.user.id);
      // Tried again, by another member too: no second notice today.
      expect((await changeEmail(ctx.app, a, owner.user.email)).statusCode).toBe(200);
      expect((await changeEmail(ctx.app, b, owner.user.email)).statusCode).toBe(200);
      await mailsSettled(ctx);
      expect(sink.to(owner.user.email, TAKEN_NOTICE)).toHaveLength(1);
      // Only the signup's confirmation and the one notice: no link to take the address over.
      expect(sink.to(owner.user.email)).toHaveLength(2);
      expect(sink.to(owner.user.email, 'Use this address')).toEqual([]);
    });

    it('changes are limited per member and per address, taken or free alike, and cap the mails an address gets', async () => {
      configureAuthLimits(ctx.app, { ...ROOMY, emailChangePerMember: 2 });
      try {
        const m = await createMember(ctx.app);
        const owner = await createMember(ctx.app);
        expect((await changeEmail(ctx.app, m, fresh('one'))).statusCode).toBe(200);
        expect((await changeEmail(ctx.app, m, fresh('two'))).statusCode).toBe(200);
        for (const email of [fresh('three'), owner.user.email]) {
          const refused = await changeEmail(ctx.app, m, email);
          expectError(refused, 429, 'general_rate_limit_exceeded');
          expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        }
        // The rest of the profile still saves.
        const renamed = await call(ctx.app, 'PATCH', '/api/account', m, {
          name: 'A new name',
          email: m.user.email,
        });
        expect(renamed.statusCode, renamed.body).toBe(200);

        configureAuthLimits(ctx.app, { ...ROOMY, emailChangePerAddress: 2 });
        const target = fresh('target');
        const taken = (await createMember(ctx.app)).user.email;
        for (const address of [target, taken]) {
          const askers = [
            await createMember(ctx.app),
            await createMember(ctx.app),
            await createMember(ctx.app),
          ];
          const statuses = [];
          for (const asker of askers) statuses.push((await changeEmail(ctx.app, asker, address)).statusCode);
          expect(statuses).toEqual([200, 200, 429]);
        }
        await mailsSettled(ctx);
        expect(sink.to(target)).toHaveLength(2);
      } finally {
        configureAuthLimits(ctx.app, ROOMY);
      }
    });
  },
  { env: { SMTP_URL: sink.url, PUBLIC_URL } },
);

describeEachDatabase('changing the email address, without mail', (ctx) => {
  it('a taken address is refused (the change would apply at once), within the same limits', async () => {
    configureAuthLimits(ctx.app, { ...ROOMY, emailChangePerAddress: 2 });
    try {
      const owner = await createMember(ctx.app);
      const statuses = [];
      for (let i = 0; i < 3; i += 1) {
        const asker = await createMember(ctx.app);
        statuses.push((await changeEmail(ctx.app, asker, owner.user.email.toUpperCase())).statusCode);
      }
      expect(statuses).toEqual([409, 409, 429]);
      const m = await createMember(ctx.app);
      const address = fresh('moved');
      const moved = await changeEmail(ctx.app, m, address);
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json().user.email).toBe(address);
      expect(moved.json().pendingEmail).toBeUndefined();
    } finally {
      configureAuthLimits(ctx.app, ROOMY);
    }
  });
});
