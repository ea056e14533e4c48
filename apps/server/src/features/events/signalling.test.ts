// PeerJS signalling under /peerjs: who may take the host's peer id (the event's host or an Admin,
// signed in), viewers kept to their event, bad input closing only its socket, and live cleared
// when the host's signalling socket goes away (and kept when it is back within the grace period).
import {
  LIVE_HOST_GRACE_MS,
  PEER_ALIVE_TIMEOUT_MS,
  PEER_MAX_MESSAGE_BYTES,
  REALTIME_CLOSE,
  uniqueId,
  viewerPeerId,
} from '@samaj/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, TEST_DATABASE_URL, testConfig, withTwoApps } from '../../../test/harness.ts';
import { createAdmin, createMember, createMembers, type TestMember } from '../../../test/members.ts';
import { listening, openSocket, type TestSocket } from '../../../test/sockets.ts';
import { buildApp } from '../../app.ts';
import { event } from '../../db/schema/index.ts';
import type { RealtimeMessage } from '../../platform/realtime/index.ts';
import {
  MSG_PEER_FLOOD,
  MSG_PEER_ID_TAKEN,
  MSG_PEER_NO_EVENT,
  MSG_PEER_NOT_HOST,
  MSG_PEER_SIGN_IN,
  MSG_PEER_TOO_MANY,
  MSG_PEER_WATCHING,
  PEER_MAX_OPEN_PER_MEMBER,
  PEER_MESSAGE_BURST,
} from './peer-rules.ts';

async function newEvent(app: FastifyInstance, host: string): Promise<string> {
  const id = uniqueId();
  await app.db.insert(event).values({ id, name: 'Garba night', time: new Date(), host, liveStream: true });
  return id;
}

