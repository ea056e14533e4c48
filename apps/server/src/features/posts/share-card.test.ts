// A shared link to a post previews (WhatsApp and the like) what a visitor may see of it: nothing of a
// post whose author the operator blocked, as the author's own profile card shows nothing of them.
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { call } from '../../../test/api.ts';
import { describeEachDatabase } from '../../../test/harness.ts';
import { createAdmin, createMember, type TestMember } from '../../../test/members.ts';
import { user } from '../../db/schema/index.ts';

describeEachDatabase('post share cards', (ctx) => {
  let admin: TestMember;

  beforeAll(async () => {
    admin = await createAdmin(ctx.app);
  }, 60_000);

  const card = async (kind: string, id: string) => {
    const res = await call(ctx.app, 'GET', `/api/share-cards/${kind}/${id}`, null);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  async function setBlocked(member: TestMember, blocked: boolean) {
    await ctx.app.events.transaction(async (tx) => {
      await tx.update(user).set({ banned: blocked }).where(eq(user.id, member.user.id));
      await ctx.app.events.publish(tx, 'user.blocked', {
        userId: member.user.id,
        blocked,
        audit: { actor: 'operator', action: 'user.block', entity: 'user', entityId: member.user.id },
      });
    });
  }

  it("a blocked author's posts get the generic card, as their profile does, and come back when unblocked", async () => {
    const author = await createMember(ctx.app, { name: 'Ramesh Sharecard' });
    const created = await call(ctx.app, 'POST', '/api/posts', author, {
      description: 'Garba at the wadi tonight',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    const decided = await call(ctx.app, 'POST', `/api/admin/posts/${id}/decision`, admin, {
      status: 'approved',
      reason: null,
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await card('post', id)).toEqual({
      name: 'Ramesh Sharecard',
      text: 'Garba at the wadi tonight',
      image: null,
    });

    await setBlocked(author, true);
    expect(await card('profile', author.user.id)).toBeNull();
    expect(await card('post', id)).toBeNull();

    await setBlocked(author, false);
    expect(await card('profile', author.user.id)).toMatchObject({ name: 'Ramesh Sharecard' });
    expect(await card('post', id)).toMatchObject({
      name: 'Ramesh Sharecard',
      text: 'Garba at the wadi tonight',
    });
  });
});
