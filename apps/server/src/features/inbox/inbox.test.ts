// The bell's list through the network on both databases (docs/product/inbox.md): what each kind writes,
// in the transaction of the change; what a reader sees of it later (never more than they may see
// now); grouping; paging; marking read; settings; staff queues; 90 days; export and deletion.
import { INBOX_PAGE_SIZE, INBOX_REALTIME_ID, type InboxItemView } from '@samaj/core';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectError, expectVisitorRefused } from '../../../test/api.ts';
import { describeEachDatabase, TEST_DATABASE_URL, withTwoApps } from '../../../test/harness.ts';
import { listingForm } from '../../../test/listing.ts';
import { createAdmin, createMember, createMembers, type TestMember } from '../../../test/members.ts';
import { realtimeSettled, waitFor } from '../../../test/wait.ts';
import { event, inboxItem, user } from '../../db/schema/index.ts';
import { jobsSchema } from '../../platform/jobs/index.ts';
import { sweepQueues } from './staff.ts';

type Gender = 'Male' | 'Female';

describeEachDatabase('inbox', (ctx) => {
  let admin: TestMember;
  beforeAll(async () => {
    admin = await createAdmin(ctx.app);
  }, 60_000);

  const api = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    who: TestMember | null,
    body?: unknown,
  ) => call(ctx.app, method, url, who, body);

  async function items(who: TestMember): Promise<InboxItemView[]> {
    const res = await api('GET', '/api/inbox', who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().documents;
  }
  const ofKind = async (who: TestMember, kind: string) => (await items(who)).filter((i) => i.kind === kind);
  async function unread(who: TestMember): Promise<number> {
    const res = await api('GET', '/api/inbox/unread', who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().unread;
  }
  async function approvedPost(author: TestMember, description = 'Our village fair is on Sunday') {
    const res = await api('POST', '/api/posts', author, { description });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    const decided = await api('POST', `/api/admin/posts/${id}/decision`, admin, { status: 'approved' });
    expect(decided.statusCode, decided.body).toBe(200);
    return id;
  }
  const like = async (who: TestMember, postId: string) =>
    expect((await api('POST', `/api/posts/${postId}/like`, who)).statusCode).toBe(200);
  const names = (item: InboxItemView) => item.actors.map((a) => a.id);
  async function block(who: TestMember) {
    await ctx.app.db.update(user).set({ banned: true }).where(eq(user.id, who.user.id));
    await realtimeSettled(ctx.app);
  }

  it('refuses visitors before reading any input, and answers bad input with the one error shape', async () => {
    await expectVisitorRefused(ctx.app, [
      ['GET', '/api/inbox?cursor=%%%'],
      ['GET', '/api/inbox/unread'],
      ['POST', '/api/inbox/not%20an%20id!/read'],
      ['POST', '/api/inbox/read'],
      ['GET', '/api/inbox/settings'],
      ['PUT', '/api/inbox/settings', { nonsense: 'yes' }],
    ]);
    const m = await createMember(ctx.app);
    expectError(await api('GET', '/api/inbox?cursor=%%%', m), 400, 'general_argument_invalid', {
      field: 'cursor',
    });
    expectError(await api('GET', '/api/inbox?cursor=bm90LWEtY3Vyc29y', m), 400, 'general_argument_invalid', {
      field: 'cursor',
    });
    expectError(await api('POST', '/api/inbox/not%20an%20id!/read', m), 400, 'general_argument_invalid', {
      field: 'id',
    });
    expectError(await api('POST', '/api/inbox/ffffffffffffffffffff/read', m), 404, 'document_not_found');
    expectError(
      await api('PUT', '/api/inbox/settings', m, { nonsense: true }),
      400,
      'general_argument_invalid',
    );
    expectError(
      await api('PUT', '/api/inbox/settings', m, { post_liked: 'no' }),
      400,
      'general_argument_invalid',
      { field: 'post_liked' },
    );
    // A new member's list is empty, not an error.
    expect(await items(m)).toEqual([]);
    expect(await unread(m)).toBe(0);
  });

  describe('posts', () => {
    it('a decision on a post is in its author’s list at once, whether or not they have a device', async () => {
      const author = await createMember(ctx.app);
      const res = await api('POST', '/api/posts', author, { description: 'Please share the temple timings' });
      const id = res.json().id as string;
      expect(await unread(author)).toBe(0);
      await api('POST', `/api/admin/posts/${id}/decision`, admin, {
        status: 'rejected',
        reason: 'Duplicate',
      });
      // Written in the decision's transaction: there when its answer came back, no waiting.
      const [item] = await ofKind(author, 'post_decided');
      expect(item).toMatchObject({
        kind: 'post_decided',
        approved: false,
        subject: { type: 'post', id, name: 'Please share the temple timings' },
        url: `/post/${id}`,
        read: false,
        actors: [],
      });
      expect(await unread(author)).toBe(1);
      // Staff approve it after all, within the minute: still one item, now saying approved.
      await api('POST', `/api/admin/posts/${id}/decision`, admin, { status: 'approved' });
      const decided = await ofKind(author, 'post_decided');
      expect(decided).toHaveLength(1);
      expect(decided[0].approved).toBe(true);
    });

    it('a burst of likes on one post is one item: the newest names and how many more', async () => {
      const author = await createMember(ctx.app);
      const postId = await approvedPost(author);
      await api('POST', '/api/inbox/read', author);
      const likers = [];
      for (let i = 0; i < 5; i += 1) likers.push(await createMember(ctx.app));
      for (const liker of likers) await like(liker, postId);
      await like(likers[0], postId); // a second like by the same member changes nothing
      await like(author, postId); // nobody is told of their own like
      const liked = await ofKind(author, 'post_liked');
      expect(liked).toHaveLength(1);
      expect(names(liked[0])).toEqual([likers[4].user.id, likers[3].user.id, likers[2].user.id]);
      expect(liked[0].others).toBe(2);
      expect(liked[0].actors[0]).toMatchObject({ name: likers[4].user.name });
      expect(await unread(author)).toBe(1);

      // Read, then another like within the minute: the same item opens again (at most one a minute).
      await api('POST', `/api/inbox/${liked[0].id}/read`, author);
      expect(await unread(author)).toBe(0);
      const late = await createMember(ctx.app);
      await like(late, postId);
      const again = await ofKind(author, 'post_liked');
      expect(again).toHaveLength(1);
      expect(again[0]).toMatchObject({ id: liked[0].id, read: false });
      expect(names(again[0])[0]).toBe(late.user.id);

      // Past the minute, read: a new like makes a new item.
      await api('POST', '/api/inbox/read', author);
      await ctx.app.db
        .update(inboxItem)
        .set({ lastAt: sql`now() - interval '2 minutes'` })
        .where(eq(inboxItem.id, liked[0].id));
      await like(likers[0], postId); // already liked: publishes nothing
      expect(await ofKind(author, 'post_liked')).toHaveLength(1);
      await like(await createMember(ctx.app), postId);
      expect(await ofKind(author, 'post_liked')).toHaveLength(2);
    });

    it('says only what is still true and allowed: likes taken back, members blocked, a post taken down or deleted', async () => {
      const author = await createMember(ctx.app);
      const postId = await approvedPost(author, 'Cricket match photos');
      const [kiran, mina] = [await createMember(ctx.app), await createMember(ctx.app)];
      await like(kiran, postId);
      await like(mina, postId);
      const said = await api('POST', `/api/posts/${postId}/comments`, kiran, { comment: 'Well played!' });
      expect(said.statusCode, said.body).toBe(201);
      expect(names((await ofKind(author, 'post_liked'))[0])).toEqual([mina.user.id, kiran.user.id]);
      expect(names((await ofKind(author, 'post_commented'))[0])).toEqual([kiran.user.id]);

      // Mina takes her like back: she is no longer named.
      await api('DELETE', `/api/posts/${postId}/like`, mina);
      expect(names((await ofKind(author, 'post_liked'))[0])).toEqual([kiran.user.id]);
      // Kiran is blocked by the operator: his name and picture leave every item.
      await block(kiran);
      const body = (await api('GET', '/api/inbox', author)).body;
      expect(body).not.toContain(kiran.user.id);
      expect(body).not.toContain(kiran.user.name);
      await ctx.app.db.update(user).set({ banned: false }).where(eq(user.id, kiran.user.id));
      await realtimeSettled(ctx.app);
      expect(names((await ofKind(author, 'post_commented'))[0])).toEqual([kiran.user.id]);

      // Staff take the post down: the items stay but name nobody.
      await api('POST', `/api/admin/posts/${postId}/decision`, admin, { status: 'unlisted', reason: 'Old' });
      const down = await ofKind(author, 'post_liked');
      expect(down).toHaveLength(1);
      expect(down[0].actors).toEqual([]);
      expect(down[0].others).toBe(0);
      expect((await ofKind(author, 'post_commented'))[0].actors).toEqual([]);

      // The author deletes it: the items stay, about nothing that can be opened.
      expect((await api('DELETE', `/api/posts/${postId}`, author)).statusCode).toBe(204);
      const gone = await ofKind(author, 'post_liked');
      expect(gone[0]).toMatchObject({ subject: null, url: null, actors: [] });
      expect((await api('GET', '/api/inbox', author)).body).not.toContain('Cricket match photos');
    });

    it('a reply in a thread reaches the others who commented, grouped, while the post is public', async () => {
      const author = await createMember(ctx.app);
      const postId = await approvedPost(author, 'Who is coming to the picnic?');
      const [b, c, d] = [
        await createMember(ctx.app),
        await createMember(ctx.app),
        await createMember(ctx.app),
      ];
      const comment = (who: TestMember, text: string) =>
        api('POST', `/api/posts/${postId}/comments`, who, { comment: text });
      await comment(b, 'Me!');
      await comment(author, 'Great'); // the author answering is a reply for B; the author gets no reply item
      await comment(c, 'Count me in');
      expect(names((await ofKind(b, 'post_thread_reply'))[0])).toEqual([c.user.id, author.user.id]);
      expect(await ofKind(c, 'post_thread_reply')).toEqual([]);
      expect(await ofKind(author, 'post_thread_reply')).toEqual([]);
      expect(names((await ofKind(author, 'post_commented'))[0])).toEqual([c.user.id, b.user.id]);
      await comment(d, 'Me too');
      const [reply] = await ofKind(b, 'post_thread_reply');
      expect(reply).toMatchObject({
        subject: { type: 'post', id: postId, name: 'Who is coming to the picnic?' },
        url: `/post/${postId}`,
      });
      expect(names(reply)).toEqual([d.user.id, c.user.id, author.user.id]);
      expect(names((await ofKind(c, 'post_thread_reply'))[0])).toEqual([d.user.id]);
      expect(await ofKind(b, 'post_thread_reply')).toHaveLength(1);

      // Taken down: someone else's post is no longer theirs to see; the item stays, saying nothing of it.
      await api('POST', `/api/admin/posts/${postId}/decision`, admin, { status: 'unlisted', reason: 'Old' });
      const [after] = await ofKind(b, 'post_thread_reply');
      expect(after).toMatchObject({ subject: null, url: null, actors: [] });
      expect((await api('GET', '/api/inbox', b)).body).not.toContain('picnic');
    });

    it('an item and its change commit together: a rolled-back change leaves no item', async () => {
      const author = await createMember(ctx.app);
      const postId = await approvedPost(author);
      const before = (await ofKind(author, 'post_liked')).length;
      await expect(
        ctx.app.events.transaction(async (tx) => {
          await ctx.app.events.publish(tx, 'post.liked', { postId, creator: admin.user.id });
          throw new Error('the like failed');
        }),
      ).rejects.toThrow('the like failed');
      expect(await ofKind(author, 'post_liked')).toHaveLength(before);
    });

    it('tells the author’s open screens on their own channel that the list changed', async () => {
      const author = await createMember(ctx.app);
      const postId = await approvedPost(author);
      const heard: unknown[] = [];
      const stop = ctx.app.realtime.subscribe(`member.${author.user.id.toLowerCase()}`, (m) => {
        heard.push(m.id);
      });
      try {
        await like(await createMember(ctx.app), postId);
        await waitFor(() => heard.includes(INBOX_REALTIME_ID), 'the inbox change on the member channel');
      } finally {
        stop();
      }
    });
  });

  it('a publisher decision, a surname submission applied and an event reminder are in the member’s list', async () => {
    const m = await createMember(ctx.app);
    const applied = await api('POST', '/api/publisher-request', m, {
      occupation: 'Teacher',
      whatsapp: '+91 98765 43210',
      reason: 'I report on events.',
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const rejected = await api('POST', `/api/admin/publisher-requests/${m.user.id}/reject`, admin, {});
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await ofKind(m, 'publisher_request_decided'))[0]).toMatchObject({
      approved: false,
      url: '/publisher-request',
      subject: { type: 'publisher_request' },
    });

    // The surname and reminder events as their features publish them (their own suites prove when).
    const [surname] = await ctx.app.db.select({ id: sql<string>`id` }).from(sql`surname`).limit(1);
    const [ev] = await ctx.app.db
      .insert(event)
      .values({ name: 'Navratri Garba', time: new Date(Date.now() + 30 * 60_000), host: admin.user.id })
      .returning({ id: event.id });
    await ctx.app.events.transaction(async (tx) => {
      await ctx.app.events.publish(tx, 'surname_submission.applied', {
        submissionId: 'sub1',
        surname: surname.id,
        creator: m.user.id,
        audit: {
          actor: admin.user.id,
          action: 'surname_submission.apply',
          entity: 'surname_submission',
          entityId: 'sub1',
        },
      });
      await ctx.app.events.publish(tx, 'event.reminder_due', { eventId: ev.id, members: [m.user.id] });
    });
    expect((await ofKind(m, 'surname_submission_applied'))[0]).toMatchObject({
      subject: { type: 'surname', id: surname.id },
      url: `/surname/${encodeURIComponent(surname.id)}`,
    });
    expect((await ofKind(m, 'event_reminder'))[0]).toMatchObject({
      subject: { type: 'event', id: ev.id, name: 'Navratri Garba' },
      url: `/event/${ev.id}`,
    });
    // The event deleted: the reminder stays, naming nothing.
    await ctx.app.db.delete(event).where(eq(event.id, ev.id));
    const after = (await ofKind(m, 'event_reminder'))[0];
    expect(after).toMatchObject({ subject: null, url: null });
    expect((await api('GET', '/api/inbox', m)).body).not.toContain('Navratri Garba');
  });

  it('an event going live reaches every member’s list (not its host’s) once, by a job', async () => {
    const [a, b] = [await createMember(ctx.app), await createMember(ctx.app)];
    const [ev] = await ctx.app.db
      .insert(event)
      .values({ name: 'Annual meeting', time: new Date(), host: admin.user.id, live: true })
      .returning({ id: event.id });
    const goLive = () =>
      ctx.app.events.transaction((tx) =>
        ctx.app.events.publish(tx, 'event.live', { eventId: ev.id, live: true }),
      );
    await goLive();
    for (const who of [a, b]) {
      const [item] = await waitFor(async () => {
        const found = await ofKind(who, 'event_live');
        return found.length > 0 ? found : null;
      }, 'the live item');
      expect(item).toMatchObject({ subject: { type: 'event', id: ev.id, name: 'Annual meeting' } });
    }
    expect(await ofKind(admin, 'event_live')).toEqual(
      expect.not.arrayContaining([
        expect.objectContaining({ subject: expect.objectContaining({ id: ev.id }) }),
      ]),
    );
    // Started again (read meanwhile): no second item within six hours.
    await api('POST', '/api/inbox/read', a);
    await goLive();
    const schema = jobsSchema(ctx.database);
    await waitFor(async () => {
      const { rows } = (await ctx.app.db.execute(
        sql`select count(*)::int as n from ${sql.raw(schema)}.job where name = 'inbox.everyone' and state in ('created', 'retry', 'active')`,
      )) as unknown as { rows: { n: number }[] };
      return Number((rows[0] as { n: number }).n) === 0;
    }, 'the second fan-out to finish');
    const again = (await ofKind(a, 'event_live')).filter((i) => i.subject?.id === ev.id);
    expect(again).toHaveLength(1);
    expect(again[0].read).toBe(true);
  });

  describe('matrimony', () => {
    async function lister(gender: Gender) {
      const m = await createMember(ctx.app);
      await ctx.app.db.update(user).set({ maritalStatus: 'Single' }).where(eq(user.id, m.user.id));
      await realtimeSettled(ctx.app);
      const res = await api('POST', '/api/matrimony/profile', m, listingForm(gender));
      expect(res.statusCode, res.body).toBe(201);
      const ok = await api('POST', `/api/admin/matrimony/profiles/${m.user.id}/approve`, admin);
      expect(ok.statusCode, ok.body).toBe(200);
      return m;
    }

    it('requests, answers and matches name the other member only while matrimony shows them', async () => {
      const [man, woman] = [await lister('Male'), await lister('Female')];
      await api('POST', '/api/matrimony/shortlists', man, { profile: woman.user.id });
      const matched = await api('POST', '/api/matrimony/shortlists', woman, { profile: man.user.id });
      expect(matched.json().matched).toBe(true);
      expect(names((await ofKind(man, 'matrimony_match'))[0])).toEqual([woman.user.id]);
      expect(names((await ofKind(woman, 'matrimony_match'))[0])).toEqual([man.user.id]);

      const asked = await api('POST', '/api/matrimony/requests', man, { profile: woman.user.id });
      expect(asked.statusCode, asked.body).toBe(201);
      const [received] = await ofKind(woman, 'matrimony_request_received');
      expect(received).toMatchObject({
        subject: { type: 'member', id: man.user.id },
        url: '/matrimony?tab=requests',
      });
      expect(names(received)).toEqual([man.user.id]);
      const accepted = await api('POST', `/api/matrimony/requests/${man.user.id}/accept`, woman);
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(names((await ofKind(man, 'matrimony_request_accepted'))[0])).toEqual([woman.user.id]);

      // She hides her listing: his items stay but no longer say who.
      const hidden = await api('POST', '/api/matrimony/profile/status', woman, { status: 'inactive' });
      expect(hidden.statusCode, hidden.body).toBe(200);
      const body = (await api('GET', '/api/inbox', man)).body;
      expect(body).not.toContain(woman.user.id);
      expect(body).not.toContain(woman.user.name);
      const his = await items(man);
      expect(his.filter((i) => i.kind.startsWith('matrimony_'))).toHaveLength(2); // the match and the accepted request
      for (const item of his) expect(item.subject?.type === 'member' ? item.subject : null).toBeNull();
    });

    it('a declined request names who declined only while visible; a block hides them', async () => {
      const [man, woman] = [await lister('Male'), await lister('Female')];
      await api('POST', '/api/matrimony/shortlists', man, { profile: woman.user.id });
      await api('POST', '/api/matrimony/shortlists', woman, { profile: man.user.id });
      const asked = await api('POST', '/api/matrimony/requests', man, { profile: woman.user.id });
      expect(asked.statusCode, asked.body).toBe(201);
      const declined = await api('POST', `/api/matrimony/requests/${man.user.id}/decline`, woman);
      expect(declined.statusCode, declined.body).toBe(200);
      expect(names((await ofKind(man, 'matrimony_request_declined'))[0])).toEqual([woman.user.id]);
      const blocked = await api('POST', '/api/matrimony/blocks', woman, { profile: man.user.id });
      expect(blocked.statusCode, blocked.body).toBeLessThan(300);
      const [item] = await ofKind(man, 'matrimony_request_declined');
      expect(item).toMatchObject({ subject: null, actors: [] });
      expect((await api('GET', '/api/inbox', man)).body).not.toContain(woman.user.name);
    });
  });

  it('pages newest first with an opaque cursor; marking all read empties the count', async () => {
    const m = await createMember(ctx.app);
    const total = INBOX_PAGE_SIZE + 3;
    await ctx.app.events.transaction(async (tx) => {
      for (let i = 0; i < total; i += 1) {
        await ctx.app.events.publish(tx, 'event.reminder_due', { eventId: `gone${i}`, members: [m.user.id] });
      }
    });
    expect(await unread(m)).toBe(total);
    const first = await api('GET', '/api/inbox', m);
    const page1 = first.json();
    expect(page1.documents).toHaveLength(INBOX_PAGE_SIZE);
    expect(page1.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(page1.nextCursor).not.toContain(m.user.id);
    const page2 = (await api('GET', `/api/inbox?cursor=${page1.nextCursor}`, m)).json();
    expect(page2.documents).toHaveLength(3);
    expect(page2.nextCursor).toBeNull();
    const ids = [...page1.documents, ...page2.documents].map((i: InboxItemView) => i.id);
    expect(new Set(ids).size).toBe(total);
    const times = [...page1.documents, ...page2.documents].map((i: InboxItemView) => i.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    // Another member can neither read nor mark these.
    const other = await createMember(ctx.app);
    expectError(await api('POST', `/api/inbox/${ids[0]}/read`, other), 404, 'document_not_found');
    expect((await api('GET', '/api/inbox', other)).body).not.toContain(ids[0]);

    expect((await api('POST', `/api/inbox/${ids[0]}/read`, m)).statusCode).toBe(204);
    expect(await unread(m)).toBe(total - 1);
    expect((await api('POST', '/api/inbox/read', m)).statusCode).toBe(204);
    expect(await unread(m)).toBe(0);
    expect((await items(m)).every((i) => i.read)).toBe(true);
  });

  it('a kind kept out of the list adds nothing; the others still come', async () => {
    const author = await createMember(ctx.app);
    const postId = await approvedPost(author);
    const res = await api('PUT', '/api/inbox/settings', author, { post_liked: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().kinds).toMatchObject({ post_liked: false, post_commented: true, event_live: true });
    expect((await api('GET', '/api/inbox/settings', author)).json().kinds.post_liked).toBe(false);
    await like(await createMember(ctx.app), postId);
    await api('POST', `/api/posts/${postId}/comments`, admin, { comment: 'Nice' });
    expect(await ofKind(author, 'post_liked')).toHaveLength(0);
    expect(await ofKind(author, 'post_commented')).toHaveLength(1);
  });

  it('staff get one item per queue with the count that waits now; members get none', async () => {
    const m = await createMember(ctx.app);
    await sweepQueues(ctx.app);
    await api('POST', '/api/inbox/read', admin);
    for (const text of ['First post to review', 'Second post to review']) {
      expect((await api('POST', '/api/posts', m, { description: text })).statusCode).toBe(201);
    }
    const heard: unknown[] = [];
    const stop = ctx.app.realtime.subscribe(`member.${admin.user.id.toLowerCase()}`, (message) => {
      heard.push(message.id);
    });
    expect(await sweepQueues(ctx.app)).toContain('posts');
    await waitFor(() => heard.includes(INBOX_REALTIME_ID), 'the staff item announced on the Admin’s channel');
    stop();
    expect(await sweepQueues(ctx.app)).not.toContain('posts'); // nothing new since
    const [queue] = (await ofKind(admin, 'staff_queue')).filter((i) => i.subject?.id === 'posts');
    const waiting = (await api('GET', '/api/admin/summary', admin)).json().posts;
    expect(queue).toMatchObject({ read: false, count: waiting, url: '/admin/posts' });
    expect((await ofKind(admin, 'staff_queue')).filter((i) => i.subject?.id === 'posts')).toHaveLength(1);
    expect(await ofKind(m, 'staff_queue')).toEqual([]);

    // No longer Admin: the item stays but tells nothing of the queue.
    const former = await createAdmin(ctx.app);
    await ctx.app.db.insert(inboxItem).values({
      member: former.user.id,
      kind: 'staff_queue',
      subject: 'posts',
      groupKey: 'staff_queue:posts',
    });
    await ctx.app.db.update(user).set({ labels: [] }).where(eq(user.id, former.user.id));
    await realtimeSettled(ctx.app);
    const [kept] = await ofKind(former, 'staff_queue');
    expect(kept).toMatchObject({ subject: null, count: null, url: null });
  });

  it('keeps items 90 days, by the jobs seam', async () => {
    const m = await createMember(ctx.app);
    await ctx.app.events.transaction((tx) =>
      ctx.app.events.publish(tx, 'event.reminder_due', { eventId: 'old1', members: [m.user.id] }),
    );
    await ctx.app.events.transaction((tx) =>
      ctx.app.events.publish(tx, 'event.reminder_due', { eventId: 'recent1', members: [m.user.id] }),
    );
    const age = (subject: string, days: number) =>
      ctx.app.db
        .update(inboxItem)
        .set({ lastAt: sql`now() - make_interval(days => ${days})` })
        .where(and(eq(inboxItem.member, m.user.id), eq(inboxItem.subject, subject)));
    await age('old1', 91);
    await age('recent1', 89);
    await ctx.app.jobs.send('inbox.prune', {});
    await waitFor(async () => (await items(m)).length === 1, 'the 90-day sweep');
    const rows = await ctx.app.db.select().from(inboxItem).where(eq(inboxItem.member, m.user.id));
    expect(rows.map((r) => r.subject)).toEqual(['recent1']);
  });

  it('the member’s export holds their items; deleting the account deletes them and their name in others’', async () => {
    const author = await createMember(ctx.app);
    const fan = await createMember(ctx.app);
    const postId = await approvedPost(author);
    await like(fan, postId);
    await ctx.app.events.transaction((tx) =>
      ctx.app.events.publish(tx, 'event.reminder_due', { eventId: 'exported1', members: [fan.user.id] }),
    );
    const exported = await api('GET', '/api/account/export', fan);
    expect(exported.statusCode).toBe(200);
    expect(exported.json().inbox).toEqual([
      expect.objectContaining({ kind: 'event_reminder', subject: 'exported1' }),
    ]);
    expect(exported.json().inboxSettings).toMatchObject({ post_liked: true });
    const authorsExport = (await api('GET', '/api/account/export', author)).body;
    expect(authorsExport).toContain('post_liked');
    expect(authorsExport).not.toContain(fan.user.id);

    const deleted = await api('DELETE', '/api/account', fan, { password: fan.password });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await ctx.app.db.select().from(inboxItem).where(eq(inboxItem.member, fan.user.id))).toEqual([]);
    const [left] = await ctx.app.db.select().from(inboxItem).where(eq(inboxItem.member, author.user.id));
    expect(left).toBeDefined();
    const stored = await ctx.app.db.select({ actors: inboxItem.actors }).from(inboxItem);
    expect(stored.flatMap((r) => r.actors)).not.toContain(fan.user.id);
  });
});

// Two server processes on one PostgreSQL, as behind a load balancer.
describe.skipIf(!TEST_DATABASE_URL)('inbox across two server processes [postgres]', () => {
  it('a like through one process reaches the author’s channel in the other; of two sweeps one tells', async () => {
    await withTwoApps(async (a, b) => {
      const [author, fan] = await createMembers(a, 2);
      const admin = await createAdmin(a);
      const posted = await call(a, 'POST', '/api/posts', author, { description: 'Across processes' });
      const postId = posted.json().id as string;
      await call(a, 'POST', `/api/admin/posts/${postId}/decision`, admin, { status: 'approved' });
      const heard: unknown[] = [];
      const stop = b.realtime.subscribe(`member.${author.user.id.toLowerCase()}`, (m) => {
        heard.push(m.id);
      });
      try {
        await realtimeSettled(b);
        expect((await call(a, 'POST', `/api/posts/${postId}/like`, fan)).statusCode).toBe(200);
        await waitFor(() => heard.includes(INBOX_REALTIME_ID), 'the change heard in the other process');
        expect((await call(b, 'GET', '/api/inbox/unread', author)).json().unread).toBe(2);
      } finally {
        stop();
      }

      // Both processes sweep at once: the queue that grew is told by exactly one of them.
      expect((await call(a, 'POST', '/api/posts', fan, { description: 'Waiting' })).statusCode).toBe(201);
      const [fromA, fromB] = await Promise.all([sweepQueues(a), sweepQueues(b)]);
      expect([...fromA, ...fromB].filter((queue) => queue === 'posts')).toEqual(['posts']);
      const items = (await call(b, 'GET', '/api/inbox', admin)).json().documents as InboxItemView[];
      expect(items.filter((i) => i.kind === 'staff_queue' && i.subject?.id === 'posts')).toHaveLength(1);
    });
  }, 120_000);
});