describeEachDatabase('/peerjs signalling', (ctx) => {
  let origin: string;
  let host: TestMember;
  let viewer: TestMember;
  let other: TestMember;
  let admin: TestMember;

  beforeAll(async () => {
    [host, viewer, other] = await createMembers(ctx.app, 3);
    admin = await createAdmin(ctx.app);
    origin = await listening(ctx.app);
  }, 90_000);

  const peer = (id: string, who: TestMember | null, token = 'token1'): TestSocket =>
    openSocket(origin, `/peerjs/peerjs?key=peerjs&id=${encodeURIComponent(id)}&token=${token}`, who?.cookie);
  const isOpen = (m: Record<string, unknown>) => m.type === 'OPEN';
  const live = async (id: string) => (await ctx.app.db.select().from(event).where(eq(event.id, id)))[0].live;
  const setLive = (id: string, who: TestMember, value: boolean) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/events/${id}/live`,
      headers: { cookie: who.cookie },
      payload: { live: value },
    });

  it("only the event's host or an Admin, signed in, may take the event id; everyone else is refused", async () => {
    const id = await newEvent(ctx.app, host.user.id);
    for (const [who, msg] of [
      [null, MSG_PEER_SIGN_IN],
      [other, MSG_PEER_NOT_HOST],
      [viewer, MSG_PEER_NOT_HOST],
    ] as const) {
      const claim = peer(id, who);
      expect(await claim.next((m) => m.type === 'ERROR')).toEqual({ type: 'ERROR', payload: { msg } });
      expect((await claim.closed).code).toBe(REALTIME_CLOSE.POLICY);
      expect(claim.messages.some(isOpen)).toBe(false);
    }
    const missing = peer(uniqueId(), host);
    expect(await missing.next((m) => m.type === 'ERROR')).toEqual({
      type: 'ERROR',
      payload: { msg: MSG_PEER_NO_EVENT },
    });

    const byAdmin = peer(id, admin);
    await byAdmin.next(isOpen);
    byAdmin.ws.close();
    await byAdmin.closed;

    const byHost = peer(id, host);
    await byHost.next(isOpen);
    // While the host holds it, a second claim with another token is told the id is taken.
    const second = peer(id, admin, 'token2');
    expect(await second.next((m) => m.type === 'ID-TAKEN')).toMatchObject({ type: 'ID-TAKEN' });
    byHost.ws.close();
    await byHost.closed;
  });

  it('refuses an upgrade whose query repeats a parameter or carries one not checked: the host id stays the host’s', async () => {
    const id = await newEvent(ctx.app, host.user.id);
    const mine = viewerPeerId(id);
    const refused = [
      // `peer` registers the last `id`, admission must not read another one.
      `key=peerjs&id=${mine}&id=${id}&token=t1`,
      `key=peerjs&id=${id}&id=${mine}&token=t1`,
      `key=peerjs&id=${mine}&token=t1&i%64=${id}`,
      `key=peerjs&id=${mine}&token=t1&token=t2`,
      `key=peerjs&key=other&id=${mine}&token=t1`,
      `key=peerjs&id=${mine}&token=t1&version=1&version=2`,
      `key=peerjs&id=${mine}&token=t1&extra=1`,
      `key=peerjs&id=${mine}`,
      `key=other&id=${mine}&token=t1`,
    ];
    for (const query of refused) {
      const attempt = openSocket(origin, `/peerjs/peerjs?${query}`, viewer.cookie);
      expect(await attempt.closed, query).toEqual({ code: 400, reason: 'http' });
    }
    // The host still takes its id, with the query the peerjs client sends.
    const byHost = openSocket(
      origin,
      `/peerjs/peerjs?key=peerjs&id=${id}&token=t9&version=1.5.5`,
      host.cookie,
    );
    await byHost.next(isOpen);
    byHost.ws.close();
    await byHost.closed;
  });

  it('a viewer signals only its event host; malformed or oversize messages close that socket alone', async () => {
    const id = await newEvent(ctx.app, host.user.id);
    const elsewhere = await newEvent(ctx.app, other.user.id);
    const hostSocket = peer(id, host);
    await hostSocket.next(isOpen);

    const viewerId = viewerPeerId(id);
    const watching = peer(viewerId, viewer);
    await watching.next(isOpen);
    watching.ws.send(
      JSON.stringify({ type: 'OFFER', dst: id, payload: { sdp: 'v=0', type: 'data', connectionId: 'dc_1' } }),
    );
    expect(await hostSocket.next((m) => m.type === 'OFFER')).toMatchObject({ src: viewerId, dst: id });

    // The host answers its viewer.
    hostSocket.ws.send(JSON.stringify({ type: 'ANSWER', dst: viewerId, payload: { sdp: 'v=0' } }));
    expect(await watching.next((m) => m.type === 'ANSWER')).toMatchObject({ src: id });

    const bad: Array<[() => TestSocket, string | Buffer, number]> = [
      [() => peer(viewerPeerId(id), other), 'not json', REALTIME_CLOSE.MALFORMED],
      [
        () => peer(viewerPeerId(id), other),
        JSON.stringify({ type: 'SHOUT', dst: id }),
        REALTIME_CLOSE.MALFORMED,
      ],
      [() => peer(viewerPeerId(id), other), JSON.stringify({ type: 'OFFER' }), REALTIME_CLOSE.MALFORMED],
      // An offer without its connection id would be yet another connection at the host.
      [
        () => peer(viewerPeerId(id), other),
        JSON.stringify({ type: 'OFFER', dst: id, payload: { sdp: 'v=0', type: 'data' } }),
        REALTIME_CLOSE.MALFORMED,
      ],
      [() => peer(viewerPeerId(id), other), Buffer.from([1, 2]), REALTIME_CLOSE.UNSUPPORTED],
      [
        () => peer(viewerPeerId(id), other),
        JSON.stringify({ type: 'OFFER', dst: elsewhere }),
        REALTIME_CLOSE.POLICY,
      ],
      [
        () => peer(viewerPeerId(id), other),
        JSON.stringify({ type: 'OFFER', dst: viewerId }),
        REALTIME_CLOSE.POLICY,
      ],
      [
        () => peer(viewerPeerId(id), other),
        JSON.stringify({ type: 'CANDIDATE', dst: id, payload: 'x'.repeat(PEER_MAX_MESSAGE_BYTES) }),
        REALTIME_CLOSE.TOO_BIG,
      ],
    ];
    for (const [open, payload, code] of bad) {
      const socket = open();
      await socket.next(isOpen);
      socket.ws.send(payload);
      expect((await socket.closed).code, String(payload).slice(0, 50)).toBe(code);
    }
    // Nothing reached the host but the first offer, and the others still talk.
    expect(hostSocket.messages.filter((m) => m.type === 'OFFER')).toHaveLength(1);
    watching.ws.send(JSON.stringify({ type: 'CANDIDATE', dst: id, payload: { candidate: 'c' } }));
    await hostSocket.next((m) => m.type === 'CANDIDATE');
    expect(hostSocket.ws.readyState).toBe(hostSocket.ws.OPEN);
    hostSocket.ws.close();
    watching.ws.close();
  });

  it('one viewer socket per member and event: a second is refused while the first is open; its host hears when a viewer goes', async () => {
    const id = await newEvent(ctx.app, host.user.id);
    const elsewhere = await newEvent(ctx.app, other.user.id);
    const hostSocket = peer(id, host);
    await hostSocket.next(isOpen);
    const firstId = viewerPeerId(id);
    const first = peer(firstId, viewer);
    await first.next(isOpen);

    const second = peer(viewerPeerId(id), viewer);
    expect(await second.next((m) => m.type === 'ERROR')).toEqual({
      type: 'ERROR',
      payload: { msg: MSG_PEER_WATCHING },
    });
    expect((await second.closed).code).toBe(REALTIME_CLOSE.TRY_LATER);
    expect(second.messages.some(isOpen)).toBe(false);
    // Another event, and another member, are not affected.
    const there = peer(viewerPeerId(elsewhere), viewer);
    await there.next(isOpen);
    const someoneElse = peer(viewerPeerId(id), other);
    await someoneElse.next(isOpen);

    // The first tab closes: its host is told at once (its place is free), and the next tab may watch.
    first.ws.close();
    expect(await hostSocket.next((m) => m.type === 'LEAVE' && m.src === firstId)).toMatchObject({ dst: id });
    const nextId = viewerPeerId(id);
    const next = peer(nextId, viewer);
    await next.next(isOpen);

    // A socket whose network went (it no longer answers pings) gives way to the member's reconnect.
    next.ws.pause();
    const back = peer(viewerPeerId(id), viewer);
    await back.next(isOpen);
    expect(await hostSocket.next((m) => m.type === 'LEAVE' && m.src === nextId)).toMatchObject({ dst: id });
    for (const s of [hostSocket, there, someoneElse, next, back]) s.ws.terminate();
  });

  it('one connection per viewer socket: an offer under a new connection id replaces the earlier one at the host', async () => {
    const id = await newEvent(ctx.app, host.user.id);
    const hostSocket = peer(id, host);
    await hostSocket.next(isOpen);
    const viewerId = viewerPeerId(id);
    const watching = peer(viewerId, viewer);
    await watching.next(isOpen);
    const send = (type: string, connectionId: string, extra: Record<string, unknown> = {}) =>
      watching.ws.send(JSON.stringify({ type, dst: id, payload: { connectionId, ...extra } }));
    const fromViewer = () =>
      hostSocket.messages
        .filter((m) => m.src === viewerId)
        .map((m) =>
          `${m.type} ${(m.payload as { connectionId?: string } | undefined)?.connectionId ?? ''}`.trim(),
        );

    // A join: the data connection's offer and candidates, the answer to the host's call.
    send('OFFER', 'dc_a', { sdp: 'v=0', type: 'data' });
    send('CANDIDATE', 'dc_a', { candidate: 'c1' });
    send('ANSWER', 'mc_h1', { sdp: 'v=0' });
    // The same offer again (a browser renegotiating) is still that connection.
    send('OFFER', 'dc_a', { sdp: 'v=0', type: 'data' });
    // Ten more connections from the one socket (what a script would do to fill the host's places):
    // each replaces the one before, the host told LEAVE first; late candidates of replaced ones are dropped.
    for (let n = 0; n < 10; n++) {
      send('OFFER', `dc_${n}`, { sdp: 'v=0', type: 'data' });
      send('CANDIDATE', n === 0 ? 'dc_a' : `dc_${n - 1}`, { candidate: 'late' });
    }
    send('CANDIDATE', 'dc_9', { candidate: 'c2' });
    await expect.poll(() => fromViewer().at(-1)).toBe('CANDIDATE dc_9');
    expect(fromViewer()).toEqual([
      'OFFER dc_a',
      'CANDIDATE dc_a',
      'ANSWER mc_h1',
      'OFFER dc_a',
      ...Array.from({ length: 10 }, (_, n) => ['LEAVE', `OFFER dc_${n}`]).flat(),
      'CANDIDATE dc_9',
    ]);
    // However many it offered, the host never had two of this member's connections at once: every
    // offer after the first came after a LEAVE that closed the earlier one.
    let open = 0;
    for (const line of fromViewer()) {
      if (line === 'LEAVE') open = 0;
      if (line.startsWith('OFFER ') && line !== 'OFFER dc_a') open += 1;
      expect(open).toBeLessThanOrEqual(1);
    }
    expect(watching.ws.readyState).toBe(watching.ws.OPEN);
    hostSocket.ws.close();
    watching.ws.close();
  });

  it('signalling messages are rate-limited per socket: a flood of offers closes it, a normal join passes', async () => {
    const id = await newEvent(ctx.app, host.user.id);
    const hostSocket = peer(id, host);
    await hostSocket.next(isOpen);
    const offer = (n: number) =>
      JSON.stringify({
        type: 'OFFER',
        dst: id,
        payload: { sdp: 'v=0', type: 'data', connectionId: `dc_${n}` },
      });

    // A join: an offer, 60 candidates, an answer to the host's call and its candidates, at once.
    const joining = peer(viewerPeerId(id), viewer);
    await joining.next(isOpen);
    joining.ws.send(offer(0));
    for (let i = 0; i < 60; i++) {
      joining.ws.send(
        JSON.stringify({ type: 'CANDIDATE', dst: id, payload: { candidate: `c${i}`, connectionId: 'dc_0' } }),
      );
    }
    joining.ws.send(
      JSON.stringify({ type: 'ANSWER', dst: id, payload: { sdp: 'v=0', connectionId: 'mc_0' } }),
    );
    for (let i = 0; i < 30; i++) {
      joining.ws.send(
        JSON.stringify({ type: 'CANDIDATE', dst: id, payload: { candidate: `m${i}`, connectionId: 'mc_0' } }),
      );
    }
    await expect.poll(() => hostSocket.messages.filter((m) => m.type === 'CANDIDATE').length).toBe(90);
    expect(joining.ws.readyState).toBe(joining.ws.OPEN);
    joining.ws.close();
    await joining.closed;

    // One socket sending 200 offers (each a "viewer" to a host counting connections) is closed.
    const floodId = viewerPeerId(id);
    const flooding = peer(floodId, other);
    await flooding.next(isOpen);
    for (let i = 0; i < 200; i++) flooding.ws.send(offer(i + 1));
    expect(await flooding.closed).toEqual({ code: REALTIME_CLOSE.POLICY, reason: MSG_PEER_FLOOD });
    const offers = hostSocket.messages.filter((m) => m.type === 'OFFER' && m.src === floodId);
    expect(offers.length).toBeLessThanOrEqual(PEER_MESSAGE_BURST + 1);
    expect(hostSocket.ws.readyState).toBe(hostSocket.ws.OPEN);
    hostSocket.ws.close();
  });

  it('a host whose signalling socket goes away is no longer live (published), unless back in time', async () => {
    const id = await newEvent(ctx.app, host.user.id);
    const heard: RealtimeMessage[] = [];
    const stop = ctx.app.realtime.subscribe(`event.${id}`, (m) => {
      heard.push(m);
    });
    try {
      const first = peer(id, host);
      await first.next(isOpen);
      expect((await setLive(id, host, true)).json().live).toBe(true);

      // A blip: the socket drops and the same peer reconnects within the grace period.
      first.ws.terminate();
      await first.closed;
      const back = peer(id, host);
      await back.next(isOpen);
      await new Promise((r) => setTimeout(r, LIVE_HOST_GRACE_MS + 500));
      expect(await live(id)).toBe(true);

      // The tab closes: live is cleared within the grace period and viewers hear of it.
      const gone = Date.now();
      back.ws.close();
      await expect.poll(() => live(id), { timeout: LIVE_HOST_GRACE_MS + 3000, interval: 100 }).toBe(false);
      expect(Date.now() - gone).toBeLessThan(LIVE_HOST_GRACE_MS + 3000);
      await expect.poll(() => heard.length).toBeGreaterThanOrEqual(2);
      expect(heard.at(-1)).toEqual({ id });
    } finally {
      stop();
    }
  });

  it('after a restart, an event left live is cleared once its lease lapses (no process renews it)', async () => {
    const stale = await newEvent(ctx.app, host.user.id);
    await ctx.app.db
      .update(event)
      .set({ live: true, liveUntil: new Date(Date.now() + 3000) })
      .where(eq(event.id, stale));
    const restarted = await buildApp({ config: testConfig(), database: ctx.database, workers: false });
    try {
      expect(await live(stale)).toBe(true);
      await expect
        .poll(() => live(stale), { timeout: PEER_ALIVE_TIMEOUT_MS + 5000, interval: 250 })
        .toBe(false);
    } finally {
      await restarted.close();
    }
  });

  it('refuses another site, limits signalling sockets per member, and drops a member who is blocked', async () => {
    const id = await newEvent(ctx.app, host.user.id);
    const foreign = openSocket(origin, `/peerjs/peerjs?key=peerjs&id=${id}&token=t`, host.cookie, {
      origin: 'https://evil.example',
    });
    expect(await foreign.closed).toEqual({ code: 403, reason: 'http' });

    const member = await createMember(ctx.app);
    // One viewer socket per event: the member watches as many events as the limit allows.
    const events = await Promise.all(
      Array.from({ length: PEER_MAX_OPEN_PER_MEMBER + 1 }, () => newEvent(ctx.app, host.user.id)),
    );
    const sockets = events.slice(0, -1).map((e) => peer(viewerPeerId(e), member));
    await Promise.all(sockets.map((s) => s.next(isOpen)));
    const extra = peer(viewerPeerId(events.at(-1) as string), member);
    expect(await extra.next((m) => m.type === 'ERROR')).toEqual({
      type: 'ERROR',
      payload: { msg: MSG_PEER_TOO_MANY },
    });
    expect((await extra.closed).code).toBe(REALTIME_CLOSE.TRY_LATER);
    const someoneElse = peer(viewerPeerId(id), viewer);
    await someoneElse.next(isOpen);

    // Blocking (the operator's command publishes user.blocked) closes that member's sockets only.
    await ctx.app.events.transaction((tx) =>
      ctx.app.events.publish(tx, 'user.blocked', {
        userId: member.user.id,
        blocked: true,
        audit: { actor: 'cli', action: 'user.block', entity: 'user', entityId: member.user.id },
      }),
    );
    for (const s of sockets) expect((await s.closed).code).toBe(REALTIME_CLOSE.POLICY);
    expect(someoneElse.ws.readyState).toBe(someoneElse.ws.OPEN);
    someoneElse.ws.close();
  });
});

// Two processes on one PostgreSQL behind a round-robin proxy
// (docs/product/operations.md, "Growing past one machine"): a host and its viewer land on different processes
// and still reach each other; an id held on one is refused on the other.
describe.skipIf(!TEST_DATABASE_URL)('/peerjs across two server processes [postgres]', () => {
  it('host on A, viewer on B: offer, answer and candidates reach each other; the host hears the viewer go', async () => {
    await withTwoApps(async (a, b) => {
      const [host, viewer] = await createMembers(a, 2);
      const id = await newEvent(a, host.user.id);
      const [originA, originB] = [await listening(a), await listening(b)];
      const open = (origin: string, peerId: string, who: TestMember, token = 'token1') =>
        openSocket(
          origin,
          `/peerjs/peerjs?key=peerjs&id=${encodeURIComponent(peerId)}&token=${token}`,
          who.cookie,
        );
      const isOpen = (m: Record<string, unknown>) => m.type === 'OPEN';

      const hostSocket = open(originA, id, host);
      await hostSocket.next(isOpen);
      const viewerId = viewerPeerId(id);
      const viewerSocket = open(originB, viewerId, viewer);
      await viewerSocket.next(isOpen);

      // An SDP offer the size a browser sends (several KB) crosses in one notification.
      const sdp = `v=0\r\n${'a=candidate:1 1 udp 2122260223 192.168.1.10 54321 typ host generation 0\r\n'.repeat(80)}`;
      viewerSocket.ws.send(
        JSON.stringify({
          type: 'OFFER',
          dst: id,
          payload: { sdp: { type: 'offer', sdp }, connectionId: 'mc_1' },
        }),
      );
      for (let i = 0; i < 5; i++) {
        viewerSocket.ws.send(
          JSON.stringify({
            type: 'CANDIDATE',
            dst: id,
            payload: { candidate: `v${i}`, connectionId: 'mc_1' },
          }),
        );
      }
      const offer = await hostSocket.next((m) => m.type === 'OFFER');
      expect(offer).toMatchObject({ type: 'OFFER', src: viewerId, dst: id });
      expect((offer.payload as { sdp: { sdp: string } }).sdp.sdp).toBe(sdp);
      await expect
        .poll(() =>
          hostSocket.messages
            .filter((m) => m.type === 'CANDIDATE')
            .map((m) => (m.payload as { candidate: string }).candidate),
        )
        .toEqual(['v0', 'v1', 'v2', 'v3', 'v4']);

      hostSocket.ws.send(
        JSON.stringify({
          type: 'ANSWER',
          dst: viewerId,
          payload: { sdp: { type: 'answer', sdp: 'v=0' }, connectionId: 'mc_1' },
        }),
      );
      hostSocket.ws.send(
        JSON.stringify({
          type: 'CANDIDATE',
          dst: viewerId,
          payload: { candidate: 'h0', connectionId: 'mc_1' },
        }),
      );
      expect(await viewerSocket.next((m) => m.type === 'ANSWER')).toMatchObject({ src: id, dst: viewerId });
      expect(await viewerSocket.next((m) => m.type === 'CANDIDATE')).toMatchObject({
        src: id,
        payload: { candidate: 'h0' },
      });
      // Nothing expired in between: no process queued the messages for a peer it did not hold.
      expect(viewerSocket.messages.some((m) => m.type === 'EXPIRE')).toBe(false);

      // An offer under another connection id replaces the first: the host on A hears LEAVE, then it.
      viewerSocket.ws.send(
        JSON.stringify({
          type: 'OFFER',
          dst: id,
          payload: { sdp: { type: 'offer', sdp: 'v=0' }, connectionId: 'mc_2' },
        }),
      );
      const offersAndLeaves = () =>
        hostSocket.messages
          .filter((m) => m.src === viewerId && (m.type === 'OFFER' || m.type === 'LEAVE'))
          .map((m) => m.type);
      await expect.poll(offersAndLeaves).toEqual(['OFFER', 'LEAVE', 'OFFER']);

      // The viewer closes its tab on B: the host on A is told, and frees its place.
      viewerSocket.ws.close();
      await expect.poll(offersAndLeaves).toEqual(['OFFER', 'LEAVE', 'OFFER', 'LEAVE']);
      hostSocket.ws.close();
      await hostSocket.closed;
    });
  }, 60_000);

  it("a peer id held on A is refused on B (peer's ID-TAKEN), one viewer seat holds across both, and the id is free once A's socket goes", async () => {
    await withTwoApps(async (a, b) => {
      const [host, viewer] = await createMembers(a, 2);
      const id = await newEvent(a, host.user.id);
      const [originA, originB] = [await listening(a), await listening(b)];
      const open = (origin: string, peerId: string, who: TestMember, token = 'token1') =>
        openSocket(
          origin,
          `/peerjs/peerjs?key=peerjs&id=${encodeURIComponent(peerId)}&token=${token}`,
          who.cookie,
        );
      const isOpen = (m: Record<string, unknown>) => m.type === 'OPEN';

      const onA = open(originA, id, host, 'first');
      await onA.next(isOpen);
      const onB = open(originB, id, host, 'second');
      expect(await onB.next((m) => m.type === 'ID-TAKEN')).toEqual({
        type: 'ID-TAKEN',
        payload: { msg: MSG_PEER_ID_TAKEN },
      });
      await onB.closed;
      expect(onB.messages.some(isOpen)).toBe(false);
      expect(onA.ws.readyState).toBe(onA.ws.OPEN);

      // The member's viewer seat: watching on A, a second socket on B is refused while A's answers.
      const seated = open(originA, viewerPeerId(id), viewer);
      await seated.next(isOpen);
      const again = open(originB, viewerPeerId(id), viewer);
      expect(await again.next((m) => m.type === 'ERROR')).toEqual({
        type: 'ERROR',
        payload: { msg: MSG_PEER_WATCHING },
      });
      expect((await again.closed).code).toBe(REALTIME_CLOSE.TRY_LATER);
      // ... and a socket whose network went (no pong) gives way to the reconnect on B.
      seated.ws.pause();
      const back = open(originB, viewerPeerId(id), viewer);
      await back.next(isOpen);
      seated.ws.terminate();

      // The host's socket on A closes: the id is free, and B lets it in.
      onA.ws.close();
      await onA.closed;
      await expect
        .poll(
          async () => {
            const retry = open(originB, id, host, 'second');
            const first = await retry.next((m) => m.type === 'OPEN' || m.type === 'ID-TAKEN');
            if (first.type !== 'OPEN') await retry.closed;
            else retry.ws.close();
            return first.type;
          },
          { timeout: 5000, interval: 200 },
        )
        .toBe('OPEN');
      back.ws.close();
    });
  }, 60_000);
});
