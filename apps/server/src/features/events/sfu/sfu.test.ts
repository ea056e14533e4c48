// SFU mode against a real Janus (Debian's `janus`, started here from a generated config on a free
// port): the server is Janus's only client, and a member's channel passes on only what their role
// allows — checked in Janus itself (the room's participants), not only in the app's answers.
import { existsSync } from 'node:fs';
import wrtc from '@roamhq/wrtc';
import { REALTIME_CLOSE, realtimeChannels, uniqueId } from '@samaj/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  closeTestDatabase,
  describeEachDatabase,
  openSecondConnection,
  openTestDatabase,
  TEST_DATABASE_URL,
  testConfig,
} from '../../../../test/harness.ts';
import { createAdmin, createMember, createMembers, type TestMember } from '../../../../test/members.ts';
import { listening, opened, openSocket, type TestSocket } from '../../../../test/sockets.ts';
import { waitFor } from '../../../../test/wait.ts';
import { buildApp } from '../../../app.ts';
import { event, session } from '../../../db/schema/index.ts';
import { MSG_SESSION_ENDED } from '../../../platform/upgrade.ts';
import { setLive as setLiveFlag } from '../queries.ts';
import { JanusClient } from './janus.ts';
import { JANUS_BIN, type RunningJanus, startJanus } from './janus-process.ts';
import {
  MSG_SFU_ENDED,
  MSG_SFU_FLOOD,
  MSG_SFU_FULL,
  MSG_SFU_HOST_TAKEN,
  MSG_SFU_NOT_HOST,
  MSG_SFU_NOT_LIVE,
  MSG_SFU_SIGN_IN,
  MSG_SFU_TOO_MANY,
  MSG_SFU_UNAVAILABLE,
  MSG_SFU_WATCHING,
  type Room,
  SFU_COUNT_AGAIN_MS,
  SFU_MAX_OPEN_PER_MEMBER,
  SFU_MESSAGE_BURST,
  SFU_PING_MS,
  VIDEOROOM,
} from './limits.ts';
import {
  MSG_SFU_HOST_ONLY,
  MSG_SFU_MALFORMED,
  MSG_SFU_NOT_JSON,
  MSG_SFU_ONLY_VIDEOROOM,
  MSG_SFU_ROOMS,
  MSG_SFU_SERVER_FIELD,
  SFU_MAX_MESSAGE_BYTES,
} from './rules.ts';
import { sfuState } from './sfu.ts';

const hasJanus = existsSync(JANUS_BIN);
if (!hasJanus)
  console.warn(`SFU tests skipped: ${JANUS_BIN} is absent (apt-get install janus; .ci/run installs it)`);
const janus: RunningJanus | undefined = hasJanus ? await startJanus() : undefined;
afterAll(async () => {
  await janus?.stop();
});

/** A host's browser: a real WebRTC peer (libwebrtc) sending a drawn camera picture. */
async function hostPeer() {
  const pc = new wrtc.RTCPeerConnection({ iceServers: [] });
  const source = new wrtc.nonstandard.RTCVideoSource();
  const track = source.createTrack();
  pc.addTransceiver(track, { direction: 'sendonly' });
  const width = 320;
  const height = 240;
  const frame = { width, height, data: new Uint8Array(width * height * 1.5).fill(128) };
  const drawing = setInterval(() => source.onFrame(frame), 66);
  const candidates: unknown[] = [];
  pc.onicecandidate = ({ candidate }) => {
    candidates.push(candidate ? candidate.toJSON() : { completed: true });
  };
  await pc.setLocalDescription(await pc.createOffer());
  return {
    pc,
    offer: { type: 'offer', sdp: pc.localDescription?.sdp as string },
    candidates,
    stop() {
      clearInterval(drawing);
      track.stop();
      pc.close();
    },
  };
}

/** A viewer's browser: answers Janus's offer and counts the frames it decodes. */
async function viewerPeer(offer: { type: string; sdp: string }) {
  const pc = new wrtc.RTCPeerConnection({ iceServers: [] });
  const seen = { frames: 0, width: 0 };
  const sinks: Array<{ stop(): void }> = [];
  pc.ontrack = ({ track }) => {
    if (track.kind !== 'video') return;
    const sink = new wrtc.nonstandard.RTCVideoSink(track);
    sink.onframe = ({ frame }: { frame: { width: number } }) => {
      seen.frames += 1;
      seen.width = frame.width;
    };
    sinks.push(sink);
  };
  const candidates: unknown[] = [];
  pc.onicecandidate = ({ candidate }) => {
    candidates.push(candidate ? candidate.toJSON() : { completed: true });
  };
  await pc.setRemoteDescription(offer as RTCSessionDescriptionInit);
  await pc.setLocalDescription(await pc.createAnswer());
  return {
    pc,
    answer: { type: 'answer', sdp: pc.localDescription?.sdp as string },
    candidates,
    seen,
    stop() {
      for (const sink of sinks) sink.stop();
      pc.close();
    },
  };
}

