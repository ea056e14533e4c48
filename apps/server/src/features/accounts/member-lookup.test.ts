// GET /api/members/lookup (docs/product/events.md, "Event form"): staff pick an event's host by name or
// username as they type. Authorization first (a visitor 401 even with a bad query, a member 403), then the
// answer: username and name only, blocked members left out, a short list, a per-member rate limit.
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { call, expectError, expectVisitorRefused } from '../../../test/api.ts';
import { describeEachDatabase } from '../../../test/harness.ts';
import { createAdmin, createMember, grantLabel, type TestMember } from '../../../test/members.ts';
import { user } from '../../db/schema/index.ts';
import { WRITE_LIMITS } from '../../platform/rate-limit.ts';
import { MEMBER_LOOKUP_LIMIT } from './lookup.ts';

describeEachDatabase('member lookup', (ctx) => {
  let admin: TestMember;
  let publisher: TestMember;
  let member: TestMember;
  let kanta: TestMember;
  let blocked: TestMember;
  // Unique per run, so both databases' suites find only their own members.
  const tag = `lk${Date.now().toString(36).slice(-5)}`;

  beforeAll(async () => {
    admin = await createAdmin(ctx.app);
    publisher = await createMember(ctx.app, { username: `${tag}_pub` });
    member = await createMember(ctx.app, { username: `${tag}_member`, phone: '9876543210' });
    kanta = await createMember(ctx.app, { username: `${tag}_kp`, name: `Kanta ${tag} Patel` });
    blocked = await createMember(ctx.app, { username: `${tag}_gone`, name: `Kanta ${tag} Blocked` });
    await grantLabel(ctx.app, publisher.user.id, 'Publisher');
    await ctx.app.db.update(user).set({ banned: true }).where(eq(user.id, blocked.user.id));
  }, 90_000);

  const lookup = (who: TestMember | null, q?: string) =>
    call(ctx.app, 'GET', `/api/members/lookup${q === undefined ? '' : `?q=${encodeURIComponent(q)}`}`, who);

  it('a visitor gets 401 before any 400; a member without Admin or Publisher gets 403', async () => {
    await expectVisitorRefused(
      ctx.app,
      [
        ['GET', `/api/members/lookup?q=${tag}`],
        ['GET', '/api/members/lookup'],
        ['GET', `/api/members/lookup?q=${'x'.repeat(300)}`],
      ],
      [kanta.user.id, 'Kanta'],
    );
    const refused = await lookup(member, tag);
    expectError(refused, 403, 'user_forbidden');
    expect(refused.body).not.toContain(kanta.user.id);
  });

  it('finds members by name (any part, any case) or username (its start): username and name only', async () => {
    const byName = await lookup(publisher, `kanta ${tag}`.toUpperCase());
    expect(byName.statusCode, byName.body).toBe(200);
    expect(byName.json()).toEqual({ members: [{ id: kanta.user.id, name: `Kanta ${tag} Patel` }] });

    const byUsername = await lookup(admin, `${tag}_m`);
    expect(byUsername.json()).toEqual({ members: [{ id: member.user.id, name: member.user.name }] });
    // Nothing else of the member leaves the server.
    expect(byUsername.body).not.toContain('9876543210');
    expect(byUsername.body).not.toContain('@example.com');

    // A username is matched from its start only; LIKE's wildcards are plain characters.
    expect((await lookup(admin, '_kp')).json().members).not.toContainEqual(
      expect.objectContaining({ id: kanta.user.id }),
    );
    expect((await lookup(admin, '%')).json()).toEqual({ members: [] });
    expect((await lookup(admin, `${tag.slice(0, -1)}__kp`)).json()).toEqual({ members: [] });
  });

  it('leaves blocked members out and answers a short list', async () => {
    const found = (await lookup(admin, tag)).json().members.map((m: { id: string }) => m.id);
    expect(found).toContain(kanta.user.id);
    expect(found).not.toContain(blocked.user.id);
    for (let i = 0; i < MEMBER_LOOKUP_LIMIT; i++) {
      await createMember(ctx.app, { username: `${tag}_many${i}` });
    }
    const many = await lookup(admin, `${tag}_many`);
    expect(many.json().members).toHaveLength(MEMBER_LOOKUP_LIMIT);
  });

  it('checks the query after authorization: q is required and short', async () => {
    expectError(await lookup(admin), 400, 'general_argument_invalid', { field: 'q' });
    expectError(await lookup(admin, '   '), 400, 'general_argument_invalid', { field: 'q' });
    expectError(await lookup(admin, 'x'.repeat(65)), 400, 'general_argument_invalid', { field: 'q' });
  });

  it('is rate-limited per member', async () => {
    const staff = await createMember(ctx.app);
    await grantLabel(ctx.app, staff.user.id, 'Publisher');
    for (let i = 0; i < WRITE_LIMITS.lookup.max; i++) {
      expect((await lookup(staff, tag)).statusCode).toBe(200);
    }
    expectError(await lookup(staff, tag), 429, 'general_rate_limit_exceeded');
    // Another member's picker still works.
    expect((await lookup(publisher, tag)).statusCode).toBe(200);
  });
});
