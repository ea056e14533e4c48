// Events: the authorization matrix (visitor, member, Publisher own/other, Admin, host), the form's
// checks, Request Streaming once per member with the count for host and staff only, and the live
// flag reaching a realtime subscriber.
import type { EventView } from '@samaj/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectVisitorRefused } from '../../../test/api.ts';
import * as images from '../../../test/fixtures/images.ts';
import { describeEachDatabase } from '../../../test/harness.ts';
import { createAdmin, createMembers, grantLabel, type TestMember } from '../../../test/members.ts';
import { event, file } from '../../db/schema/index.ts';
import type { RealtimeMessage } from '../../platform/realtime/index.ts';
import { mayBroadcast, mayManage, maySeeStreamRequests } from './policy.ts';

function call(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  who: TestMember | null,
  payload?: unknown,
) {
  const options: InjectOptions = { method, url, headers: who ? { cookie: who.cookie } : {} };
  if (payload !== undefined) options.payload = payload as InjectOptions['payload'];
  return app.inject(options);
}

const form = (over: Record<string, unknown> = {}) => ({
  name: 'Navratri garba',
  description: 'At the community hall',
  time: '2026-12-01T18:30:00.000Z',
  location: 'Bhuj',
  liveStream: true,
  ...over,
});

describe('event policy', () => {
  const ev = { host: 'hostess', createdBy: 'pub_one' };
  it('Admins manage all events, Publishers their own, members none', () => {
    expect(mayManage({ id: 'x', labels: ['Admin'] }, ev)).toBe(true);
    expect(mayManage({ id: 'pub_one', labels: ['Publisher'] }, ev)).toBe(true);
    expect(mayManage({ id: 'pub_two', labels: ['Publisher'] }, ev)).toBe(false);
    expect(mayManage({ id: 'pub_one', labels: [] }, ev)).toBe(false);
    expect(mayManage({ id: 'hostess', labels: [] }, { host: 'hostess', createdBy: null })).toBe(false);
  });
  it('only the host or an Admin broadcasts; the host and managers see the request count', () => {
    expect(mayBroadcast({ id: 'hostess', labels: [] }, ev)).toBe(true);
    expect(mayBroadcast({ id: 'x', labels: ['Admin'] }, ev)).toBe(true);
    expect(mayBroadcast({ id: 'pub_one', labels: ['Publisher'] }, ev)).toBe(false);
    expect(maySeeStreamRequests({ id: 'hostess', labels: [] }, ev)).toBe(true);
    expect(maySeeStreamRequests({ id: 'pub_one', labels: ['Publisher'] }, ev)).toBe(true);
    expect(maySeeStreamRequests({ id: 'someone', labels: ['Verified'] }, ev)).toBe(false);
  });
});

