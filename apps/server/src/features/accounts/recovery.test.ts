// Getting back into an account (docs/product/accounts.md), with a real SMTP server (test/smtp-sink.ts)
// receiving the mails: the test reads each mail as the member would and follows its link.
import { REALTIME_CLOSE } from '@samaj/core';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectError, expectVisitorRefused } from '../../../test/api.ts';
import { acrossRestart, describeEachDatabase, engines } from '../../../test/harness.ts';
import {
  cookieFrom,
  createAdmin,
  createMember,
  login,
  type TestMember,
  uniqueUsername,
} from '../../../test/members.ts';
import { linkIn, startSmtpSink } from '../../../test/smtp-sink.ts';
import { listening, openSocket } from '../../../test/sockets.ts';
import { realtimeSettled, waitFor } from '../../../test/wait.ts';
import { serveOperatorSocket } from '../../cli/socket.ts';
import { runCli } from '../../cli.ts';
import { auditLog, user, verification } from '../../db/schema/index.ts';
import { configureAuthLimits, DEFAULT_AUTH_LIMITS } from '../../platform/auth/index.ts';
import { sessionCacheFigures } from '../../platform/auth/session.ts';
import { jobsSchema } from '../../platform/jobs/index.ts';

const sink = await startSmtpSink();
afterAll(() => sink.close());

const PUBLIC_URL = 'http://samaj.test:8080';
const NEW_PASSWORD = 'a brand new passphrase';
const RESET = `${PUBLIC_URL}/reset-password?token=`;
const CONFIRM = `${PUBLIC_URL}/confirm-email?token=`;

