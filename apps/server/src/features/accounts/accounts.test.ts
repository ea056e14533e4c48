import { count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { expect, test } from 'vitest';
import { expectVisitorRefused } from '../../../test/api.ts';
import * as images from '../../../test/fixtures/images.ts';
import { describeEachDatabase } from '../../../test/harness.ts';
import { cookieFrom, createMember, login, type TestMember, uniqueUsername } from '../../../test/members.ts';
import { runMemberCommand } from '../../cli/members.ts';
import {
  pushSubscription,
  session,
  surname as surnameTable,
  user as userTable,
} from '../../db/schema/index.ts';
import { configureAuthLimits } from '../../platform/auth/index.ts';

const PASSWORD = 'correct horse battery';

describeEachDatabase('accounts', (ctx) => {
  const inject = (options: InjectOptions) => ctx.app.inject(options);
  const me = (cookie: string) => inject({ method: 'GET', url: '/api/account', headers: { cookie } });

  async function makeSurname(id: string) {
    await ctx.app.db.insert(surnameTable).values({ id, name: id, name_guj: id }).onConflictDoNothing();
    return id;
  }
  /** The member deletes their own account with their password (the settings page's last step). */
  const deleteAccount = (m: TestMember) =>
    inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { cookie: m.cookie },
      payload: { password: m.password },
    });

  /** How many sessions the member has on the server (each signed-in browser is one). */
  async function sessionCount(userId: string) {
    const [{ n }] = await ctx.app.db.select({ n: count() }).from(session).where(eq(session.userId, userId));
    return n;
  }
  async function userCount(id: string) {
    const [row] = await ctx.app.db.select().from(surnameTable).where(eq(surnameTable.id, id));
    return row.user_count;
  }
  function signup(payload: Record<string, unknown>, remoteAddress?: string) {
    return inject({
      method: 'POST',
      url: '/api/account/signup',
      payload,
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  }
  function validPayload(overrides: Record<string, unknown> = {}) {
    const username = uniqueUsername('signup');
    return {
      surname: 'Signupsurname',
      username,
      name: 'Asha Patel',
      email: `${username}@example.com`,
      password: PASSWORD,
      ...overrides,
    };
  }

  test('signup logs the member in with an httpOnly SameSite=Lax cookie and returns the account', async () => {
    await makeSurname('Signupsurname');
    const payload = validPayload({ phone: '+919876543210' });
    const res = await signup(payload);
    expect(res.statusCode).toBe(201);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(res.json().user).toMatchObject({
      id: payload.username,
      name: 'Asha Patel',
      surname: 'Signupsurname',
    });

    const account = await me(cookieFrom(res));
    expect(account.statusCode).toBe(200);
    expect(account.json()).toMatchObject({
      id: payload.username,
      email: payload.email,
      phone: '+919876543210',
      labels: [],
      surname: 'Signupsurname',
      prefs: { dp: 'newuser', dob: null, gender: null, marital_status: null, matrimony: null },
    });
    expect(typeof account.json().createdAt).toBe('string');
  });

  test('the OpenAPI document describes every accounts route with each status it sends', async () => {
    const doc = (await inject({ method: 'GET', url: '/api/docs/json' })).json();
    const statuses = (path: string, method: string) =>
      Object.keys(doc.paths[path][method].responses ?? {}).sort();
    expect(statuses('/api/account/signup', 'post')).toEqual(['201', '400', '409', '429']);
    expect(statuses('/api/account/login', 'post')).toEqual(['200', '400', '401', '403', '429']);
    expect(statuses('/api/account/logout', 'post')).toEqual(['204', '403']);
    expect(statuses('/api/account', 'get')).toEqual(['200', '401', '403']);
    expect(statuses('/api/account', 'patch')).toEqual(['200', '400', '401', '403', '409', '429']);
    expect(statuses('/api/account', 'delete')).toEqual(['204', '400', '401', '403', '429']);
    expect(statuses('/api/account/export', 'get')).toEqual(['200', '401', '403']);
    expect(statuses('/api/profiles/{username}', 'get')).toEqual(['200', '400', '401', '403', '404']);
    expect(doc.paths['/api/account/signup'].post.requestBody).toBeDefined();
  });

  test('a visitor learns 401 before any 400 on every member route', async () => {
    await expectVisitorRefused(ctx.app, [
      ['PATCH', '/api/account', { bogus: 1 }],
      ['DELETE', '/api/account', { bogus: 1 }],
      ['GET', `/api/profiles/${'x'.repeat(100)}`],
    ]);
  });

  test('absent fields name the parameter; a malformed address in PATCH is user_email_invalid too', async () => {
    const m = await createMember(ctx.app);
    const missing = await inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { cookie: m.cookie },
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: 'Missing required parameter: "password"' });
    const login = await inject({ method: 'POST', url: '/api/account/login', payload: { email: 'a@b.co' } });
    expect(login.json().message).toBe('Missing required parameter: "password"');
    const patch = await inject({
      method: 'PATCH',
      url: '/api/account',
      headers: { cookie: m.cookie },
      payload: { name: 'Asha', email: 'not-an-email' },
    });
    expect(patch.statusCode).toBe(400);
    expect(patch.json()).toMatchObject({ code: 400, type: 'user_email_invalid' });
  });

  test('GET /api/account without a session is 401 user_unauthorized', async () => {
    const res = await inject({ method: 'GET', url: '/api/account' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 401, type: 'user_unauthorized' });
  });

  test("a surname's user_count follows signups and account deletions", async () => {
    const id = await makeSurname('Countsurname');
    expect(await userCount(id)).toBe(0);
    const a = await createMember(ctx.app, { surname: id });
    await createMember(ctx.app, { surname: id });
    expect(await userCount(id)).toBe(2);
    expect((await deleteAccount(a)).statusCode).toBe(204);
    expect(await userCount(id)).toBe(1);
  });

  test("a signup moves the count but not the surname's last-updated time", async () => {
    const id = await makeSurname('Stillsurname');
    const before = new Date('2020-01-01T00:00:00Z');
    await ctx.app.db.update(surnameTable).set({ updatedAt: before }).where(eq(surnameTable.id, id));
    await createMember(ctx.app, { surname: id });
    const [row] = await ctx.app.db.select().from(surnameTable).where(eq(surnameTable.id, id));
    expect(row.user_count).toBe(1);
    expect(row.updatedAt.toISOString()).toBe(before.toISOString());
  });

  test('a surname that does not exist is refused and nobody is created', async () => {
    const payload = validPayload({ surname: 'Nosuchsurname' });
    const res = await signup(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().type).toBe('general_argument_invalid');
    expect(res.json().message).toContain('Nosuchsurname');
    const [row] = await ctx.app.db.select().from(userTable).where(eq(userTable.id, payload.username));
    expect(row).toBeUndefined();
  });

  test('a taken username or email answers user_already_exists', async () => {
    await makeSurname('Signupsurname');
    const first = await createMember(ctx.app);
    const sameUsername = await signup(validPayload({ username: first.user.id }));
    expect(sameUsername.statusCode).toBe(409);
    expect(sameUsername.json()).toEqual({
      message: 'A user with the same username, email, or phone already exists.',
      code: 409,
      type: 'user_already_exists',
    });
    const sameEmail = await signup(validPayload({ email: first.user.email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().type).toBe('user_already_exists');
  });

  test('an invalid email answers user_email_invalid, naming the email param', async () => {
    const res = await signup(validPayload({ email: 'asha@' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().type).toBe('user_email_invalid');
    expect(res.json().message).toMatch(/`email` param/);
  });

  test('usernames outside the spec rule and missing fields are refused with 400', async () => {
    for (const username of ['short', 'HasUpper1', 'with space', 'a'.repeat(33)]) {
      const res = await signup(validPayload({ username }));
      expect(res.statusCode, username).toBe(400);
      expect(res.json().type).toBe('general_argument_invalid');
    }
    const { name: _omit, ...noName } = validPayload();
    const missing = await signup(noName);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Missing required parameter: "name"');
    const shortPassword = await signup(validPayload({ password: 'short' }));
    expect(shortPassword.statusCode).toBe(400);
  });

  test('login: right password logs in, wrong password is user_invalid_credentials', async () => {
    const m = await createMember(ctx.app);
    const wrong = await login(ctx.app, m.user.email, 'not the password');
    expect(wrong.response.statusCode).toBe(401);
    expect(wrong.response.json().type).toBe('user_invalid_credentials');
    expect(wrong.cookie).toBe('');
    const unknown = await login(ctx.app, 'nobody-here@example.com', PASSWORD);
    expect(unknown.response.statusCode).toBe(401);
    expect(unknown.response.json().type).toBe('user_invalid_credentials');

    const right = await login(ctx.app, m.user.email, m.password);
    expect(right.response.statusCode).toBe(200);
    expect(right.response.json().user.id).toBe(m.user.id);
    expect((await me(right.cookie)).json().id).toBe(m.user.id);
  });

  test('a blocked member cannot log in (user_blocked), a wrong password does not reveal the block, sessions end', async () => {
    const m = await createMember(ctx.app);
    expect(await runMemberCommand(ctx.app.db, 'block', [m.user.id])).toMatch(/Blocked .*ended 1 session/);
    expect((await me(m.cookie)).statusCode).toBe(401);

    const blocked = await login(ctx.app, m.user.email, m.password);
    expect(blocked.response.statusCode).toBe(403);
    expect(blocked.response.json()).toEqual({
      message: 'This account is blocked.',
      code: 403,
      type: 'user_blocked',
    });
    expect(blocked.cookie).toBe('');
    const wrong = await login(ctx.app, m.user.email, 'not the password');
    expect(wrong.response.statusCode).toBe(401);
    expect(wrong.response.json().type).toBe('user_invalid_credentials');

    await runMemberCommand(ctx.app.db, 'unblock', [m.user.id]);
    expect((await login(ctx.app, m.user.email, m.password)).response.statusCode).toBe(200);
  });

  test('a session of a member blocked behind its back is refused with user_blocked', async () => {
    const m = await createMember(ctx.app);
    // Blocked directly in the database, sessions left in place (say, by another tool).
    await ctx.app.db.update(userTable).set({ banned: true }).where(eq(userTable.id, m.user.id));
    const res = await me(m.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().type).toBe('user_blocked');
  });

  test('a forged or tampered session cookie is nobody', async () => {
    const m = await createMember(ctx.app);
    const [name, value] = m.cookie.split('=');
    const decoded = decodeURIComponent(value);
    const token = decoded.slice(0, decoded.lastIndexOf('.'));
    for (const forged of [token, `${token}.${'A'.repeat(43)}=`, `x${decoded}`]) {
      const res = await inject({
        method: 'GET',
        url: '/api/account',
        headers: { cookie: `${name}=${encodeURIComponent(forged)}` },
      });
      expect(res.statusCode).toBe(401);
    }
    const ok = await inject({ method: 'GET', url: '/api/account', headers: { cookie: m.cookie } });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['set-cookie']).toBeUndefined();
  });

  test('a session past its daily refresh is extended and its cookie renewed; an expired one is refused', async () => {
    const m = await createMember(ctx.app);
    const soon = new Date(Date.now() + 10 * 24 * 3600 * 1000);
    await ctx.app.db.update(session).set({ expiresAt: soon }).where(eq(session.userId, m.user.id));
    const res = await inject({ method: 'GET', url: '/api/account', headers: { cookie: m.cookie } });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toContain('session_token');
    const [row] = await ctx.app.db.select().from(session).where(eq(session.userId, m.user.id));
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);

    await ctx.app.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.userId, m.user.id));
    const expired = await inject({ method: 'GET', url: '/api/account', headers: { cookie: m.cookie } });
    expect(expired.statusCode).toBe(401);
  });

  test('logout ends the session on the server: the old cookie no longer works', async () => {
    const m = await createMember(ctx.app);
    const out = await inject({ method: 'POST', url: '/api/account/logout', headers: { cookie: m.cookie } });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/session_token=;/);
    expect((await me(m.cookie)).statusCode).toBe(401);
    expect(await sessionCount(m.user.id)).toBe(0);
  });

  test("another member's profile shows only public fields; unknown usernames are 404", async () => {
    const a = await createMember(ctx.app, { phone: '+911234567890' });
    await inject({
      method: 'PATCH',
      url: '/api/account',
      headers: { cookie: a.cookie },
      payload: {
        name: a.user.name,
        email: a.user.email,
        dob: '1990-01-02',
        gender: 'Female',
        marital_status: 'Single',
      },
    });
    const b = await createMember(ctx.app);
    const res = await inject({
      method: 'GET',
      url: `/api/profiles/${a.user.id}`,
      headers: { cookie: b.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['createdAt', 'dp', 'id', 'labels', 'name']);
    expect(res.body).not.toContain(a.user.email);
    expect(res.body).not.toContain('1990-01-02');
    expect(res.body).not.toContain('+911234567890');

    const anonymous = await inject({ method: 'GET', url: `/api/profiles/${a.user.id}` });
    expect(anonymous.statusCode).toBe(401);
    const unknown = await inject({
      method: 'GET',
      url: '/api/profiles/nobody_at_all',
      headers: { cookie: b.cookie },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().type).toBe('user_not_found');
  });

  test('PATCH /api/account changes only the caller, whatever id the body names', async () => {
    const a = await createMember(ctx.app);
    const b = await createMember(ctx.app);
    const res = await inject({
      method: 'PATCH',
      url: '/api/account',
      headers: { cookie: b.cookie },
      payload: {
        id: a.user.id,
        name: 'Renamed',
        email: b.user.email,
        dob: '1995-05-06',
        gender: 'Male',
        marital_status: 'Married',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      id: b.user.id,
      name: 'Renamed',
      prefs: { dob: '1995-05-06', gender: 'Male', marital_status: 'Married' },
    });
    const aNow = await me(a.cookie);
    expect(aNow.json().name).toBe(a.user.name);
    const anonymous = await inject({
      method: 'PATCH',
      url: '/api/account',
      payload: { name: 'x', email: a.user.email },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  test('changing the email or password needs the right current password', async () => {
    const m = await createMember(ctx.app);
    const other = await createMember(ctx.app);
    const base = { name: m.user.name, email: m.user.email };
    const patch = (payload: Record<string, unknown>) =>
      inject({
        method: 'PATCH',
        url: '/api/account',
        headers: { cookie: m.cookie },
        payload: { ...base, ...payload },
      });
    const newEmail = `${uniqueUsername('moved')}@example.com`;

    const noCurrent = await patch({ email: newEmail });
    expect(noCurrent.statusCode).toBe(401);
    expect(noCurrent.json().type).toBe('user_invalid_credentials');
    const wrongCurrent = await patch({ email: newEmail, currentPassword: 'not the password' });
    expect(wrongCurrent.statusCode).toBe(401);
    expect((await me(m.cookie)).json().email).toBe(m.user.email);

    const taken = await patch({ email: other.user.email, currentPassword: m.password });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().type).toBe('user_already_exists');

    const moved = await patch({ email: newEmail, currentPassword: m.password });
    expect(moved.statusCode).toBe(200);
    expect((await login(ctx.app, newEmail, m.password)).response.statusCode).toBe(200);

    const noCurrentPw = await patch({ email: newEmail, newPassword: 'brand new password' });
    expect(noCurrentPw.statusCode).toBe(400);
    const changed = await patch({
      email: newEmail,
      currentPassword: m.password,
      newPassword: 'brand new password',
    });
    expect(changed.statusCode).toBe(200);
    expect((await login(ctx.app, newEmail, m.password)).response.statusCode).toBe(401);
    expect((await login(ctx.app, newEmail, 'brand new password')).response.statusCode).toBe(200);
  });

  test('a new password logs every other device out; the device that changed it stays logged in', async () => {
    const m = await createMember(ctx.app);
    const laptop = await login(ctx.app, m.user.email, m.password);
    const phone = await login(ctx.app, m.user.email, m.password);
    const changed = await inject({
      method: 'PATCH',
      url: '/api/account',
      headers: { cookie: laptop.cookie },
      payload: {
        name: m.user.name,
        email: m.user.email,
        currentPassword: m.password,
        newPassword: 'brand new password',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().user.id).toBe(m.user.id);
    // The browser takes the fresh session cookie the reply sets.
    const laptopNow = cookieFrom(changed) || laptop.cookie;
    expect((await me(laptopNow)).statusCode).toBe(200);
    expect((await me(phone.cookie)).statusCode).toBe(401);
    expect((await me(m.cookie)).statusCode).toBe(401);
    expect(await sessionCount(m.user.id)).toBe(1);
  });

  test('the export is a JSON download of the member’s own data only', async () => {
    const a = await createMember(ctx.app);
    const b = await createMember(ctx.app);
    const res = await inject({ method: 'GET', url: '/api/account/export', headers: { cookie: a.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+\.json"$/);
    const data = res.json();
    expect(data.account).toMatchObject({ id: a.user.id, email: a.user.email });
    expect(data.sessions.length).toBe(1);
    expect(Array.isArray(data.files)).toBe(true);
    expect(res.body).not.toContain(b.user.id);
    expect(res.body).not.toMatch(/"token"|"password"/);
    expect((await inject({ method: 'GET', url: '/api/account/export' })).statusCode).toBe(401);
  });

  test('deleting the account needs the password, then removes the member and every session', async () => {
    const m = await createMember(ctx.app);
    const second = await login(ctx.app, m.user.email, m.password);
    const del = (payload: Record<string, unknown>) =>
      inject({ method: 'DELETE', url: '/api/account', headers: { cookie: m.cookie }, payload });

    const wrong = await del({ password: 'not the password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().type).toBe('user_invalid_credentials');
    expect((await me(m.cookie)).statusCode).toBe(200);
    expect((await del({})).statusCode).toBe(400);

    expect((await del({ password: m.password })).statusCode).toBe(204);
    expect((await me(m.cookie)).statusCode).toBe(401);
    expect((await me(second.cookie)).statusCode).toBe(401);
    expect((await login(ctx.app, m.user.email, m.password)).response.statusCode).toBe(401);
    expect(await sessionCount(m.user.id)).toBe(0);
    const [row] = await ctx.app.db.select().from(userTable).where(eq(userTable.id, m.user.id));
    expect(row).toBeUndefined();
  });

  test('operator commands grant and revoke labels and refuse unknown members or labels', async () => {
    const m = await createMember(ctx.app);
    const viewer = await createMember(ctx.app);
    const profile = async () =>
      (
        await inject({ method: 'GET', url: `/api/profiles/${m.user.id}`, headers: { cookie: viewer.cookie } })
      ).json();
    expect(await runMemberCommand(ctx.app.db, 'grant', [m.user.id, 'Verified'])).toBe(
      `Granted Verified to ${m.user.id}.`,
    );
    await runMemberCommand(ctx.app.db, 'grant', [m.user.id, 'Publisher']);
    expect((await profile()).labels).toEqual(['Verified', 'Publisher']);
    expect(await runMemberCommand(ctx.app.db, 'grant', [m.user.id, 'Verified'])).toMatch(/already has/);
    expect((await profile()).labels).toEqual(['Verified', 'Publisher']);
    expect(await runMemberCommand(ctx.app.db, 'revoke', [m.user.id, 'Verified'])).toBe(
      `Revoked Verified from ${m.user.id}.`,
    );
    expect((await profile()).labels).toEqual(['Publisher']);

    await expect(runMemberCommand(ctx.app.db, 'grant', ['nobody_at_all', 'Verified'])).rejects.toThrow(
      'No member with the username "nobody_at_all".',
    );
    await expect(runMemberCommand(ctx.app.db, 'grant', [m.user.id, 'Moderator'])).rejects.toThrow(
      /Unknown label "Moderator". Labels are: Verified, Founder, Admin, Publisher/,
    );
    await expect(runMemberCommand(ctx.app.db, 'block', ['nobody_at_all'])).rejects.toThrow(/No member/);
  });

  const NO_LIMITS = {
    signupPerIp: 100_000,
    loginPerIp: 100_000,
    loginFailuresPerSource: 100_000,
    loginFailuresPerEmail: 100_000,
  };
  const loginFrom = (remoteAddress: string, email: string, password: string) =>
    inject({ method: 'POST', url: '/api/account/login', remoteAddress, payload: { email, password } });

  test('wrong passwords lock the guessing source, not the member: the owner still logs in from elsewhere', async () => {
    configureAuthLimits(ctx.app, { ...NO_LIMITS, loginFailuresPerSource: 3, loginFailuresPerEmail: 50 });
    try {
      const m = await createMember(ctx.app);
      for (let i = 0; i < 3; i++) {
        expect((await loginFrom('10.1.0.66', m.user.email, 'not the password')).statusCode).toBe(401);
      }
      // The guesser is refused from now on, even with the right password.
      const limited = await loginFrom('10.1.0.66', m.user.email, m.password);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().type).toBe('general_rate_limit_exceeded');
      expect(limited.json().message).toMatch(/try again in \d+ minute/);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // The member, from their own address, is not.
      const owner = await loginFrom('10.1.0.7', m.user.email, m.password);
      expect(owner.statusCode).toBe(200);
      expect(owner.json().user.id).toBe(m.user.id);
    } finally {
      configureAuthLimits(ctx.app, NO_LIMITS);
    }
  });

  test('guessing one email from many addresses hits a slower ceiling for that email', async () => {
    configureAuthLimits(ctx.app, { ...NO_LIMITS, loginFailuresPerSource: 3, loginFailuresPerEmail: 8 });
    try {
      const m = await createMember(ctx.app);
      const other = await createMember(ctx.app);
      for (let i = 0; i < 8; i++) {
        const r = await loginFrom(`10.4.0.${i + 1}`, m.user.email, 'not the password');
        expect(r.statusCode, `attempt ${i + 1}`).toBe(401);
      }
      const ceiling = await loginFrom('10.4.1.1', m.user.email, m.password);
      expect(ceiling.statusCode).toBe(429);
      expect(Number(ceiling.headers['retry-after'])).toBeGreaterThan(0);
      // Another member is not affected.
      expect((await loginFrom('10.4.1.1', other.user.email, other.password)).statusCode).toBe(200);
    } finally {
      configureAuthLimits(ctx.app, NO_LIMITS);
    }
  });

  test('a stolen session cannot guess the password through PATCH or DELETE /api/account', async () => {
    configureAuthLimits(ctx.app, { ...NO_LIMITS, loginFailuresPerSource: 5 });
    try {
      const m = await createMember(ctx.app);
      const thief = { cookie: m.cookie, remoteAddress: '10.5.0.66' };
      const patch = (currentPassword: string) =>
        inject({
          method: 'PATCH',
          url: '/api/account',
          remoteAddress: thief.remoteAddress,
          headers: { cookie: thief.cookie },
          payload: {
            name: m.user.name,
            email: `${uniqueUsername('stolen')}@example.com`,
            currentPassword,
          },
        });
      const del = (password: string) =>
        inject({
          method: 'DELETE',
          url: '/api/account',
          remoteAddress: thief.remoteAddress,
          headers: { cookie: thief.cookie },
          payload: { password },
        });
      for (let i = 0; i < 3; i++) expect((await patch(`guess number ${i}`)).statusCode).toBe(401);
      for (let i = 3; i < 5; i++) expect((await del(`guess number ${i}`)).statusCode).toBe(401);
      const sixth = await patch('guess number 6');
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json().type).toBe('general_rate_limit_exceeded');
      expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
      // Even the right password is refused from that source, through either route and at login.
      expect((await del(m.password)).statusCode).toBe(429);
      expect((await patch(m.password)).statusCode).toBe(429);
      expect((await loginFrom(thief.remoteAddress, m.user.email, m.password)).statusCode).toBe(429);
      expect((await me(m.cookie)).json().email).toBe(m.user.email);
      // The member, from their own address, is not locked out.
      expect((await loginFrom('10.5.0.7', m.user.email, m.password)).statusCode).toBe(200);
    } finally {
      configureAuthLimits(ctx.app, NO_LIMITS);
    }
  });

  test('login attempts per address and signups per address answer 429 with Retry-After', async () => {
    configureAuthLimits(ctx.app, { ...NO_LIMITS, signupPerIp: 2, loginPerIp: 4 });
    try {
      // Logins from one address, whatever the email.
      for (let i = 0; i < 4; i++) {
        await loginFrom('10.2.0.1', `someone${i}@example.com`, 'not the password');
      }
      const ipLimited = await loginFrom('10.2.0.1', 'fresh@example.com', 'whatever1');
      expect(ipLimited.statusCode).toBe(429);
      expect(ipLimited.headers['retry-after']).toBeDefined();

      // Signups from one address.
      await makeSurname('Signupsurname');
      expect((await signup(validPayload(), '10.3.0.1')).statusCode).toBe(201);
      expect((await signup(validPayload(), '10.3.0.1')).statusCode).toBe(201);
      const signupLimited = await signup(validPayload(), '10.3.0.1');
      expect(signupLimited.statusCode).toBe(429);
      expect(signupLimited.headers['retry-after']).toBeDefined();
      // Another address is not affected.
      expect((await signup(validPayload(), '10.3.0.2')).statusCode).toBe(201);
    } finally {
      configureAuthLimits(ctx.app, NO_LIMITS);
    }
  });

  test('parallel signups with one username or one email: exactly one 201, every other 409', async () => {
    await makeSurname('Signupsurname');
    const username = uniqueUsername('race');
    const sameUsername = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        signup(validPayload({ username, email: `${username}.${i}@example.com` }), `10.6.0.${i + 1}`),
      ),
    );
    const email = `${uniqueUsername('race')}@example.com`;
    const sameEmail = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        signup(validPayload({ username: uniqueUsername('racer'), email }), `10.6.1.${i + 1}`),
      ),
    );
    for (const batch of [sameUsername, sameEmail]) {
      const codes = batch.map((r) => r.statusCode).sort();
      expect(codes).toEqual([201, ...Array(9).fill(409)]);
      for (const r of batch.filter((x) => x.statusCode === 409)) {
        expect(r.json()).toEqual({
          message: 'A user with the same username, email, or phone already exists.',
          code: 409,
          type: 'user_already_exists',
        });
      }
    }
  });

  test("the export carries every registered feature's part of the member, and nothing of others", async () => {
    const name = `testPart${Math.random().toString(36).slice(2, 8)}`;
    ctx.app.registry.addMemberData({
      name,
      export: async (_db, memberId) => ({ owner: memberId, items: [`item of ${memberId}`] }),
    });
    const a = await createMember(ctx.app);
    const b = await createMember(ctx.app);
    const res = await inject({ method: 'GET', url: '/api/account/export', headers: { cookie: a.cookie } });
    expect(res.statusCode).toBe(200);
    const data = res.json();
    expect(data[name]).toEqual({ owner: a.user.id, items: [`item of ${a.user.id}`] });
    expect(data.account.id).toBe(a.user.id);
    for (const part of ctx.app.registry.memberData) expect(data).toHaveProperty(part.name);
    expect(res.body).not.toContain(b.user.id);
  });

  test('data in tables no feature owns yet (push subscriptions) is exported, then erased with the account', async () => {
    const m = await createMember(ctx.app);
    const other = await createMember(ctx.app);
    const subscribe = (userId: string) =>
      ctx.app.db.insert(pushSubscription).values({
        userId,
        endpoint: `https://push.example/${userId}`,
        p256dh: 'key',
        auth: 'secret',
      });
    await subscribe(m.user.id);
    await subscribe(other.user.id);
    const exported = await inject({
      method: 'GET',
      url: '/api/account/export',
      headers: { cookie: m.cookie },
    });
    expect(exported.json().pushSubscriptions).toHaveLength(1);
    expect(exported.json().matrimony).toMatchObject({ profile: null, shortlists: [], profileRequests: [] });
    expect(exported.body).not.toContain('secret');
    expect((await deleteAccount(m)).statusCode).toBe(204);
    const left = await ctx.app.db.select({ userId: pushSubscription.userId }).from(pushSubscription);
    expect(left.map((r) => r.userId)).not.toContain(m.user.id);
    expect(left.map((r) => r.userId)).toContain(other.user.id);
  });

  test("deletion erases every registered part in one transaction and publishes the member's files", async () => {
    const name = `erasePart${Math.random().toString(36).slice(2, 8)}`;
    const erased: string[] = [];
    ctx.app.registry.addMemberData({
      name,
      erase: async (_tx, memberId) => {
        erased.push(memberId);
        return [`file-of-${memberId}`];
      },
    });
    const published: { userId: string; files: string[] }[] = [];
    ctx.app.events.onCommit('account.deleted', (payload) => {
      published.push(payload);
    });
    const m = await createMember(ctx.app);
    const { payload, headers } = images.multipart([
      { filename: 'me.png', contentType: 'image/png', data: await images.png(64, 64) },
    ]);
    const uploaded = await inject({
      method: 'POST',
      url: '/api/account/picture',
      payload,
      headers: { ...headers, cookie: m.cookie },
    });
    expect(uploaded.statusCode).toBeLessThan(300);
    const dp = uploaded.json().dp as string;
    expect((await inject({ method: 'GET', url: `/api/files/${dp}/preview` })).statusCode).toBe(200);

    const del = await deleteAccount(m);
    expect(del.statusCode).toBe(204);
    expect(String(del.headers['set-cookie'])).toMatch(/session_token=;/);
    expect(erased).toContain(m.user.id);
    const event = published.find((p) => p.userId === m.user.id);
    expect(event?.files).toEqual(expect.arrayContaining([dp, `file-of-${m.user.id}`]));
    // The profile picture is gone for everyone (removed once the deletion committed, or by its job).
    await expect
      .poll(async () => (await inject({ method: 'GET', url: `/api/files/${dp}/preview` })).statusCode, {
        timeout: 10_000,
      })
      .toBe(404);
  });
});