describeEachDatabase('events', (ctx) => {
  let admin: TestMember;
  let publisher: TestMember;
  let otherPublisher: TestMember;
  let host: TestMember;
  let member: TestMember;

  beforeAll(async () => {
    admin = await createAdmin(ctx.app);
    [publisher, otherPublisher, host, member] = await createMembers(ctx.app, 4);
    await grantLabel(ctx.app, publisher.user.id, 'Publisher');
    await grantLabel(ctx.app, otherPublisher.user.id, 'Publisher');
  }, 90_000);

  const upload = async (who: TestMember) => {
    const { payload, headers } = images.multipart([
      { filename: 'thumb.png', contentType: 'image/png', data: await images.png(320, 200) },
    ]);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/events/images',
      payload,
      headers: { ...headers, cookie: who.cookie },
    });
  };

  async function create(who: TestMember, over: Record<string, unknown> = {}): Promise<EventView> {
    const res = await call(ctx.app, 'POST', '/api/events', who, form({ host: host.user.id, ...over }));
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  it('visitors read nothing: 401 on every event route, with no event data in the answer', async () => {
    const ev = await create(publisher);
    await expectVisitorRefused(
      ctx.app,
      [
        ['GET', '/api/events'],
        ['GET', `/api/events/${ev.id}`],
        ['POST', '/api/events', form()],
        ['PUT', `/api/events/${ev.id}`, form()],
        ['DELETE', `/api/events/${ev.id}`],
        ['PUT', `/api/events/${ev.id}/live`, { live: true }],
        ['POST', `/api/events/${ev.id}/stream-requests`],
      ],
      [ev.name, host.user.id],
    );
    const [row] = await ctx.app.db.select().from(event).where(eq(event.id, ev.id));
    expect(row.live).toBe(false);
  });

  it('members without Admin or Publisher cannot create, edit, delete or upload', async () => {
    const ev = await create(publisher);
    expect((await call(ctx.app, 'POST', '/api/events', member, form())).statusCode).toBe(403);
    expect((await call(ctx.app, 'PUT', `/api/events/${ev.id}`, host, form())).statusCode).toBe(403);
    expect((await call(ctx.app, 'DELETE', `/api/events/${ev.id}`, member)).statusCode).toBe(403);
    expect((await upload(member)).statusCode).toBe(403);
  });

  it('a Publisher manages only their own events; an Admin manages all', async () => {
    const mine = await create(publisher);
    expect(mine.canManage).toBe(true);
    expect(mine.host).toBe(host.user.id);

    const theirs = await call(ctx.app, 'GET', `/api/events/${mine.id}`, otherPublisher);
    expect(theirs.json().canManage).toBe(false);
    const edit = await call(
      ctx.app,
      'PUT',
      `/api/events/${mine.id}`,
      otherPublisher,
      form({ name: 'Hijacked' }),
    );
    expect(edit.statusCode).toBe(403);
    expect(edit.json().type).toBe('user_forbidden');
    expect((await call(ctx.app, 'DELETE', `/api/events/${mine.id}`, otherPublisher)).statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', `/api/events/${mine.id}`, member)).json().name).toBe('Navratri garba');

    const own = await call(
      ctx.app,
      'PUT',
      `/api/events/${mine.id}`,
      publisher,
      form({ name: 'Sharad Purnima' }),
    );
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().name).toBe('Sharad Purnima');
    expect(own.json().host).toBe(host.user.id); // host kept when the form leaves it out

    const byAdmin = await call(
      ctx.app,
      'PUT',
      `/api/events/${mine.id}`,
      admin,
      form({ name: 'Diwali', host: member.user.id }),
    );
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toMatchObject({ name: 'Diwali', host: member.user.id, canManage: true });

    expect((await call(ctx.app, 'DELETE', `/api/events/${mine.id}`, admin)).statusCode).toBe(204);
    expect((await call(ctx.app, 'GET', `/api/events/${mine.id}`, member)).statusCode).toBe(404);
    const gone = await call(ctx.app, 'DELETE', `/api/events/${mine.id}`, publisher);
    expect(gone.statusCode).toBe(404);
  });

  it('checks the form: name required, a real time, a known host, images uploaded for events', async () => {
    const bad = async (body: unknown, field: string) => {
      const res = await call(ctx.app, 'POST', '/api/events', publisher, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().field).toBe(field);
    };
    await bad(form({ name: '  ' }), 'name');
    await bad({ ...form(), name: undefined }, 'name');
    await bad(form({ time: 'tomorrow' }), 'time');
    await bad(form({ time: '2026-02-30T10:00:00Z' }), 'time');
    await bad(form({ host: 'nobody_here_at_all' }), 'host');
    await bad(form({ thumbnail: '0123456789abcdef0123' }), 'thumbnail');
    await bad(form({ liveStream: 'yes' }), 'liveStream');

    // Someone else's upload cannot be borrowed by a Publisher.
    const others = await upload(otherPublisher);
    expect(others.statusCode).toBe(201);
    await bad(form({ file: others.json().id }), 'file');

    const mine = await upload(publisher);
    expect(mine.statusCode, mine.body).toBe(201);
    const ev = await create(publisher, { thumbnail: mine.json().id, host: '' });
    expect(ev.thumbnail).toBe(mine.json().id);
    expect(ev.host).toBe(publisher.user.id); // empty host: the creator hosts
    const [stored] = await ctx.app.db.select().from(file).where(eq(file.id, mine.json().id));
    expect(stored.kind).toBe('event');

    // Replacing the thumbnail deletes the old image once nothing shows it.
    const next = await upload(publisher);
    const edited = await call(
      ctx.app,
      'PUT',
      `/api/events/${ev.id}`,
      publisher,
      form({ thumbnail: next.json().id }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await ctx.app.db.select().from(file).where(eq(file.id, mine.json().id))).toEqual([]);
    const noThumb = await call(ctx.app, 'GET', `/api/events/${ev.id}`, member);
    expect(noThumb.json().thumbnail).toBe(next.json().id);
  });

  it('only the host or an Admin sets live; it is published as event.live and reaches the event channel', async () => {
    const ev = await create(publisher);
    const heard: RealtimeMessage[] = [];
    const stop = ctx.app.realtime.subscribe(`event.${ev.id}`, (m) => {
      heard.push(m);
    });
    try {
      for (const who of [member, publisher, otherPublisher]) {
        const res = await call(ctx.app, 'PUT', `/api/events/${ev.id}/live`, who, { live: true });
        expect(res.statusCode).toBe(403);
        expect(res.json().type).toBe('user_forbidden');
      }
      expect((await call(ctx.app, 'GET', `/api/events/${ev.id}`, member)).json().live).toBe(false);

      const start = await call(ctx.app, 'PUT', `/api/events/${ev.id}/live`, host, { live: true });
      expect(start.statusCode, start.body).toBe(200);
      expect(start.json().live).toBe(true);
      expect((await call(ctx.app, 'GET', `/api/events/${ev.id}`, member)).json().live).toBe(true);
      await expect.poll(() => heard.length).toBe(1);
      expect(heard[0]).toEqual({ id: ev.id });

      const end = await call(ctx.app, 'PUT', `/api/events/${ev.id}/live`, admin, { live: false });
      expect(end.json().live).toBe(false);
      await expect.poll(() => heard.length).toBe(2);

      const bad = await call(ctx.app, 'PUT', `/api/events/${ev.id}/live`, host, { live: 'on' });
      expect(bad.statusCode).toBe(400);
      expect(
        (await call(ctx.app, 'PUT', '/api/events/nosuchevent/live', host, { live: true })).statusCode,
      ).toBe(404);
    } finally {
      stop();
    }
  });

  it('a stream that ended says so: liveEndedAt is null until END or a lapsed host, then stays while not live', async () => {
    const ev = await create(publisher);
    const seen = async () => (await call(ctx.app, 'GET', `/api/events/${ev.id}`, member)).json() as EventView;
    expect(ev.liveEndedAt).toBeNull();
    expect((await call(ctx.app, 'PUT', `/api/events/${ev.id}/live`, host, { live: true })).statusCode).toBe(
      200,
    );
    expect(await seen()).toMatchObject({ live: true, liveEndedAt: null });

    const before = Date.now();
    const end = await call(ctx.app, 'PUT', `/api/events/${ev.id}/live`, host, { live: false });
    expect(end.statusCode, end.body).toBe(200);
    const ended = await seen();
    expect(ended.live).toBe(false);
    expect(Date.parse(ended.liveEndedAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    // A member opening it later reads the same in the list.
    const list = await call(ctx.app, 'GET', '/api/events', member);
    expect(list.json().documents.find((e: EventView) => e.id === ev.id).liveEndedAt).toBe(ended.liveEndedAt);
    // END again changes nothing; editing the event keeps it.
    await call(ctx.app, 'PUT', `/api/events/${ev.id}/live`, host, { live: false });
    await call(ctx.app, 'PUT', `/api/events/${ev.id}`, publisher, form({ name: 'Edited after' }));
    expect((await seen()).liveEndedAt).toBe(ended.liveEndedAt);
  });

  it('Request Streaming counts once per member; only the host and managers see the count', async () => {
    const ev = await create(publisher, { liveStream: false });
    for (const who of [member, member, otherPublisher]) {
      const res = await call(ctx.app, 'POST', `/api/events/${ev.id}/stream-requests`, who);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ requestedStreaming: true, streamRequests: null });
    }
    const seen = async (who: TestMember) => (await call(ctx.app, 'GET', `/api/events/${ev.id}`, who)).json();
    expect(await seen(member)).toMatchObject({ requestedStreaming: true, streamRequests: null });
    expect(await seen(host)).toMatchObject({ requestedStreaming: false, streamRequests: 2 });
    expect(await seen(publisher)).toMatchObject({ streamRequests: 2 });
    expect(await seen(admin)).toMatchObject({ streamRequests: 2 });
    const list = await call(ctx.app, 'GET', '/api/events', member);
    const inList = list.json().documents.find((e: EventView) => e.id === ev.id);
    expect(inList).toMatchObject({ requestedStreaming: true, streamRequests: null });
    const hostList = await call(ctx.app, 'GET', '/api/events', host);
    expect(hostList.json().documents.find((e: EventView) => e.id === ev.id).streamRequests).toBe(2);
    expect((await call(ctx.app, 'POST', '/api/events/nosuchevent/stream-requests', member)).statusCode).toBe(
      404,
    );
  });
});