/** Every mail job has run (none waiting, retrying or running): what was to be sent, was. */
async function mailsSettled(ctx: {
  app: import('fastify').FastifyInstance;
  database: Parameters<typeof jobsSchema>[0];
}) {
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

const account = (app: import('fastify').FastifyInstance, cookie: string) =>
  app.inject({ method: 'GET', url: '/api/account', headers: { cookie } });

describeEachDatabase(
  'password recovery by email',
  (ctx) => {
    let member: TestMember;
    beforeAll(async () => {
      member = await createMember(ctx.app);
    });

    it('answers every address alike and mails a one-hour link only to an account that has it', async () => {
      const unknown = `${uniqueUsername('nobody')}@example.com`;
      const none = await call(ctx.app, 'POST', '/api/account/recovery', null, { email: unknown });
      const known = await call(ctx.app, 'POST', '/api/account/recovery', null, {
        email: member.user.email.toUpperCase(),
      });
      expect(none.statusCode).toBe(200);
      expect(known.statusCode).toBe(200);
      expect(known.body).toBe(none.body);
      expect(known.json()).toEqual({ mailSent: true, contactPhone: null, contactEmail: 'staff@samaj.test' });

      const mail = await sink.next(member.user.email, 1, RESET);
      await mailsSettled(ctx);
      expect(sink.to(unknown)).toEqual([]);
      expect(sink.to(member.user.email, RESET)).toHaveLength(1);
      // Gujarati unless the member chose English; text and HTML alike.
      expect(mail.subject).toContain('પાસવર્ડ');
      expect(mail.text).toContain(member.user.id);
      const { url, token } = linkIn(mail, RESET);
      expect(mail.html).toContain(url.replace(/&/g, '&amp;'));
      // Stored hashed: the database does not hold the token as sent.
      const stored = await ctx.app.db.select().from(verification);
      expect(JSON.stringify(stored)).not.toContain(token);
      const mine = stored.find((row) => row.value === member.user.id);
      const minutes = ((mine?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(58);
      expect(minutes).toBeLessThanOrEqual(60);
    });

    it('writes the mail in English when asked (body), or when the app is in English (cookie)', async () => {
      const en = await createMember(ctx.app);
      await call(ctx.app, 'POST', '/api/account/recovery', null, { email: en.user.email, language: 'en' });
      expect((await sink.next(en.user.email, 1, RESET)).subject).toMatch(/^Reset your .* password$/);
      await ctx.app.inject({
        method: 'POST',
        url: '/api/account/recovery',
        payload: { email: en.user.email },
        headers: { cookie: 'samaj.lang=en' },
      });
      expect((await sink.next(en.user.email, 2, RESET)).text).toContain('Open this link within 1 hour');
    });

    it('a reset ends every session and socket of the member, logs this device in, and works once', async () => {
      const m = await createMember(ctx.app);
      const phone = await login(ctx.app, m.user.email, m.password);
      const origin = await listening(ctx.app);
      const socket = openSocket(origin, '/realtime', phone.cookie);
      await socket.next((msg) => msg.type === 'connected');

      try {
        await call(ctx.app, 'POST', '/api/account/recovery', null, { email: m.user.email });
        const { token } = linkIn(await sink.next(m.user.email, 1, RESET), RESET);

        const weak = await call(ctx.app, 'PUT', '/api/account/recovery', null, { token, password: 'short' });
        expectError(weak, 400, 'general_argument_invalid', { field: 'password' });

        const reset = await call(ctx.app, 'PUT', '/api/account/recovery', null, {
          token,
          password: NEW_PASSWORD,
        });
        expect(reset.statusCode, reset.body).toBe(200);
        expect(reset.json().user.id).toBe(m.user.id);
        // It came by mail: the address is confirmed too.
        expect(m.user.emailVerified).toBe(false);
        expect(reset.json().user.emailVerified).toBe(true);
        // It came by mail: the address is confirmed too.
        expect(m.user.emailVerified).toBe(false);
        expect(reset.json().user.emailVerified).toBe(true);
        const fresh = reset.headers['set-cookie'];
        expect(String(fresh)).toContain('session_token');

        expect((await socket.closed).code).toBe(REALTIME_CLOSE.POLICY);
        expect((await account(ctx.app, m.cookie)).statusCode).toBe(401);
        expect((await account(ctx.app, phone.cookie)).statusCode).toBe(401);
        const cookie = (Array.isArray(fresh) ? fresh : [String(fresh)])
          .map((c) => c.split(';')[0])
          .join('; ');
        expect((await account(ctx.app, cookie)).statusCode).toBe(200);
        expect((await login(ctx.app, m.user.email, m.password)).response.statusCode).toBe(401);
        expect((await login(ctx.app, m.user.email, NEW_PASSWORD)).response.statusCode).toBe(200);

        const again = await call(ctx.app, 'PUT', '/api/account/recovery', null, {
          token,
          password: 'yet another passphrase',
        });
        expectError(again, 400, 'user_token_invalid', { field: 'token' });
        expect((await login(ctx.app, m.user.email, NEW_PASSWORD)).response.statusCode).toBe(200);
      } finally {
        socket.ws.terminate();
      }
    });

    it('a forged or malformed token is refused with the field named', async () => {
      const forged = await call(ctx.app, 'PUT', '/api/account/recovery', null, {
        token: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
        password: NEW_PASSWORD,
      });
      expectError(forged, 400, 'user_token_invalid', { field: 'token' });
      const bad = await call(ctx.app, 'PUT', '/api/account/recovery', null, {
        token: 'a b<c>',
        password: NEW_PASSWORD,
      });
      expectError(bad, 400, 'general_argument_invalid', { field: 'token' });
      const noEmail = await call(ctx.app, 'POST', '/api/account/recovery', null, { email: 'not an address' });
      expect(noEmail.statusCode).toBe(400);
      expect(noEmail.json().field).toBe('email');
    });

    it('a link past its hour is refused as expired and changes nothing', async () => {
      const m = await createMember(ctx.app);
      await call(ctx.app, 'POST', '/api/account/recovery', null, { email: m.user.email });
      const { token } = linkIn(await sink.next(m.user.email, 1, RESET), RESET);
      await ctx.app.db
        .update(verification)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(verification.value, m.user.id));
      const late = await call(ctx.app, 'PUT', '/api/account/recovery', null, {
        token,
        password: NEW_PASSWORD,
      });
      expectError(late, 410, 'user_token_expired', { field: 'token' });
      expect((await login(ctx.app, m.user.email, m.password)).response.statusCode).toBe(200);
      expect((await account(ctx.app, m.cookie)).statusCode).toBe(200);
    });

    it('limits requests per address and per network, known and unknown addresses alike', async () => {
      const limits = { ...DEFAULT_AUTH_LIMITS, signupPerIp: 10_000, loginPerIp: 10_000 };
      configureAuthLimits(ctx.app, { ...limits, recoveryPerEmail: 2, recoveryPerIp: 1000 });
      try {
        for (const email of [member.user.email, `${uniqueUsername('ghost')}@example.com`]) {
          for (let i = 0; i < 2; i += 1) {
            expect((await call(ctx.app, 'POST', '/api/account/recovery', null, { email })).statusCode).toBe(
              200,
            );
          }
          const third = await call(ctx.app, 'POST', '/api/account/recovery', null, { email });
          expectError(third, 429, 'general_rate_limit_exceeded');
          expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
        }
        configureAuthLimits(ctx.app, { ...limits, recoveryPerEmail: 1000, recoveryPerIp: 3 });
        for (let i = 0; i < 3; i += 1) {
          const email = `${uniqueUsername('ip')}@example.com`;
          expect((await call(ctx.app, 'POST', '/api/account/recovery', null, { email })).statusCode).toBe(
            200,
          );
        }
        const fourth = await call(ctx.app, 'POST', '/api/account/recovery', null, {
          email: `${uniqueUsername('ip')}@example.com`,
        });
        expectError(fourth, 429, 'general_rate_limit_exceeded');
      } finally {
        configureAuthLimits(ctx.app, {
          ...limits,
          recoveryPerEmail: 10_000,
          recoveryPerIp: 10_000,
          loginFailuresPerSource: 10_000,
          loginFailuresPerEmail: 10_000,
        });
      }
    });

    it('an SMTP server that refuses for a while only delays the mail: the job retries', async () => {
      const m = await createMember(ctx.app);
      // The signup's confirmation mail first, so the refusal falls on the reset mail.
      await sink.next(m.user.email);
      sink.refuseNext(1);
      const answer = await call(ctx.app, 'POST', '/api/account/recovery', null, { email: m.user.email });
      expect(answer.statusCode).toBe(200);
      const mail = await waitFor(() => sink.to(m.user.email, RESET)[0], 'the retried mail', 90_000, 250);
      const { token } = linkIn(mail, RESET);
      // The undelivered attempt's token was removed: one token for the member (and its mailed mark).
      const rows = await ctx.app.db.select().from(verification).where(eq(verification.value, m.user.id));
      expect(rows).toHaveLength(2);
      const reset = await call(ctx.app, 'PUT', '/api/account/recovery', null, {
        token,
        password: NEW_PASSWORD,
      });
      expect(reset.statusCode).toBe(200);
    }, 120_000);
  },
  { env: { SMTP_URL: sink.url, PUBLIC_URL, CONTACT_EMAIL: 'staff@samaj.test' } },
);

describeEachDatabase(
  'staff-made password links',
  (ctx) => {
    let admin: TestMember;
    let member: TestMember;
    beforeAll(async () => {
      admin = await createAdmin(ctx.app);
      member = await createMember(ctx.app);
    });
    const route = (username: string) => `/api/admin/members/${username}/reset-link`;

    it('only an Admin may make one: a visitor is 401 before any 400, a member 403', async () => {
      await expectVisitorRefused(ctx.app, [
        ['POST', route('nobody')],
        ['POST', route('not a username!')],
      ]);
      expectError(await call(ctx.app, 'POST', route(admin.user.id), member), 403, 'user_forbidden');
      expectError(await call(ctx.app, 'POST', route('no_such_member'), admin), 404, 'user_not_found');
    });

    it('is shown once, valid 24 hours, audited, ends no session until used, then every session', async () => {
      const made = await call(ctx.app, 'POST', route(member.user.id), admin);
      expect(made.statusCode, made.body).toBe(201);
      expect(made.headers['cache-control']).toBe('no-store');
      const { url, expiresAt } = made.json();
      expect(url).toMatch(new RegExp(`^${PUBLIC_URL}/reset-password\\?token=[A-Za-z0-9_-]+$`));
      const hours = (new Date(expiresAt).getTime() - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(23.9);
      expect(hours).toBeLessThanOrEqual(24);

      const [entry] = await ctx.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'user.reset_link'), eq(auditLog.entityId, member.user.id)));
      expect(entry).toMatchObject({ actor: admin.user.id, entity: 'user' });
      expect(JSON.stringify(entry)).not.toContain(new URL(url).searchParams.get('token'));
      // Making it logs nobody out.
      expect((await account(ctx.app, member.cookie)).statusCode).toBe(200);

      const token = new URL(url).searchParams.get('token');
      const reset = await call(ctx.app, 'PUT', '/api/account/recovery', null, {
        token,
        password: NEW_PASSWORD,
      });
      expect(reset.statusCode).toBe(200);
      // A staff link says nothing about the member's address.
      expect(reset.json().user.emailVerified).toBe(false);
      expect((await account(ctx.app, member.cookie)).statusCode).toBe(401);
      expect((await login(ctx.app, member.user.email, NEW_PASSWORD)).response.statusCode).toBe(200);
    });

    it('npm run cli -- reset-link <username> prints the same kind of link (through the running server)', async () => {
      const m = await createMember(ctx.app);
      const socket = await serveOperatorSocket(ctx.app);
      try {
        const out: string[] = [];
        const err: string[] = [];
        const io = { out: (line: string) => out.push(line), err: (line: string) => err.push(line) };
        const env = { DATA_DIR: ctx.config.dataDir, PUBLIC_URL, LOG_LEVEL: 'silent' };
        expect(await runCli(['reset-link', m.user.id], env, io)).toBe(0);
        expect(err).toEqual([]);
        const url = out.join('\n').match(/https?:\/\/\S+/)?.[0] ?? '';
        expect(url).toMatch(new RegExp(`^${PUBLIC_URL}/reset-password\\?token=`));
        expect(out.join('\n')).toContain(`for ${m.user.id}`);
        const [entry] = await ctx.app.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'user.reset_link'), eq(auditLog.entityId, m.user.id)));
        expect(entry.actor).toBe('cli');

        expect(await runCli(['reset-link', 'no_such_member'], env, io)).toBe(1);
        expect(err).toEqual(['No member with the username "no_such_member".']);

        const token = new URL(url).searchParams.get('token');
        const reset = await call(ctx.app, 'PUT', '/api/account/recovery', null, {
          token,
          password: NEW_PASSWORD,
        });
        expect(reset.statusCode).toBe(200);
        expect((await login(ctx.app, m.user.email, NEW_PASSWORD)).response.statusCode).toBe(200);
      } finally {
        await socket?.close();
      }
    });

    it('a blocked member gets no link, and a link made before the block does not let them in', async () => {
      const m = await createMember(ctx.app);
      const made = await call(ctx.app, 'POST', route(m.user.id), admin);
      expect(made.statusCode).toBe(201);
      await ctx.app.db.update(user).set({ banned: true }).where(eq(user.id, m.user.id));
      await realtimeSettled(ctx.app);
      expectError(await call(ctx.app, 'POST', route(m.user.id), admin), 403, 'user_blocked');
      const token = new URL(made.json().url).searchParams.get('token');
      const reset = await call(ctx.app, 'PUT', '/api/account/recovery', null, {
        token,
        password: NEW_PASSWORD,
      });
      expectError(reset, 403, 'user_blocked');
      expect(reset.headers['set-cookie']).toBeUndefined();
      await ctx.app.db.update(user).set({ banned: false }).where(eq(user.id, m.user.id));
      expect((await login(ctx.app, m.user.email, m.password)).response.statusCode).toBe(200);
    });

    it('works without SMTP, and then "Forgot password?" answers with the staff contact', async () => {
      const answer = await call(ctx.app, 'POST', '/api/account/recovery', null, { email: member.user.email });
      expect(answer.json()).toEqual({ mailSent: false, contactPhone: '+91 98765 43210', contactEmail: null });
      const resend = await call(ctx.app, 'POST', '/api/account/verification', member, {});
      expect(resend.statusCode).toBe(401); // its session ended with the reset above
      const fresh = await login(ctx.app, member.user.email, NEW_PASSWORD);
      expectError(
        await ctx.app.inject({
          method: 'POST',
          url: '/api/account/verification',
          headers: { cookie: fresh.cookie },
          payload: {},
        }),
        503,
        'general_service_unavailable',
      );
    });
  },
  { env: { PUBLIC_URL, CONTACT_PHONE: '+91 98765 43210' } },
);

