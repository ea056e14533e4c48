// The /realtime socket against a listening app: session cookie and Origin on the upgrade, channel
// subscriptions (an event's document, the member's own channel), ids-only change messages, bad
// input closing only its own socket, connections per member limited; and across two app
// processes on one PostgreSQL: a live change made through A reaches a socket on B.
import { REALTIME_CLOSE, REALTIME_MAX_MESSAGE_BYTES, uniqueId } from '@samaj/core';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, TEST_DATABASE_URL, withTwoApps } from '../../../test/harness.ts';
import { createMember, createMembers, type TestMember } from '../../../test/members.ts';
import { listening, opened, openSocket } from '../../../test/sockets.ts';
import { event } from '../../db/schema/index.ts';
import { REALTIME_MAX_OPEN_PER_MEMBER } from './socket.ts';

async function newEvent(app: FastifyInstance, host: string): Promise<string> {
  const id = uniqueId();
  await app.db.insert(event).values({ id, name: 'Garba night', time: new Date(), host, liveStream: true });
  return id;
}

const setLive = (app: FastifyInstance, id: string, who: TestMember, live: boolean) =>
  app.inject({
    method: 'PUT',
    url: `/api/events/${id}/live`,
    headers: { cookie: who.cookie },
    payload: { live },
  });

