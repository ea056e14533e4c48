// A member has one date of birth: a listing's is bounded (up to 99, the partner filters' top, and
// never in the future), saving the listing sets the account's, and Manage Profile may not set
// another while a listing holds one (staff verified it). The account's own is bounded too.
import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { call, expectError } from '../../../test/api.ts';
import { describeEachDatabase } from '../../../test/harness.ts';
import { createAdmin, createMember, type TestMember } from '../../../test/members.ts';
import { matrimonyProfile, user } from '../../db/schema/index.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';

/** A date `years` years and `days` days ago (negative: in the future), as yyyy-mm-dd. */
function yearsAgo(years: number, days = 3): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

const form = (dob: string) => ({
  dob,
  gender: 'Female',
  description: 'Simple family',
  number: '+91 9876543210',
  address: 'House 4, Rajkot',
  education: 'B.Com',
  career: 'Accountant',
  expectation: 'Kind and honest',
});

describeEachDatabase('matrimony: date of birth', (ctx) => {
  let admin: TestMember;
  const api = (method: Method, url: string, who: TestMember | null, payload?: unknown) =>
    call(ctx.app, method, url, who, payload);

  beforeAll(async () => {
    admin = await createAdmin(ctx.app);
  }, 60_000);

  async function single(): Promise<TestMember> {
    const m = await createMember(ctx.app);
    await ctx.app.db.update(user).set({ maritalStatus: 'Single' }).where(eq(user.id, m.user.id));
    return m;
  }

  const accountDob = async (who: TestMember) => (await api('GET', '/api/account', who)).json().prefs.dob;
  const manage = (who: TestMember, dob: string | null) =>
    api('PATCH', '/api/account', who, {
      name: 'Asha Patel',
      email: who.user.email,
      dob,
      marital_status: 'Single',
    });

  it('a listing is for ages up to 99, never born in the future: each refused on dob, in words of its own', async () => {
    const m = await single();
    for (const dob of [yearsAgo(126), yearsAgo(100)]) {
      expectError(
        await api('POST', '/api/matrimony/profile', m, form(dob)),
        400,
        'general_argument_invalid',
        {
          field: 'dob',
          message: 'A matrimony profile is for ages up to 99',
        },
      );
    }
    expectError(
      await api('POST', '/api/matrimony/profile', m, form(yearsAgo(-1))),
      400,
      'general_argument_invalid',
      {
        field: 'dob',
      },
    );
    expect(await ctx.app.db.$count(matrimonyProfile, eq(matrimonyProfile.id, m.user.id))).toBe(0);
    const oldest = await api('POST', '/api/matrimony/profile', m, form(yearsAgo(99)));
    expect(oldest.statusCode, oldest.body).toBe(201);
    // An edit is held to the same bound.
    expectError(
      await api('PUT', '/api/matrimony/profile', m, form(yearsAgo(126))),
      400,
      'general_argument_invalid',
      {
        field: 'dob',
      },
    );
  });

  it("the account's date of birth is a real one: not in the future, at most 120 years ago", async () => {
    const m = await single();
    for (const dob of [yearsAgo(126), yearsAgo(-1, 0)]) {
      expectError(await manage(m, dob), 400, 'general_argument_invalid', {
        field: 'dob',
        message: 'Enter a date of birth that is not in the future and at most 120 years ago',
      });
    }
    for (const dob of [yearsAgo(119), yearsAgo(30), null]) {
      const res = await manage(m, dob);
      expect(res.statusCode, res.body).toBe(200);
      expect(await accountDob(m)).toBe(dob);
    }
  });

  it('saving the listing sets the account’s; Manage Profile may not set another while the listing holds one', async () => {
    const m = await single();
    expect((await manage(m, yearsAgo(40))).statusCode).toBe(200);
    const listed = yearsAgo(25);
    expect((await api('POST', '/api/matrimony/profile', m, form(listed))).statusCode).toBe(201);
    expect(await accountDob(m)).toBe(listed);
    expect((await api('POST', `/api/admin/matrimony/profiles/${m.user.id}/approve`, admin)).statusCode).toBe(
      200,
    );

    // Another date on Manage Profile is refused, nothing of that save is made, and the listing stays verified.
    for (const dob of [yearsAgo(30), yearsAgo(25, 4)]) {
      const res = await api('PATCH', '/api/account', m, {
        name: 'Changed Name',
        email: m.user.email,
        dob,
        marital_status: 'Single',
      });
      expectError(res, 400, 'general_argument_invalid', { field: 'dob' });
    }
    const account = (await api('GET', '/api/account', m)).json();
    expect(account.prefs.dob).toBe(listed);
    expect(account.name).not.toBe('Changed Name');
    expect((await api('GET', '/api/matrimony/profile', m)).json()).toMatchObject({
      dob: listed,
      status: 'active',
    });
    // None (a blank field, a client that leaves it out) keeps the listing's; the same date saves too.
    await ctx.app.db.update(user).set({ dob: null }).where(eq(user.id, m.user.id));
    const blank = await api('PATCH', '/api/account', m, {
      name: 'Asha',
      email: m.user.email,
      marital_status: 'Single',
    });
    expect(blank.statusCode, blank.body).toBe(200);
    expect(await accountDob(m)).toBe(listed);
    const same = await api('PATCH', '/api/account', m, {
      name: 'Changed Name',
      email: m.user.email,
      dob: listed,
      marital_status: 'Single',
    });
    expect(same.statusCode, same.body).toBe(200);

    // A new date goes through the listing: it goes back to review, and the account follows.
    const fixed = yearsAgo(26);
    const edited = await api('PUT', '/api/matrimony/profile', m, form(fixed));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ dob: fixed, status: 'requested' });
    expect(await accountDob(m)).toBe(fixed);
  });

  it('migration 0024 gives every listed member the listing’s date of birth', async () => {
    const m = await single();
    const listed = yearsAgo(27);
    expect((await api('POST', '/api/matrimony/profile', m, form(listed))).statusCode).toBe(201);
    const unlisted = await single();
    await ctx.app.db
      .update(user)
      .set({ dob: yearsAgo(50) })
      .where(eq(user.id, m.user.id));
    await ctx.app.db
      .update(user)
      .set({ dob: yearsAgo(60) })
      .where(eq(user.id, unlisted.user.id));
    const migration = new URL('../../../drizzle/0024_account_dob_from_listing.sql', import.meta.url);
    await ctx.app.db.execute(sql.raw(fs.readFileSync(migration, 'utf8')));
    const dobOf = async (who: TestMember) =>
      (await ctx.app.db.select({ dob: user.dob }).from(user).where(eq(user.id, who.user.id)))[0].dob;
    expect(await dobOf(m)).toBe(listed);
    expect(await dobOf(unlisted)).toBe(yearsAgo(60));
  });
});