describeEachDatabase(
  'confirming an email address',
  (ctx) => {
    it('signup mails a confirmation in the member’s language; opening it confirms the address', async () => {
      const username = uniqueUsername('confirm');
      const email = `${username.replace(/_/g, '.')}@example.com`;
      const m = await createMember(ctx.app, { username, email });
      expect(m.user.emailVerified).toBe(false);
      const mail = await sink.next(email);
      expect(mail.subject).toContain('ઇમેઇલ');
      const { token } = linkIn(mail, CONFIRM);

      expectError(
        await call(ctx.app, 'POST', '/api/account/verification/confirm', null, { token: `${token}x` }),
        400,
        'user_token_invalid',
        { field: 'token' },
      );
      const confirmed = await call(ctx.app, 'POST', '/api/account/verification/confirm', null, { token });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json()).toEqual({ email, emailVerified: true });
      expect((await account(ctx.app, m.cookie)).json().emailVerified).toBe(true);

      // Confirmed: "send again" sends nothing.
      expect((await call(ctx.app, 'POST', '/api/account/verification', m, {})).statusCode).toBe(204);
      await mailsSettled(ctx);
      expect(sink.to(email)).toHaveLength(1);
    });

    it('"send again" mails a new link until the address is confirmed, a few times an hour', async () => {
      const m = await createMember(ctx.app);
      await sink.next(m.user.email);
      await expectVisitorRefused(ctx.app, [['POST', '/api/account/verification', { language: 'xx' }]]);
      const again = await call(ctx.app, 'POST', '/api/account/verification', m, { language: 'en' });
      expect(again.statusCode).toBe(204);
      const mail = await sink.next(m.user.email, 2);
      expect(mail.subject).toMatch(/^Confirm your email address/);
      let last = again;
      for (let i = 0; i < 6 && last.statusCode !== 429; i += 1) {
        last = await call(ctx.app, 'POST', '/api/account/verification', m, {});
      }
      expectError(last, 429, 'general_rate_limit_exceeded');
    });

    it('a confirmation link works once, opened many times at once too', async () => {
      const m = await createMember(ctx.app);
      const { token } = linkIn(await sink.next(m.user.email), CONFIRM);
      const confirm = () => call(ctx.app, 'POST', '/api/account/verification/confirm', null, { token });
      const answers = await Promise.all(Array.from({ length: 6 }, confirm));
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400, 400, 400]);
      for (const replay of [...answers.filter((r) => r.statusCode !== 200), await confirm()]) {
        expectError(replay, 400, 'user_token_invalid', { field: 'token' });
      }
      expect((await account(ctx.app, m.cookie)).json().emailVerified).toBe(true);
    });

    it("opening a link changes only its member's kept session, not every other member's", async () => {
      const bystander = await createMember(ctx.app);
      const m = await createMember(ctx.app);
      const { token } = linkIn(await sink.next(m.user.email), CONFIRM);
      await realtimeSettled(ctx.app);
      // Both sessions are now kept in memory.
      expect((await account(ctx.app, bystander.cookie)).statusCode).toBe(200);
      expect((await account(ctx.app, m.cookie)).json().emailVerified).toBe(false);
      const figures = () => sessionCacheFigures(ctx.app) ?? { hits: 0, misses: 0 };
      const opened = await call(ctx.app, 'POST', '/api/account/verification/confirm', null, { token });
      expect(opened.statusCode, opened.body).toBe(200);
      const replay = await call(ctx.app, 'POST', '/api/account/verification/confirm', null, { token });
      expect(replay.statusCode).toBe(400);
      await realtimeSettled(ctx.app);
      const before = figures();
      expect((await account(ctx.app, bystander.cookie)).statusCode).toBe(200);
      expect(figures()).toMatchObject({ hits: before.hits + 1, misses: before.misses });
      // The member's own is read afresh.
      expect((await account(ctx.app, m.cookie)).json().emailVerified).toBe(true);
    });

    it('uses of links are limited per network, right or wrong', async () => {
      const limits = { ...DEFAULT_AUTH_LIMITS, signupPerIp: 10_000, loginPerIp: 10_000 };
      configureAuthLimits(ctx.app, { ...limits, tokenUsePerIp: 3 });
      try {
        const m = await createMember(ctx.app);
        const { token } = linkIn(await sink.next(m.user.email), CONFIRM);
        for (let i = 0; i < 3; i += 1) {
          const wrong = await call(ctx.app, 'POST', '/api/account/verification/confirm', null, {
            token: `${token}${i}`,
          });
          expectError(wrong, 400, 'user_token_invalid', { field: 'token' });
        }
        const limited = await call(ctx.app, 'POST', '/api/account/verification/confirm', null, { token });
        expectError(limited, 429, 'general_rate_limit_exceeded');
        expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
        const reset = await call(ctx.app, 'PUT', '/api/account/recovery', null, {
          token: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
          password: NEW_PASSWORD,
        });
        expectError(reset, 429, 'general_rate_limit_exceeded');
        // Another network is not held back, and the right link still works from there.
        const elsewhere = await ctx.app.inject({
          method: 'POST',
          url: '/api/account/verification/confirm',
          remoteAddress: '10.9.0.1',
          payload: { token },
        });
        expect(elsewhere.statusCode, elsewhere.body).toBe(200);
      } finally {
        configureAuthLimits(ctx.app, {
          ...limits,
          recoveryPerEmail: 10_000,
          recoveryPerIp: 10_000,
          tokenUsePerIp: 10_000,
          emailChangePerMember: 10_000,
          emailChangePerAddress: 10_000,
          loginFailuresPerSource: 10_000,
          loginFailuresPerEmail: 10_000,
        });
      }
    });

    it('a new address applies only when the link mailed to it is opened; the old address is told', async () => {
      const m = await createMember(ctx.app);
      const oldEmail = m.user.email;
      const newEmail = `${uniqueUsername('moved')}@example.org`;
      const patch = await call(ctx.app, 'PATCH', '/api/account', m, {
        name: m.user.name,
        email: newEmail,
        currentPassword: m.password,
        language: 'en',
      });
      expect(patch.statusCode, patch.body).toBe(200);
      expect(patch.json().user.email).toBe(oldEmail);
      expect(patch.json().pendingEmail).toBe(newEmail);

      const notice = await sink.next(oldEmail, 1, newEmail);
      expect(notice.text).toContain(newEmail);
      expect(notice.subject).toMatch(/is being changed/);
      const mail = await sink.next(newEmail);
      expect((await account(ctx.app, m.cookie)).json().email).toBe(oldEmail);
      expect((await login(ctx.app, newEmail, m.password)).response.statusCode).toBe(401);

      const { token } = linkIn(mail, CONFIRM);
      const opened = await call(ctx.app, 'POST', '/api/account/verification/confirm', null, { token });
      expect(opened.statusCode, opened.body).toBe(200);
      expect(opened.json()).toEqual({ email: newEmail, emailVerified: true });
      await realtimeSettled(ctx.app);
      const after = (await account(ctx.app, m.cookie)).json();
      expect(after).toMatchObject({ email: newEmail, emailVerified: true });
      expect((await login(ctx.app, newEmail, m.password)).response.statusCode).toBe(200);
      expect((await login(ctx.app, oldEmail, m.password)).response.statusCode).toBe(401);
      const [row] = await ctx.app.db.select({ email: user.email }).from(user).where(eq(user.id, m.user.id));
      expect(row.email).toBe(newEmail);
    });
  },
  { env: { SMTP_URL: sink.url, PUBLIC_URL } },
);