describeEachDatabase('/realtime socket', (ctx) => {
  let origin: string;
  let host: TestMember;
  let viewer: TestMember;

  beforeAll(async () => {
    [host, viewer] = await createMembers(ctx.app, 2);
    origin = await listening(ctx.app);
  }, 90_000);

  it('closes with 1008 (stop reconnecting) without a session; refuses another site before opening', async () => {
    const visitor = openSocket(origin, '/realtime');
    expect(await visitor.closed).toEqual({
      code: REALTIME_CLOSE.POLICY,
      reason: 'Sign in to receive live updates.',
    });
    expect(visitor.messages).toEqual([]);

    const forged = openSocket(origin, '/realtime', `${viewer.cookie.split('=')[0]}=forged.value`);
    expect((await forged.closed).code).toBe(REALTIME_CLOSE.POLICY);

    const foreign = openSocket(origin, '/realtime', viewer.cookie, { origin: 'https://evil.example' });
    expect(await foreign.closed).toEqual({ code: 403, reason: 'http' });
  });

  it("delivers an event's live changes as ids to its subscribers; a member's channel is theirs alone", async () => {
    const id = await newEvent(ctx.app, host.user.id);
    const socket = openSocket(origin, '/realtime', viewer.cookie);
    expect(await socket.next((m) => m.type === 'connected')).toEqual({
      type: 'connected',
      member: viewer.user.id,
    });
    socket.ws.send(
      JSON.stringify({
        type: 'subscribe',
        channels: [`event.${id}`, `member.${viewer.user.id}`, `member.${host.user.id}`],
      }),
    );
    expect(await socket.next((m) => m.type === 'error')).toMatchObject({
      code: 'channel_forbidden',
      channels: [`member.${host.user.id}`],
    });
    expect(await socket.next((m) => m.type === 'subscribed')).toEqual({
      type: 'subscribed',
      channels: [`event.${id}`, `member.${viewer.user.id}`],
    });

    expect((await setLive(ctx.app, id, host, true)).statusCode).toBe(200);
    const change = await socket.next((m) => m.type === 'change');
    // Ids only: no name, no live flag, nothing a refetch would not show.
    expect(change).toEqual({ type: 'change', channel: `event.${id}`, id });

    socket.ws.send(JSON.stringify({ type: 'unsubscribe', channels: [`event.${id}`] }));
    await socket.next((m) => m.type === 'subscribed' && (m.channels as string[]).length === 1);
    await setLive(ctx.app, id, host, false);
    socket.ws.send(JSON.stringify({ type: 'ping' }));
    await socket.next((m) => m.type === 'pong');
    expect(socket.messages.filter((m) => m.type === 'change')).toHaveLength(1);
    socket.ws.close();
  });

  it('a malformed, binary or oversize message closes only that socket, with its code', async () => {
    const id = await newEvent(ctx.app, host.user.id);
    const bystander = openSocket(origin, '/realtime', viewer.cookie);
    await bystander.next((m) => m.type === 'connected');
    bystander.ws.send(JSON.stringify({ type: 'subscribe', channels: [`event.${id}`] }));
    await bystander.next((m) => m.type === 'subscribed');

    const cases: Array<[string | Buffer, number]> = [
      ['not json', REALTIME_CLOSE.MALFORMED],
      [JSON.stringify({ type: 'subscribe', channels: ['posts'] }), REALTIME_CLOSE.MALFORMED],
      [JSON.stringify({ type: 'subscribe', channels: [`event.${id}`], extra: 1 }), REALTIME_CLOSE.MALFORMED],
      [JSON.stringify({ type: 'shout' }), REALTIME_CLOSE.MALFORMED],
      [Buffer.from([1, 2, 3]), REALTIME_CLOSE.UNSUPPORTED],
      [JSON.stringify({ type: 'ping', pad: 'x'.repeat(REALTIME_MAX_MESSAGE_BYTES) }), REALTIME_CLOSE.TOO_BIG],
    ];
    for (const [payload, code] of cases) {
      const bad = openSocket(origin, '/realtime', viewer.cookie);
      await opened(bad);
      bad.ws.send(payload);
      expect((await bad.closed).code, String(payload).slice(0, 60)).toBe(code);
    }

    await setLive(ctx.app, id, host, true);
    expect(await bystander.next((m) => m.type === 'change')).toEqual({
      type: 'change',
      channel: `event.${id}`,
      id,
    });
    bystander.ws.close();
  });

  it(`keeps at most ${REALTIME_MAX_OPEN_PER_MEMBER} sockets per member open; the next is told to try later`, async () => {
    const member = await createMember(ctx.app);
    const sockets = Array.from({ length: REALTIME_MAX_OPEN_PER_MEMBER }, () =>
      openSocket(origin, '/realtime', member.cookie),
    );
    await Promise.all(sockets.map((s) => s.next((m) => m.type === 'connected')));
    const extra = openSocket(origin, '/realtime', member.cookie);
    expect((await extra.closed).code).toBe(REALTIME_CLOSE.TRY_LATER);
    // Someone else is not affected.
    const other = openSocket(origin, '/realtime', viewer.cookie);
    await other.next((m) => m.type === 'connected');
    // A closed socket frees its place.
    sockets[0].ws.close();
    await sockets[0].closed;
    const again = openSocket(origin, '/realtime', member.cookie);
    await again.next((m) => m.type === 'connected');
    for (const s of [...sockets, other, again]) s.ws.close();
  });
});

describe.skipIf(!TEST_DATABASE_URL)('/realtime across two server processes [postgres]', () => {
  it('a live change made through A reaches a realtime socket on B', async () => {
    await withTwoApps(async (a, b) => {
      const host = await createMember(a);
      const viewer = await createMember(a); // one database: B knows the session too
      const id = await newEvent(a, host.user.id);

      const socket = openSocket(await listening(b), '/realtime', viewer.cookie);
      await socket.next((m) => m.type === 'connected');
      socket.ws.send(JSON.stringify({ type: 'subscribe', channels: [`event.${id}`] }));
      await socket.next((m) => m.type === 'subscribed');

      expect((await setLive(a, id, host, true)).statusCode).toBe(200);
      expect(await socket.next((m) => m.type === 'change')).toEqual({
        type: 'change',
        channel: `event.${id}`,
        id,
      });
      const fromB = await b.inject({
        method: 'GET',
        url: `/api/events/${id}`,
        headers: { cookie: viewer.cookie },
      });
      expect(fromB.json().live).toBe(true);
      socket.ws.close();
    });
  });
});
