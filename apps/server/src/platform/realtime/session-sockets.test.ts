// A member's open sockets (/realtime and /peerjs) end with the session they were opened with: logout
// closes that session's, a new password the other devices', a block and the account's deletion all of
// them — whether the change was made by a route of this process, an operator command, or another
// process on the same PostgreSQL (the 'auth.member-changed' notice reaches every process).
import { REALTIME_CLOSE, uniqueId } from '@samaj/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, TEST_DATABASE_URL, withTwoApps } from '../../../test/harness.ts';
import { cookieFrom, createMember, login, type TestMember } from '../../../test/members.ts';
import { listening, openSocket, type TestSocket } from '../../../test/sockets.ts';
import { realtimeSettled, sleep, waitFor } from '../../../test/wait.ts';
import { runMemberCommand } from '../../cli/members.ts';
import { event, session, user } from '../../db/schema/index.ts';
import { MSG_SESSION_ENDED, sessionSockets } from './session-sockets.ts';

const ENDED = { code: REALTIME_CLOSE.POLICY, reason: MSG_SESSION_ENDED };

async function ownEvent(app: FastifyInstance, host: string): Promise<string> {
  const id = uniqueId();
  await app.db.insert(event).values({ id, name: 'Garba night', time: new Date(), host, liveStream: true });
  return id;
}

/** A /realtime socket, connected. */
async function realtimeSocket(origin: string, cookie: string): Promise<TestSocket> {
  const socket = openSocket(origin, '/realtime', cookie);
  await socket.next((m) => m.type === 'connected');
  return socket;
}

/** A /peerjs socket holding the host's peer id of the member's own event, open. */
async function peerSocket(app: FastifyInstance, origin: string, who: TestMember, cookie: string) {
  const id = await ownEvent(app, who.user.id);
  const socket = openSocket(origin, `/peerjs/peerjs?key=peerjs&id=${id}&token=t${uniqueId()}`, cookie);
  await socket.next((m) => m.type === 'OPEN');
  return socket;
}

function closedWithin(socket: TestSocket, ms = 10_000) {
  return Promise.race([
    socket.closed,
    sleep(ms).then(() => ({ code: 0, reason: `still open after ${ms} ms` })),
  ]);
}

/** Still open and answering, once every notice sent so far has arrived and been acted on. */
async function expectOpen(app: FastifyInstance, socket: TestSocket) {
  await realtimeSettled(app);
  await sleep(300);
  expect(socket.ws.readyState).toBe(socket.ws.OPEN);
  socket.ws.send(JSON.stringify({ type: 'ping' }));
  await socket.next((m) => m.type === 'pong');
}