describeEachDatabase(
  'a new password ends every other password link',
  (ctx) => {
    let admin: TestMember;
    beforeAll(async () => {
      admin = await createAdmin(ctx.app);
    });
    const mailedLink = async (m: TestMember, n: number) => {
      await call(ctx.app, 'POST', '/api/account/recovery', null, { email: m.user.email });
      return linkIn(await sink.next(m.user.email, n, RESET), RESET).token;
    };
    const staffLink = async (m: TestMember) => {
      const made = await call(ctx.app, 'POST', `/api/admin/members/${m.user.id}/reset-link`, admin);
      expect(made.statusCode).toBe(201);
      return new URL(made.json().url).searchParams.get('token') ?? '';
    };
    const reset = (token: string, password = NEW_PASSWORD) =>
      call(ctx.app, 'PUT', '/api/account/recovery', null, { token, password });

    it('of two mailed links and a staff link, using one ends the others', async () => {
      const m = await createMember(ctx.app);
      const first = await mailedLink(m, 1);
      const second = await mailedLink(m, 2);
      const staff = await staffLink(m);
      // Asking again kept the older links until one is used.
      const used = await reset(second);
      expect(used.statusCode, used.body).toBe(200);
      const cookie = cookieFrom(used);
      for (const token of [first, staff]) {
        expectError(await reset(token, 'a passphrase of the thief'), 400, 'user_token_invalid', {
          field: 'token',
        });
      }
      // The session the reset began was not ended by the refused links.
      expect((await account(ctx.app, cookie)).statusCode).toBe(200);
      expect((await login(ctx.app, m.user.email, NEW_PASSWORD)).response.statusCode).toBe(200);
    });

    it('a mailed link and a staff link die when the member changes the password in Settings', async () => {
      const m = await createMember(ctx.app);
      const mailed = await mailedLink(m, 1);
      const staff = await staffLink(m);
      const changed = await call(ctx.app, 'PATCH', '/api/account', m, {
        name: m.user.name,
        email: m.user.email,
        currentPassword: m.password,
        newPassword: NEW_PASSWORD,
      });
      expect(changed.statusCode, changed.body).toBe(200);
      for (const token of [mailed, staff]) {
        expectError(await reset(token, 'a passphrase of the thief'), 400, 'user_token_invalid', {
          field: 'token',
        });
      }
      // Nothing ended the member's own session.
      expect((await account(ctx.app, m.cookie)).statusCode).toBe(200);
      expect((await login(ctx.app, m.user.email, NEW_PASSWORD)).response.statusCode).toBe(200);
      // A link asked for after the change works.
      const fresh = await mailedLink(m, 2);
      expect((await reset(fresh, 'the newest passphrase')).statusCode).toBe(200);
    });

    it('two links used at once: one sets the password, the other is refused', async () => {
      const m = await createMember(ctx.app);
      const a = await mailedLink(m, 1);
      const b = await staffLink(m);
      const answers = await Promise.all([
        reset(a, 'passphrase number one'),
        reset(b, 'passphrase number two'),
      ]);
      const statuses = answers.map((r) => r.statusCode).sort();
      expect(statuses, answers.map((r) => r.body).join('\n')).toEqual([200, 400]);
      const winner = answers[0].statusCode === 200 ? 'passphrase number one' : 'passphrase number two';
      const loser = winner === 'passphrase number one' ? 'passphrase number two' : 'passphrase number one';
      expect((await login(ctx.app, m.user.email, winner)).response.statusCode).toBe(200);
      expect((await login(ctx.app, m.user.email, loser)).response.statusCode).toBe(401);
    });
  },
  { env: { SMTP_URL: sink.url, PUBLIC_URL } },
);

describe('a mail asked for just before a restart', () => {
  for (const engine of engines()) {
    it(`is sent by the next process [${engine}]`, async () => {
      const env = { SMTP_URL: sink.url, PUBLIC_URL };
      let m: TestMember | undefined;
      await acrossRestart(engine, env, {
        async before(first) {
          m = await createMember(first);
          const answer = await call(first, 'POST', '/api/account/recovery', null, { email: m.user.email });
          expect(answer.json().mailSent).toBe(true);
        },
        async between() {
          expect(sink.to(m?.user.email ?? '', RESET)).toEqual([]);
        },
        async after(second) {
          const email = m?.user.email ?? '';
          const { token } = linkIn(await sink.next(email, 1, RESET), RESET);
          const reset = await call(second, 'PUT', '/api/account/recovery', null, {
            token,
            password: NEW_PASSWORD,
          });
          expect(reset.statusCode).toBe(200);
        },
      });
    }, 120_000);
  }
});
