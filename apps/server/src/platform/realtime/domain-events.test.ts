// Domain events forwarded to open screens (domain-events.ts): staff's decision on a post reaches its
// author's own channel, as the post's id, and nobody else's (it used to go to a
// `posts` channel no client may follow).
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';
import { createAdmin, createMember, type TestMember } from '../../../test/members.ts';
import { listening, openSocket, type TestSocket } from '../../../test/sockets.ts';

async function follow(origin: string, who: TestMember, channel: string): Promise<TestSocket> {
  const socket = openSocket(origin, '/realtime', who.cookie);
  await socket.next((m) => m.type === 'connected');
  socket.ws.send(JSON.stringify({ type: 'subscribe', channels: [channel] }));
  await socket.next((m) => m.type === 'subscribed');
  return socket;
}

/** Everything published before this has been delivered to the socket (one socket, in order). */
async function settled(socket: TestSocket): Promise<void> {
  const pongs = socket.messages.filter((m) => m.type === 'pong').length;
  socket.ws.send(JSON.stringify({ type: 'ping' }));
  await socket.next(() => socket.messages.filter((m) => m.type === 'pong').length > pongs);
}

describeEachDatabase('post decisions on realtime', (ctx) => {
  it("reach the author's own channel as the post's id, and no one else's", async () => {
    const origin = await listening(ctx.app);
    const admin = await createAdmin(ctx.app);
    const author = await createMember(ctx.app);
    const other = await createMember(ctx.app);
    const authorSocket = await follow(origin, author, `member.${author.user.id}`);
    const otherSocket = await follow(origin, other, `member.${other.user.id}`);
    const adminSocket = await follow(origin, admin, `member.${admin.user.id}`);

    const decided: string[] = [];
    for (const status of ['approved', 'rejected'] as const) {
      const posted = await ctx.app.inject({
        method: 'POST',
        url: '/api/posts',
        headers: { cookie: author.cookie },
        payload: { description: `Awaiting a decision: ${status}` },
      });
      expect(posted.statusCode, posted.body).toBe(201);
      const postId = posted.json().id as string;
      const decision = await ctx.app.inject({
        method: 'POST',
        url: `/api/admin/posts/${postId}/decision`,
        headers: { cookie: admin.cookie },
        payload: status === 'approved' ? { status } : { status, reason: 'Please add the date' },
      });
      expect(decision.statusCode, decision.body).toBe(200);
      expect(await authorSocket.next((m) => m.type === 'change' && m.id === postId)).toEqual({
        type: 'change',
        channel: `member.${author.user.id}`,
        id: postId,
      });
      decided.push(postId);
    }
    // The bell's own notices (`inbox`: the author's decisions, an Admin's queue) are the inbox tests'.
    const changes = (socket: typeof authorSocket) =>
      socket.messages.filter((m) => m.type === 'change' && m.id !== 'inbox').map((m) => m.id);
    for (const socket of [otherSocket, adminSocket]) {
      await settled(socket);
      expect(changes(socket)).toEqual([]);
    }
    // Ids only: the reason is fetched through the API, never carried on the socket.
    expect(JSON.stringify(authorSocket.messages)).not.toContain('Please add the date');
    expect(changes(authorSocket)).toEqual(decided);
    for (const socket of [authorSocket, otherSocket, adminSocket]) socket.ws.close();
  });
});