describeEachDatabase('sockets end with their session', (ctx) => {
  let origin: string;
  beforeAll(async () => {
    origin = await listening(ctx.app);
  });

  it("logout closes that session's /realtime and /peerjs sockets, not another device's", async () => {
    const m = await createMember(ctx.app);
    const phone = await login(ctx.app, m.user.email, m.password);
    const live = await realtimeSocket(origin, m.cookie);
    const signalling = await peerSocket(ctx.app, origin, m, m.cookie);
    const phoneLive = await realtimeSocket(origin, phone.cookie);

    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/logout',
      headers: { cookie: m.cookie },
    });
    expect(out.statusCode).toBe(204);
    expect(await closedWithin(live)).toEqual(ENDED);
    expect(await closedWithin(signalling)).toEqual(ENDED);
    await expectOpen(ctx.app, phoneLive);
    phoneLive.ws.close();
  });

  it("a new password closes the other sessions' sockets; the device that changed it keeps its own", async () => {
    const m = await createMember(ctx.app);
    const laptop = await login(ctx.app, m.user.email, m.password);
    const laptopLive = await realtimeSocket(origin, laptop.cookie);
    const laptopSignalling = await peerSocket(ctx.app, origin, m, laptop.cookie);
    const phoneLive = await realtimeSocket(origin, m.cookie);
    const phoneSignalling = await peerSocket(ctx.app, origin, m, m.cookie);

    const changed = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/account',
      headers: { cookie: laptop.cookie },
      payload: {
        name: m.user.name,
        email: m.user.email,
        currentPassword: m.password,
        newPassword: 'a new long password',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await closedWithin(phoneLive)).toEqual(ENDED);
    expect(await closedWithin(phoneSignalling)).toEqual(ENDED);
    await expectOpen(ctx.app, laptopLive);
    expect(laptopSignalling.ws.readyState).toBe(laptopSignalling.ws.OPEN);
    // The laptop's session goes on with the cookie it had.
    const cookie = cookieFrom(changed) || laptop.cookie;
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/account', headers: { cookie } })).statusCode,
    ).toBe(200);
    laptopLive.ws.close();
    laptopSignalling.ws.close();
  });

  it('an operator block (another process: no event in this one) closes every socket of the member', async () => {
    const m = await createMember(ctx.app);
    const other = await createMember(ctx.app);
    const live = await realtimeSocket(origin, m.cookie);
    const signalling = await peerSocket(ctx.app, origin, m, m.cookie);
    const bystander = await realtimeSocket(origin, other.cookie);

    // runMemberCommand without the app's events, as `cli block` runs in a process of its own.
    expect(await runMemberCommand(ctx.app.db, 'block', [m.user.id])).toMatch(/^Blocked /);
    expect(await closedWithin(live)).toEqual(ENDED);
    expect(await closedWithin(signalling)).toEqual(ENDED);
    await expectOpen(ctx.app, bystander);
    bystander.ws.close();
  });

  it('a block set straight in the database, sessions kept, closes the sockets too', async () => {
    const m = await createMember(ctx.app);
    const live = await realtimeSocket(origin, m.cookie);
    await ctx.app.db.update(user).set({ banned: true }).where(eq(user.id, m.user.id));
    expect(await closedWithin(live)).toEqual(ENDED);
  });

  it('a socket admitted just after its session ended (logout in between) is closed as it is tracked', async () => {
    const m = await createMember(ctx.app);
    const [{ id: live }] = await ctx.app.db
      .select({ id: session.id })
      .from(session)
      .where(eq(session.userId, m.user.id));
    const closes: Array<[string, number]> = [];
    // As a WebSocket: closing it ends its 'close' listeners' wait.
    const fake = (name: string) => {
      let onClose = () => {};
      return {
        close: (code: number) => {
          closes.push([name, code]);
          onClose();
        },
        once: (_event: 'close', listener: () => void) => {
          onClose = listener;
        },
      };
    };
    sessionSockets(ctx.app).track(m.user.id, 'a-session-already-gone', fake('stale'));
    sessionSockets(ctx.app).track(m.user.id, live, fake('live'));
    // Everyone's again, as after a lost database connection: still only the stale one.
    sessionSockets(ctx.app).check();
    await waitFor(() => closes.length > 0, 'the stale socket to close');
    await sleep(300);
    expect(closes).toEqual([['stale', REALTIME_CLOSE.POLICY]]);
  });

  it("deleting the account closes all of the member's sockets", async () => {
    const m = await createMember(ctx.app);
    const second = await login(ctx.app, m.user.email, m.password);
    const live = await realtimeSocket(origin, m.cookie);
    const elsewhere = await realtimeSocket(origin, second.cookie);
    const signalling = await peerSocket(ctx.app, origin, m, second.cookie);
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { cookie: m.cookie },
      payload: { password: m.password },
    });
    expect(del.statusCode, del.body).toBe(204);
    expect(await closedWithin(live)).toEqual(ENDED);
    expect(await closedWithin(elsewhere)).toEqual(ENDED);
    // Signalling may close it first with its own words (its account.deleted subscriber): same code.
    expect((await closedWithin(signalling)).code).toBe(REALTIME_CLOSE.POLICY);
    await realtimeSettled(ctx.app);
    expect(sessionSockets(ctx.app).count(m.user.id)).toBe(0);
  });
});

describe.skipIf(!TEST_DATABASE_URL)('sockets end with their session, across two processes [postgres]', () => {
  it('a block made in process A (or by the operator) closes the socket open on process B', async () => {
    await withTwoApps(async (a, b) => {
      const originB = await listening(b);
      const blocked = await createMember(a);
      const deleted = await createMember(a);
      const loggedOut = await createMember(a);
      const live = await realtimeSocket(originB, blocked.cookie);
      const signalling = await peerSocket(b, originB, blocked, blocked.cookie);
      const deletedLive = await realtimeSocket(originB, deleted.cookie);
      const loggedOutLive = await realtimeSocket(originB, loggedOut.cookie);

      // The operator's command, run against A's database connection: B hears only the notice.
      expect(await runMemberCommand(a.db, 'block', [blocked.user.id])).toMatch(/^Blocked /);
      expect(await closedWithin(live)).toEqual(ENDED);
      expect(await closedWithin(signalling)).toEqual(ENDED);

      const del = await a.inject({
        method: 'DELETE',
        url: '/api/account',
        headers: { cookie: deleted.cookie },
        payload: { password: deleted.password },
      });
      expect(del.statusCode).toBe(204);
      expect(await closedWithin(deletedLive)).toEqual(ENDED);

      // A session removed by hand (as `DELETE FROM session` in psql) ends its sockets too.
      await a.db.delete(session).where(eq(session.userId, loggedOut.user.id));
      expect(await closedWithin(loggedOutLive)).toEqual(ENDED);
    });
  }, 120_000);
});
