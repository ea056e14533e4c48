// A signup is one transaction: the member row, the password (account) row and the session are
// written together or not at all. A signup that fails half-way (a full disk, a dropped connection)
// must leave nothing that blocks the same signup from succeeding once the fault is gone.
import { ERROR_TYPES } from '@samaj/core';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { expectError } from '../../../test/api.ts';
import { describeEachDatabase } from '../../../test/harness.ts';
import { anySurname, login, uniqueUsername } from '../../../test/members.ts';
import { user } from '../../db/schema/index.ts';

describeEachDatabase('a signup that fails half-way', (ctx) => {
  it('leaves no member behind, and the same signup then succeeds and logs in', async () => {
    const username = uniqueUsername('halfway');
    const payload = {
      surname: await anySurname(ctx.app),
      username,
      name: 'Half Way',
      email: `${username.replace(/_/g, '.')}@example.com`,
      password: 'correct horse battery',
    };
    // The fault: the password row cannot be written (as on a full disk), after the member row was.
    await ctx.app.db.execute(
      sql.raw(`CREATE FUNCTION signup_fault() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = 'disk_full'; END; $$`),
    );
    await ctx.app.db.execute(
      sql.raw(
        'CREATE TRIGGER signup_fault BEFORE INSERT ON "account" FOR EACH ROW EXECUTE FUNCTION signup_fault()',
      ),
    );
    try {
      const failed = await ctx.app.inject({ method: 'POST', url: '/api/account/signup', payload });
      expectError(failed, 507, ERROR_TYPES.GENERAL_INSUFFICIENT_STORAGE);
      expect(failed.headers['set-cookie']).toBeUndefined();
    } finally {
      await ctx.app.db.execute(sql.raw('DROP TRIGGER signup_fault ON "account"'));
      await ctx.app.db.execute(sql.raw('DROP FUNCTION signup_fault()'));
    }
    expect(await ctx.app.db.select().from(user).where(eq(user.id, username))).toEqual([]);

    const retried = await ctx.app.inject({ method: 'POST', url: '/api/account/signup', payload });
    expect(retried.statusCode, retried.body).toBe(201);
    expect((await login(ctx.app, payload.email, payload.password)).response.statusCode).toBe(200);
  });
});