const suite = hasJanus
  ? describeEachDatabase
  : (name: string, _fn: unknown, _options?: unknown) => describe.skip(name, () => {});

suite(
  'SFU mode: the /sfu channel to Janus',
  (ctx) => {
    let origin: string;
    let host: TestMember;
    let viewer: TestMember;
    let other: TestMember;
    let admin: TestMember;
    /** The test's own look into Janus (as an operator would), beside the app's session. */
    let inspector: JanusClient;
    let inspect: number;

    beforeAll(async () => {
      [host, viewer, other] = await createMembers(ctx.app, 3);
      admin = await createAdmin(ctx.app);
      origin = await listening(ctx.app);
      await waitFor(() => sfuState(ctx.app)?.janus.up, 'the app’s Janus session');
      inspector = new JanusClient(janus?.url as string, janus?.apiSecret, ctx.app.log);
      await inspector.start();
      inspect = await inspector.attach(VIDEOROOM, () => {});
    }, 90_000);
    afterAll(async () => {
      await inspector?.close();
    });

    async function newEvent(app: FastifyInstance, hostId: string): Promise<string> {
      const id = uniqueId();
      await app.db
        .insert(event)
        .values({ id, name: 'Navratri', time: new Date(), host: hostId, liveStream: true });
      return id;
    }
    /** Start/END as the route does it (the route itself allows a member 10 per 10 minutes). */
    const setLive = async (id: string, _who: TestMember, live: boolean) => {
      expect(await setLiveFlag(ctx.app, id, live)).toBeTruthy();
    };
    const setLiveByRoute = async (id: string, who: TestMember, live: boolean) => {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/api/events/${id}/live`,
        headers: { cookie: who.cookie },
        payload: { live },
      });
      expect(res.statusCode).toBe(200);
    };
    const isLive = async (id: string) =>
      (await ctx.app.db.select().from(event).where(eq(event.id, id)))[0].live;
    const channel = (id: string, role: 'host' | 'viewer', who: TestMember | null): TestSocket =>
      openSocket(origin, `/sfu?event=${id}&role=${role}`, who?.cookie);
    let tx = 0;
    const send = (s: TestSocket, message: Record<string, unknown>) => {
      const transaction = `t${++tx}`;
      s.ws.send(JSON.stringify({ transaction, ...message }));
      return transaction;
    };
    /** Sends a VideoRoom request and waits for its answer (the plugin's event, or an error). */
    const ask = async (s: TestSocket, body: Record<string, unknown>, jsep?: Record<string, unknown>) => {
      const transaction = send(s, { janus: 'message', body, ...(jsep ? { jsep } : {}) });
      return s.next((m) => m.transaction === transaction && m.janus !== 'ack');
    };
    const data = (m: Record<string, unknown>) => (m.plugindata as { data: Record<string, unknown> }).data;
    const feedOf = (id: string) => sfuState(ctx.app)?.roomOf(id)?.feed;
    const roomId = (id: string) => sfuState(ctx.app)?.roomOf(id)?.id;
    const participants = async (room: number) => {
      const ask = () => inspector.pluginRequest(inspect, { request: 'listparticipants', room });
      let answer: Awaited<ReturnType<typeof ask>>;
      try {
        answer = await ask();
      } catch (err) {
        // After Janus restarts, the inspector may find it again with a newer session than the one
        // its handle was attached in (seen once on Node 24): attach again and ask once more.
        if (!(err instanceof Error) || !/no such handle/i.test(err.message)) throw err;
        inspect = await inspector.attach(VIDEOROOM, () => {});
        answer = await ask();
      }
      return answer.participants as Array<{ id: number; publisher: boolean }>;
    };
    const roomExists = async (room: number) =>
      (await inspector.pluginRequest(inspect, { request: 'exists', room })).exists as boolean;

    const peers: Array<{ stop(): void }> = [];
    afterAll(() => {
      for (const peer of peers) peer.stop();
    });
    /** Passes a peer's ICE candidates through the channel as they come (trickle). */
    const trickle = (s: TestSocket, candidates: unknown[]) => {
      let sent = 0;
      const timer = setInterval(() => {
        if (s.ws.readyState !== s.ws.OPEN) return clearInterval(timer);
        while (sent < candidates.length) {
          const candidate = candidates[sent++];
          send(s, { janus: 'trickle', candidate });
          if ((candidate as { completed?: boolean }).completed) clearInterval(timer);
        }
      }, 50);
    };
    const offerSdp = async () => {
      const peer = await hostPeer();
      peers.push(peer);
      return peer.offer.sdp;
    };

    /** A live event whose host publishes a real peer's offer, which Janus answers. */
    async function publishing(): Promise<{
      id: string;
      room: number;
      hostChannel: TestSocket;
      peer: Awaited<ReturnType<typeof hostPeer>>;
    }> {
      const id = await newEvent(ctx.app, host.user.id);
      await setLive(id, host, true);
      const room = await waitFor(() => roomId(id), 'the room');
      await sfuState(ctx.app)?.roomOf(id)?.ready;
      const hostChannel = channel(id, 'host', host);
      await opened(hostChannel);
      expect(data(await ask(hostChannel, { request: 'join', ptype: 'publisher' })).videoroom).toBe('joined');
      const peer = await hostPeer();
      peers.push(peer);
      const published = await ask(hostChannel, { request: 'publish' }, peer.offer);
      expect(data(published)).toMatchObject({ videoroom: 'event', configured: 'ok' });
      expect(published.jsep).toMatchObject({ type: 'answer' });
      await peer.pc.setRemoteDescription(published.jsep as RTCSessionDescriptionInit);
      trickle(hostChannel, peer.candidates);
      return { id, room, hostChannel, peer };
    }

    it('tells the web app it is in SFU mode, with 500 viewers by default', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/public-config' });
      expect(response.json()).toMatchObject({ liveMode: 'sfu', liveMaxViewers: 500 });
      // Janus's address and secret stay on the server.
      expect(response.body).not.toContain(janus?.url as string);
      expect(response.body).not.toContain(janus?.apiSecret as string);
    });

    it('refuses a visitor, a non-host broadcaster and a stream that is not live before anything reaches Janus', async () => {
      const id = await newEvent(ctx.app, host.user.id);
      const state = sfuState(ctx.app);
      const before = state?.janus.sent;
      // Not live yet: nobody gets a channel, and the event has no room.
      const early = channel(id, 'viewer', viewer);
      expect(await early.closed).toEqual({ code: REALTIME_CLOSE.TRY_LATER, reason: MSG_SFU_NOT_LIVE });
      expect(roomId(id)).toBeUndefined();
      expect(state?.janus.sent).toBe(before);

      await setLiveByRoute(id, host, true);
      const room = await waitFor(() => roomId(id), 'the room');
      await sfuState(ctx.app)?.roomOf(id)?.ready;
      const sentAfterRoom = state?.janus.sent;
      const visitor = channel(id, 'viewer', null);
      visitor.ws.on('open', () =>
        visitor.ws.send(
          JSON.stringify({
            janus: 'message',
            transaction: 'x',
            body: { request: 'join', ptype: 'subscriber' },
          }),
        ),
      );
      expect(await visitor.closed).toEqual({ code: REALTIME_CLOSE.POLICY, reason: MSG_SFU_SIGN_IN });
      for (const who of [viewer, other]) {
        const claim = channel(id, 'host', who);
        expect(await claim.closed).toEqual({ code: REALTIME_CLOSE.POLICY, reason: MSG_SFU_NOT_HOST });
      }
      // Nothing of theirs reached Janus, and the room has nobody in it.
      expect(state?.janus.sent).toBe(sentAfterRoom);
      expect(await participants(room)).toEqual([]);
      // A malformed query is refused before the upgrade.
      for (const query of [
        `event=${id}&role=host&role=viewer`,
        `event=${id}&role=admin`,
        `event=${id}&role=viewer&room=1`,
      ]) {
        expect((await openSocket(origin, `/sfu?${query}`, viewer.cookie).closed).code).toBe(400);
      }
      await setLiveByRoute(id, host, false);
    });

    it('the host publishes and a viewer subscribes through the app; the room exists only while live', async () => {
      const { id, room, hostChannel, peer } = await publishing();
      expect(await roomExists(room)).toBe(true);
      // The host's handle, under the feed id the server gave it (media flows only with a real peer).
      expect((await participants(room)).map((p) => p.id)).toEqual([feedOf(id)]);

      // Janus takes the host's media (webrtcup): then the feed can be subscribed to.
      await hostChannel.next((m) => m.janus === 'webrtcup', 20_000);
      await waitFor(async () => (await participants(room)).some((p) => p.publisher), 'the host publishing');
      const watcher = channel(id, 'viewer', viewer);
      await opened(watcher);
      const attached = await ask(watcher, { request: 'join', ptype: 'subscriber' });
      expect(data(attached).videoroom).toBe('attached');
      expect(attached.jsep).toMatchObject({ type: 'offer' });
      const watching = await viewerPeer(attached.jsep as { type: string; sdp: string });
      peers.push(watching);
      expect(data(await ask(watcher, { request: 'start' }, watching.answer))).toMatchObject({
        started: 'ok',
      });
      trickle(watcher, watching.candidates);
      // The viewer's peer decodes the host's picture, forwarded by Janus.
      await waitFor(() => watching.seen.frames > 5, 'frames at the viewer', 30_000);
      expect(watching.seen.width).toBe(320);
      // Nothing of the server's session or the room's keys reaches the browser.
      const everything = JSON.stringify([...watcher.messages, ...hostChannel.messages]);
      const secrets = sfuState(ctx.app)?.roomOf(id) as Room;
      expect(everything).not.toContain(secrets.secret);
      expect(everything).not.toContain(secrets.pin);
      expect(everything).not.toContain('session_id');
      expect(everything).not.toContain(janus?.apiSecret);

      // The viewer count comes from the server over /realtime, to everyone following the event.
      const following = openSocket(origin, '/realtime', admin.cookie);
      await opened(following);
      following.ws.send(JSON.stringify({ type: 'subscribe', channels: [realtimeChannels.event(id)] }));
      await following.next((m) => m.type === 'subscribed');
      const second = channel(id, 'viewer', other);
      await opened(second);
      expect(await following.next((m) => m.type === 'viewers' && m.viewers === 2)).toEqual({
        type: 'viewers',
        channel: realtimeChannels.event(id),
        id,
        viewers: 2,
      });
      second.ws.close();
      await following.next((m) => m.type === 'viewers' && m.viewers === 1);
      following.ws.close();
      // A page that starts listening after the last join or leave (a slow phone, a socket that came
      // back) still hears the count: it goes out again while anyone is on the event.
      const late = openSocket(origin, '/realtime', admin.cookie);
      await opened(late);
      late.ws.send(JSON.stringify({ type: 'subscribe', channels: [realtimeChannels.event(id)] }));
      await late.next((m) => m.type === 'subscribed');
      expect(await late.next((m) => m.type === 'viewers', SFU_COUNT_AGAIN_MS + 5000)).toMatchObject({
        viewers: 1,
      });
      late.ws.close();

      // One host channel per event: an Admin's second one is refused while the host's is open.
      const secondHost = channel(id, 'host', admin);
      expect(await secondHost.closed).toEqual({ code: REALTIME_CLOSE.TRY_LATER, reason: MSG_SFU_HOST_TAKEN });

      // The host's allowances: renegotiate (a switched camera: a new offer), configure, unpublish.
      const framesBefore = watching.seen.frames;
      await peer.pc.setLocalDescription(await peer.pc.createOffer());
      const renegotiated = await ask(
        hostChannel,
        { request: 'configure' },
        { type: 'offer', sdp: peer.pc.localDescription?.sdp as string },
      );
      expect(data(renegotiated)).toMatchObject({ configured: 'ok' });
      expect(renegotiated.jsep).toMatchObject({ type: 'answer' });
      await peer.pc.setRemoteDescription(renegotiated.jsep as RTCSessionDescriptionInit);
      await waitFor(() => watching.seen.frames > framesBefore + 5, 'frames after renegotiating', 30_000);
      expect(data(await ask(hostChannel, { request: 'configure', bitrate: 300_000 }))).toMatchObject({
        configured: 'ok',
      });
      expect(data(await ask(hostChannel, { request: 'unpublish' }))).toMatchObject({ unpublished: 'ok' });
      await waitFor(async () => !(await participants(room)).some((p) => p.publisher), 'the host unpublished');

      // END: everyone still in the room leaves before the room is destroyed (Janus crashed when a
      // room was torn down while its participants' handles were being detached).
      const client = sfuState(ctx.app)?.janus as JanusClient;
      const { detach, pluginRequest } = client;
      const order: string[] = [];
      client.detach = async (handleId) => {
        await detach.call(client, handleId);
        order.push('left');
      };
      client.pluginRequest = (handleId, body) => {
        if (body.request === 'destroy') order.push('destroy');
        return pluginRequest.call(client, handleId, body);
      };
      try {
        await setLive(id, host, false);
        expect(await watcher.closed).toEqual({ code: 1000, reason: MSG_SFU_ENDED });
        expect(await hostChannel.closed).toEqual({ code: 1000, reason: MSG_SFU_ENDED });
        await waitFor(async () => !(await roomExists(room)), 'the room gone');
        expect(roomId(id)).toBeUndefined();
        // The host's and the watcher's handles, then the room.
        expect(order.filter((o) => o === 'left').length).toBeGreaterThanOrEqual(2);
        expect(order.at(-1)).toBe('destroy');
        expect(order.filter((o) => o === 'destroy')).toHaveLength(1);
      } finally {
        client.detach = detach;
        client.pluginRequest = pluginRequest;
      }
    });

    it('a viewer cannot publish: its channel closes and Janus holds only the host', async () => {
      const { id, room, hostChannel } = await publishing();
      // The host joining again is Janus's own refusal (an answer, not a close), and changes nothing.
      const again = await ask(hostChannel, { request: 'join', ptype: 'publisher' });
      expect(typeof data(again).error_code).toBe('number');
      expect(hostChannel.ws.readyState).toBe(hostChannel.ws.OPEN);
      const attempts: Array<[Record<string, unknown>, Record<string, unknown> | undefined, string]> = [
        [{ request: 'publish' }, { type: 'offer', sdp: await offerSdp() }, MSG_SFU_HOST_ONLY],
        [{ request: 'join', ptype: 'publisher' }, undefined, MSG_SFU_HOST_ONLY],
        [{ request: 'unpublish' }, undefined, MSG_SFU_HOST_ONLY],
      ];
      for (const [body, jsep, reason] of attempts) {
        const s = channel(id, 'viewer', viewer);
        await opened(s);
        send(s, { janus: 'message', body, ...(jsep ? { jsep } : {}) });
        expect(await s.closed).toEqual({ code: REALTIME_CLOSE.POLICY, reason });
      }
      // An Admin watching is a viewer too: publishing takes a host channel.
      const adminWatching = channel(id, 'viewer', admin);
      await opened(adminWatching);
      send(adminWatching, {
        janus: 'message',
        body: { request: 'publish' },
        jsep: { type: 'offer', sdp: await offerSdp() },
      });
      expect((await adminWatching.closed).code).toBe(REALTIME_CLOSE.POLICY);
      const inRoom = await participants(room);
      expect(inRoom).toHaveLength(1);
      expect(inRoom[0].id).toBe(feedOf(id));
      // A viewer still subscribes to the host's feed.
      const watcher = channel(id, 'viewer', other);
      await opened(watcher);
      await hostChannel.next((m) => m.janus === 'webrtcup', 20_000);
      expect(data(await ask(watcher, { request: 'join', ptype: 'subscriber' })).videoroom).toBe('attached');
      await setLive(id, host, false);
    });

    it('refuses room administration, other verbs and plugins, server fields, bad and oversize frames — closing only that channel', async () => {
      const { id, room, hostChannel } = await publishing();
      const bystander = channel(id, 'viewer', other);
      await opened(bystander);
      const refused: Array<[string | Buffer, number, string]> = [
        [
          JSON.stringify({ janus: 'message', transaction: 'a', body: { request: 'create', room: 1 } }),
          REALTIME_CLOSE.POLICY,
          MSG_SFU_ROOMS,
        ],
        [
          JSON.stringify({ janus: 'message', transaction: 'a', body: { request: 'destroy', room } }),
          REALTIME_CLOSE.POLICY,
          MSG_SFU_ROOMS,
        ],
        [
          JSON.stringify({ janus: 'message', transaction: 'a', body: { request: 'list' } }),
          REALTIME_CLOSE.POLICY,
          MSG_SFU_ROOMS,
        ],
        [
          JSON.stringify({ janus: 'message', transaction: 'a', body: { request: 'listparticipants', room } }),
          REALTIME_CLOSE.POLICY,
          MSG_SFU_ROOMS,
        ],
        [
          JSON.stringify({ janus: 'message', transaction: 'a', body: { request: 'kick', id: 1 } }),
          REALTIME_CLOSE.POLICY,
          MSG_SFU_ROOMS,
        ],
        [
          JSON.stringify({ janus: 'attach', transaction: 'a', plugin: 'janus.plugin.streaming' }),
          REALTIME_CLOSE.POLICY,
          MSG_SFU_ONLY_VIDEOROOM,
        ],
        [
          JSON.stringify({ janus: 'create', transaction: 'a' }),
          REALTIME_CLOSE.POLICY,
          MSG_SFU_ONLY_VIDEOROOM,
        ],
        [
          JSON.stringify({ janus: 'destroy', transaction: 'a' }),
          REALTIME_CLOSE.POLICY,
          MSG_SFU_ONLY_VIDEOROOM,
        ],
        [
          JSON.stringify({ janus: 'message', transaction: 'a', handle_id: 1, body: { request: 'start' } }),
          REALTIME_CLOSE.POLICY,
          MSG_SFU_ONLY_VIDEOROOM,
        ],
        [
          JSON.stringify({
            janus: 'message',
            transaction: 'a',
            body: { request: 'join', ptype: 'subscriber', room: 1 },
          }),
          REALTIME_CLOSE.POLICY,
          MSG_SFU_SERVER_FIELD,
        ],
        [
          JSON.stringify({
            janus: 'message',
            transaction: 'a',
            body: { request: 'join', ptype: 'subscriber', streams: [{ feed: 1 }] },
          }),
          REALTIME_CLOSE.POLICY,
          MSG_SFU_SERVER_FIELD,
        ],
        ['not json', REALTIME_CLOSE.MALFORMED, MSG_SFU_NOT_JSON],
        [
          JSON.stringify({ janus: 'message', body: { request: 'start' } }),
          REALTIME_CLOSE.MALFORMED,
          MSG_SFU_MALFORMED,
        ],
        [Buffer.from([1, 2, 3]), REALTIME_CLOSE.UNSUPPORTED, 'Send JSON text messages.'],
        ['x'.repeat(SFU_MAX_MESSAGE_BYTES + 1), REALTIME_CLOSE.TOO_BIG, ''],
      ];
      for (const [frame, code, reason] of refused) {
        const s = channel(id, 'viewer', viewer);
        await opened(s);
        s.ws.send(frame);
        const closed = await s.closed;
        expect(closed.code, String(frame).slice(0, 80)).toBe(code);
        if (reason) expect(closed.reason).toBe(reason);
      }
      // The host may not administer the room either.
      const byHost = channel(id, 'viewer', host);
      await opened(byHost);
      byHost.ws.send(
        JSON.stringify({ janus: 'message', transaction: 'a', body: { request: 'destroy', room } }),
      );
      expect((await byHost.closed).code).toBe(REALTIME_CLOSE.POLICY);
      // Nobody else was touched: the room, its publisher, the host's and the bystander's channels.
      expect(await roomExists(room)).toBe(true);
      expect(await participants(room)).toHaveLength(1);
      for (const s of [hostChannel, bystander]) {
        const t = send(s, { janus: 'keepalive' });
        expect(await s.next((m) => m.transaction === t)).toMatchObject({ janus: 'ack' });
      }
      await setLive(id, host, false);
    });

    it('one viewer channel per member and event; a flood closes the channel', async () => {
      const { id } = await publishing();
      const first = channel(id, 'viewer', viewer);
      await opened(first);
      const second = channel(id, 'viewer', viewer);
      expect(await second.closed).toEqual({ code: REALTIME_CLOSE.TRY_LATER, reason: MSG_SFU_WATCHING });
      for (let i = 0; i <= SFU_MESSAGE_BURST + 5; i++) {
        if (first.ws.readyState !== first.ws.OPEN) break;
        first.ws.send(JSON.stringify({ janus: 'keepalive', transaction: `k${i}` }));
      }
      expect(await first.closed).toEqual({ code: REALTIME_CLOSE.POLICY, reason: MSG_SFU_FLOOD });
      await setLive(id, host, false);
    });

    it('a channel ends with its session; a member opens at most SFU_MAX_OPEN_PER_MEMBER channels', async () => {
      const { id } = await publishing();
      const leaving = await createMember(ctx.app);
      const s = channel(id, 'viewer', leaving);
      await opened(s);
      // Logged out, blocked or deleted (in any process): the database's notice closes the channel.
      await ctx.app.db.delete(session).where(eq(session.userId, leaving.user.id));
      expect(await s.closed).toEqual({ code: REALTIME_CLOSE.POLICY, reason: MSG_SESSION_ENDED });

      const busy = await createMember(ctx.app);
      const events: string[] = [];
      for (let i = 0; i <= SFU_MAX_OPEN_PER_MEMBER; i++) {
        const other = await newEvent(ctx.app, host.user.id);
        await setLive(other, host, true);
        events.push(other);
      }
      const open: TestSocket[] = [];
      for (const other of events.slice(0, SFU_MAX_OPEN_PER_MEMBER)) {
        const c = channel(other, 'viewer', busy);
        await opened(c);
        open.push(c);
      }
      const extra = channel(events[SFU_MAX_OPEN_PER_MEMBER], 'viewer', busy);
      expect(await extra.closed).toEqual({ code: REALTIME_CLOSE.TRY_LATER, reason: MSG_SFU_TOO_MANY });
      for (const c of open) expect(c.ws.readyState).toBe(c.ws.OPEN);
      for (const other of [...events, id]) await setLive(other, host, false);
    });

    it('the host gone clears live after the grace period', async () => {
      const { id, hostChannel } = await publishing();
      hostChannel.ws.close();
      await waitFor(async () => !(await isLive(id)), 'live cleared', 20_000);
    });

    it('Janus restarting clears live and closes the channels', async () => {
      const { id, hostChannel } = await publishing();
      await janus?.restart();
      expect(await hostChannel.closed).toEqual({
        code: REALTIME_CLOSE.TRY_LATER,
        reason: MSG_SFU_UNAVAILABLE,
      });
      await waitFor(async () => !(await isLive(id)), 'live cleared', 20_000);
      // The app finds Janus again by itself, and the inspector with it.
      await waitFor(() => sfuState(ctx.app)?.janus.up, 'a new Janus session', 30_000);
      await inspector.start().catch(() => {});
      await waitFor(() => inspector.up, 'the inspector back', 30_000);
      inspect = await inspector.attach(VIDEOROOM, () => {});
      const again = await publishing();
      expect(await participants(again.room)).toHaveLength(1);
      await setLive(again.id, host, false);
    }, 90_000);
  },
  { env: janus ? { JANUS_URL: janus.url, JANUS_API_SECRET: janus.apiSecret } : {} },
);

suite(
  'SFU mode: LIVE_MAX_VIEWERS still applies',
  (ctx) => {
    it('the next viewer is told the stream is full, and gets in once a place is free', async () => {
      const [host, first, next] = await createMembers(ctx.app, 3);
      await waitFor(() => sfuState(ctx.app)?.janus.up, 'the app’s Janus session');
      const origin = await listening(ctx.app);
      const id = uniqueId();
      await ctx.app.db
        .insert(event)
        .values({ id, name: 'Diwali', time: new Date(), host: host.user.id, liveStream: true });
      await setLiveFlag(ctx.app, id, true);
      const watcher = openSocket(origin, `/sfu?event=${id}&role=viewer`, first.cookie);
      await opened(watcher);
      const refused = openSocket(origin, `/sfu?event=${id}&role=viewer`, next.cookie);
      expect(await refused.closed).toEqual({ code: REALTIME_CLOSE.TRY_LATER, reason: MSG_SFU_FULL });
      watcher.ws.close();
      await watcher.closed;
      const admitted = await waitFor(async () => {
        const s = openSocket(origin, `/sfu?event=${id}&role=viewer`, next.cookie);
        // Admitted: it answers a keepalive. Refused (the place not yet free): it closes; try again.
        s.ws.on('open', () => s.ws.send(JSON.stringify({ janus: 'keepalive', transaction: 'k' })));
        return Promise.race([
          s
            .next((m) => m.transaction === 'k')
            .then(
              () => s,
              () => undefined,
            ),
          s.closed.then(() => undefined),
        ]);
      }, 'a place for the next viewer');
      admitted.ws.close();
      await setLiveFlag(ctx.app, id, false);
    }, 90_000);

    // Waits up to two ping rounds (30 s): on one engine only, the rule does not touch the database.
    it.skipIf(ctx.engine !== 'pglite')(
      'a phone that lost its network is dropped and frees its place',
      async () => {
        const [host, lost, next] = await createMembers(ctx.app, 3);
        const origin = await listening(ctx.app);
        const id = uniqueId();
        await ctx.app.db
          .insert(event)
          .values({ id, name: 'Janmashtami', time: new Date(), host: host.user.id, liveStream: true });
        await setLiveFlag(ctx.app, id, true);
        // The host's channel keeps the lease (20 s) renewed for longer than the test waits.
        const hostChannel = openSocket(origin, `/sfu?event=${id}&role=host`, host.cookie);
        await opened(hostChannel);
        // A client that never answers pings, as a phone whose network went without closing anything.
        const silent = new WebSocket(`${origin.replace(/^http/, 'ws')}/sfu?event=${id}&role=viewer`, {
          headers: { origin, cookie: lost.cookie },
          autoPong: false,
        });
        silent.on('error', () => {});
        await new Promise((resolve) => silent.once('open', resolve));
        const refused = openSocket(origin, `/sfu?event=${id}&role=viewer`, next.cookie);
        expect(await refused.closed).toEqual({ code: REALTIME_CLOSE.TRY_LATER, reason: MSG_SFU_FULL });
        const dropped = await new Promise<number>((resolve) => silent.once('close', resolve));
        expect(dropped).toBe(1006);
        await waitFor(() => sfuState(ctx.app)?.viewers(id) === 0, 'the place freed', 5000);
        const admitted = openSocket(origin, `/sfu?event=${id}&role=viewer`, next.cookie);
        await opened(admitted);
        const t = 'k';
        admitted.ws.send(JSON.stringify({ janus: 'keepalive', transaction: t }));
        expect(await admitted.next((m) => m.transaction === t)).toMatchObject({ janus: 'ack' });
        admitted.ws.close();
        await setLiveFlag(ctx.app, id, false);
      },
      2 * SFU_PING_MS + 20_000,
    );
  },
  { env: janus ? { JANUS_URL: janus.url, JANUS_API_SECRET: janus.apiSecret, LIVE_MAX_VIEWERS: '1' } : {} },
);

// Two app processes on one PostgreSQL (a load balancer sends /sfu to one of them): END, or the
// event's deletion, committed by the other process still ends the stream here.
const twoProcesses = hasJanus && TEST_DATABASE_URL ? describe : describe.skip;
twoProcesses('SFU mode across two app processes [postgres]', () => {
  it('END through the other process closes the channels and the room here', async () => {
    const database = await openTestDatabase('postgres');
    const second = await openSecondConnection(database);
    const env = { JANUS_URL: janus?.url as string, JANUS_API_SECRET: janus?.apiSecret as string };
    const apps: FastifyInstance[] = [];
    try {
      const a = await buildApp({ config: testConfig(env), database });
      apps.push(a);
      const b = await buildApp({ config: testConfig(env), database: second });
      apps.push(b);
      const [host, watcherMember] = await createMembers(a, 2);
      await waitFor(() => sfuState(a)?.janus.up, 'the app’s Janus session');
      const origin = await listening(a);
      for (const [deleteIt, name] of [
        [false, 'Holi'],
        [true, 'Uttarayan'],
      ] as const) {
        const id = uniqueId();
        await a.db.insert(event).values({ id, name, time: new Date(), host: host.user.id, liveStream: true });
        await setLiveFlag(a, id, true);
        const room = await waitFor(() => sfuState(a)?.roomOf(id), 'the room');
        await room.ready;
        const watcher = openSocket(origin, `/sfu?event=${id}&role=viewer`, watcherMember.cookie);
        await opened(watcher);
        if (deleteIt) {
          const res = await b.inject({
            method: 'DELETE',
            url: `/api/events/${id}`,
            headers: { cookie: (await createAdmin(b)).cookie },
          });
          expect(res.statusCode).toBe(204);
        } else {
          await setLiveFlag(b, id, false);
        }
        expect(await watcher.closed).toEqual({ code: 1000, reason: MSG_SFU_ENDED });
        await waitFor(() => !sfuState(a)?.roomOf(id), 'the room gone here');
      }
    } finally {
      for (const app of apps) await app.close();
      await second.close();
      await closeTestDatabase(database);
    }
  }, 120_000);
});
