// "Watch again" against the real servers: Debian's Janus records a stream a Node WebRTC peer
// (libwebrtc, @roamhq/wrtc) publishes with picture and sound through the app's /sfu channel; END
// runs the replay job (janus-pp-rec, ffmpeg); members watch it with Range requests, visitors never;
// the manager deletes it, and deleting the event deletes it.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import wrtc from '@roamhq/wrtc';
import type { EventView } from '@samaj/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectError, expectVisitorRefused } from '../../../../test/api.ts';
import {
  acrossRestart,
  closeTestApp,
  createTestApp,
  describeEachDatabase,
  engines,
  tempDir,
} from '../../../../test/harness.ts';
import { createAdmin, createMembers, grantLabel, type TestMember } from '../../../../test/members.ts';
import { listening, opened, openSocket, type TestSocket } from '../../../../test/sockets.ts';
import { waitFor } from '../../../../test/wait.ts';
import { event } from '../../../db/schema/index.ts';
import { getStorage } from '../../../platform/storage/index.ts';
import { JANUS_BIN, type RunningJanus, startJanus } from '../sfu/janus-process.ts';
import { sfuState } from '../sfu/sfu.ts';
import { FFMPEG, FFPROBE, JANUS_PP_REC, recordingsRoot, replayPrefix } from './recording.ts';
import { MSG_NO_REPLAY } from './routes.ts';

const run = promisify(execFile);
const tools = [JANUS_BIN, JANUS_PP_REC, FFMPEG, FFPROBE];
const hasTools = tools.every((tool) => existsSync(tool));
if (!hasTools) {
  console.warn(`Replay tests skipped: one of ${tools.join(', ')} is absent (.ci/run installs them)`);
}
const janus: RunningJanus | undefined = hasTools ? await startJanus() : undefined;
afterAll(async () => {
  await janus?.stop();
});

/** A host's browser: camera (a moving picture) and microphone (a tone), sent through libwebrtc. */
async function hostPeer() {
  const pc = new wrtc.RTCPeerConnection({ iceServers: [] });
  const video = new wrtc.nonstandard.RTCVideoSource();
  const audio = new wrtc.nonstandard.RTCAudioSource();
  const videoTrack = video.createTrack();
  const audioTrack = audio.createTrack();
  pc.addTransceiver(audioTrack, { direction: 'sendonly' });
  pc.addTransceiver(videoTrack, { direction: 'sendonly' });
  const width = 320;
  const height = 240;
  let tick = 0;
  const drawing = setInterval(() => {
    // A picture that changes (the encoder sends little for a still one).
    const data = new Uint8Array(width * height * 1.5);
    data.fill((tick * 7) % 255, 0, width * height);
    data.fill(128, width * height);
    tick += 1;
    video.onFrame({ width, height, data });
  }, 40);
  // 440 Hz, 10 ms at a time.
  let sample = 0;
  const speaking = setInterval(() => {
    const samples = new Int16Array(480);
    for (let i = 0; i < samples.length; i++, sample++) {
      samples[i] = Math.round(8000 * Math.sin((2 * Math.PI * 440 * sample) / 48_000));
    }
    audio.onData({ samples, sampleRate: 48_000, bitsPerSample: 16, channelCount: 1, numberOfFrames: 480 });
  }, 10);
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
      clearInterval(speaking);
      videoTrack.stop();
      audioTrack.stop();
      pc.close();
    },
  };
}

let tx = 0;
async function ask(s: TestSocket, body: Record<string, unknown>, jsep?: Record<string, unknown>) {
  const transaction = `t${++tx}`;
  s.ws.send(JSON.stringify({ transaction, janus: 'message', body, ...(jsep ? { jsep } : {}) }));
  return s.next((m) => m.transaction === transaction && m.janus !== 'ack', 20_000);
}
const data = (m: Record<string, unknown>) => (m.plugindata as { data: Record<string, unknown> }).data;

async function setLive(app: FastifyInstance, id: string, who: TestMember, live: boolean) {
  const res = await call(app, 'PUT', `/api/events/${id}/live`, who, { live });
  expect(res.statusCode, res.body).toBe(200);
}

/** The event form as an Admin or Publisher sends it, with "Record for replay" on or off. */
async function createEventAs(
  app: FastifyInstance,
  who: TestMember,
  recordReplay: boolean,
): Promise<EventView> {
  const res = await call(app, 'POST', '/api/events', who, {
    name: 'Annual meeting',
    time: new Date(Date.now() + 3600_000).toISOString(),
    liveStream: true,
    recordReplay,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Goes live, publishes picture and sound for `seconds` through the app's /sfu channel, and ENDs. */
async function streamThrough(
  app: FastifyInstance,
  origin: string,
  id: string,
  who: TestMember,
  seconds: number,
): Promise<void> {
  await setLive(app, id, who, true);
  await waitFor(() => sfuState(app)?.roomOf(id), 'the room');
  await sfuState(app)?.roomOf(id)?.ready;
  const channel = openSocket(origin, `/sfu?event=${id}&role=host`, who.cookie);
  await opened(channel);
  expect(data(await ask(channel, { request: 'join', ptype: 'publisher' })).videoroom).toBe('joined');
  const peer = await hostPeer();
  try {
    const published = await ask(channel, { request: 'publish' }, peer.offer);
    expect(data(published)).toMatchObject({ configured: 'ok' });
    await peer.pc.setRemoteDescription(published.jsep as RTCSessionDescriptionInit);
    for (const candidate of peer.candidates) {
      channel.ws.send(JSON.stringify({ janus: 'trickle', transaction: `t${++tx}`, candidate }));
    }
    await channel.next((m) => m.janus === 'webrtcup', 20_000);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    await setLive(app, id, who, false);
    await channel.closed;
  } finally {
    peer.stop();
  }
}

/** The streams and length of a media file, as ffprobe reads them. */
async function probe(file: string): Promise<{ kinds: string[]; codecs: string[]; duration: number }> {
  const { stdout } = await run(FFPROBE, [
    ...['-v', 'error', '-show_entries', 'stream=codec_type,codec_name:format=duration'],
    ...['-of', 'json', file],
  ]);
  const info = JSON.parse(stdout) as {
    streams: Array<{ codec_type: string; codec_name: string }>;
    format: { duration: string };
  };
  return {
    kinds: info.streams.map((s) => s.codec_type).sort(),
    codecs: info.streams.map((s) => s.codec_name).sort(),
    duration: Number(info.format.duration),
  };
}

const suite = hasTools
  ? describeEachDatabase
  : (name: string, _fn: unknown, _options?: unknown) => describe.skip(name, () => {});

suite(
  'Watch again: a recorded stream becomes a replay',
  (ctx) => {
    let origin: string;
    let admin: TestMember;
    let publisher: TestMember;
    let member: TestMember;

    beforeAll(async () => {
      admin = await createAdmin(ctx.app);
      [publisher, member] = await createMembers(ctx.app, 2);
      await grantLabel(ctx.app, publisher.user.id, 'Publisher');
      origin = await listening(ctx.app);
      await waitFor(() => sfuState(ctx.app)?.janus.up, 'the app’s Janus session');
    }, 90_000);

    const createEvent = (who: TestMember, recordReplay: boolean) => createEventAs(ctx.app, who, recordReplay);
    const stream = (id: string, who: TestMember, seconds: number) =>
      streamThrough(ctx.app, origin, id, who, seconds);

    const replayOf = async (id: string, who: TestMember = member) =>
      ((await call(ctx.app, 'GET', `/api/events/${id}`, who)).json() as EventView).replay;

    it('records a stream with picture and sound; after END the job makes one seekable WebM for members', async () => {
      const created = await createEvent(admin, true);
      expect(created).toMatchObject({ recordReplay: true, replay: null });
      const id = created.id;
      await stream(id, admin, 5);
      // Janus wrote its raw recordings under the event's folder.
      const raw = path.join(recordingsRoot(ctx.app), id);
      expect(existsSync(raw)).toBe(true);

      const replay = await waitFor(() => replayOf(id), 'the replay', 90_000);
      expect(replay.duration).toBeGreaterThan(3);
      expect(replay.size).toBeGreaterThan(10_000);
      // The raw files go once the replay is stored (the job's last step, just after naming it).
      await waitFor(() => !(existsSync(raw) && readdirSync(raw).length > 0), 'the raw recordings gone');

      // Visitors never: the 401 shape, nothing of the video.
      await expectVisitorRefused(ctx.app, [
        ['GET', `/api/events/${id}/replay`],
        ['DELETE', `/api/events/${id}/replay`],
      ]);

      const whole = await ctx.app.inject({
        method: 'GET',
        url: `/api/events/${id}/replay`,
        headers: { cookie: member.cookie },
      });
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['content-type']).toBe('video/webm');
      expect(whole.headers['accept-ranges']).toBe('bytes');
      expect(whole.headers['cache-control']).toBe('private, no-store');
      expect(whole.rawPayload.length).toBe(replay.size);
      expect(Number(whole.headers['content-length'])).toBe(replay.size);

      // What a member's browser gets is a video with sound and a length.
      const file = path.join(tempDir(), 'replay.webm');
      writeFileSync(file, whole.rawPayload);
      const probed = await probe(file);
      expect(probed.kinds).toEqual(['audio', 'video']);
      expect(probed.codecs).toEqual(['opus', 'vp8']);
      expect(probed.duration).toBeGreaterThan(3);
      expect(Math.abs(probed.duration - replay.duration)).toBeLessThan(0.5);

      // Seeking: a Range request answers 206 with exactly those bytes.
      const part = await ctx.app.inject({
        method: 'GET',
        url: `/api/events/${id}/replay`,
        headers: { cookie: member.cookie, range: 'bytes=1000-2999' },
      });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 1000-2999/${replay.size}`);
      expect(Number(part.headers['content-length'])).toBe(2000);
      expect(part.rawPayload.equals(whole.rawPayload.subarray(1000, 3000))).toBe(true);
      const tail = await ctx.app.inject({
        method: 'GET',
        url: `/api/events/${id}/replay`,
        headers: { cookie: member.cookie, range: 'bytes=-100' },
      });
      expect(tail.statusCode).toBe(206);
      expect(tail.rawPayload.equals(whole.rawPayload.subarray(replay.size - 100))).toBe(true);
      const beyond = await ctx.app.inject({
        method: 'GET',
        url: `/api/events/${id}/replay`,
        headers: { cookie: member.cookie, range: `bytes=${replay.size + 10}-` },
      });
      expect(beyond.statusCode).toBe(416);
      expect(beyond.headers['content-range']).toBe(`bytes */${replay.size}`);
      expect(beyond.json()).toMatchObject({ code: 416, type: 'general_range_not_satisfiable' });

      // A member who does not manage the event cannot delete it; its manager (an Admin) can.
      expectError(await call(ctx.app, 'DELETE', `/api/events/${id}/replay`, member), 403, 'user_forbidden');
      expectError(
        await call(ctx.app, 'DELETE', `/api/events/${id}/replay`, publisher),
        403,
        'user_forbidden',
      );
      const [{ replayKey }] = await ctx.app.db
        .select({ replayKey: event.replayKey })
        .from(event)
        .where(eq(event.id, id));
      const storage = getStorage(ctx.app);
      expect(await storage.size(replayKey as string)).toBe(replay.size);
      expect((await call(ctx.app, 'DELETE', `/api/events/${id}/replay`, admin)).statusCode).toBe(204);
      expect(await replayOf(id)).toBeNull();
      const gone = await call(ctx.app, 'GET', `/api/events/${id}/replay`, member);
      expectError(gone, 404, 'document_not_found');
      expect(gone.json().message).toBe(MSG_NO_REPLAY);
      // The bytes go by the job.
      await waitFor(async () => (await storage.size(replayKey as string)) === null, 'the file deleted');
      expectError(
        await call(ctx.app, 'DELETE', `/api/events/${id}/replay`, admin),
        404,
        'document_not_found',
      );
    }, 180_000);

    it('deleting the event deletes its replay', async () => {
      const created = await createEvent(publisher, true);
      const id = created.id;
      await stream(id, publisher, 3);
      const first = await waitFor(() => replayOf(id), 'the replay', 90_000);
      expect(first.duration).toBeGreaterThan(1);
      // Streamed again (a host whose phone dropped starts again): the replay goes on from the first.
      await stream(id, publisher, 3);
      const replay = await waitFor(
        async () => {
          const now = await replayOf(id);
          return now && now.duration > first.duration + 1.5 ? now : null;
        },
        'the longer replay',
        90_000,
      );
      expect(replay.size).toBeGreaterThan(first.size);
      const joined = await call(ctx.app, 'GET', `/api/events/${id}/replay`, member);
      const file = path.join(tempDir(), 'joined.webm');
      writeFileSync(file, joined.rawPayload);
      const probed = await probe(file);
      expect(probed.kinds).toEqual(['audio', 'video']);
      expect(Math.abs(probed.duration - replay.duration)).toBeLessThan(0.5);
      // The Publisher who created it may watch it (a member) and delete it (its manager)...
      expect((await call(ctx.app, 'GET', `/api/events/${id}/replay`, publisher)).statusCode).toBe(200);
      const storage = getStorage(ctx.app);
      const local = path.join(ctx.config.dataDir, 'files', ...replayPrefix(id).split('/').filter(Boolean));
      expect(storage.kind).toBe('local');
      // The earlier file went (a job), only the joined one is kept.
      await waitFor(() => readdirSync(local).length === 1, 'the earlier replay deleted');
      // ...but here the event goes, and its replay with it.
      expect((await call(ctx.app, 'DELETE', `/api/events/${id}`, publisher)).statusCode).toBe(204);
      // One job deletes both, the stored replay first: wait for the raw recordings too, not only the
      // first to go (a busy machine saw the check land between the two).
      const recorded = path.join(recordingsRoot(ctx.app), id);
      await waitFor(
        () => !existsSync(local) && !existsSync(recorded),
        'the replay and its raw recordings deleted with the event',
      );
    }, 180_000);

    it('records nothing for an event that did not ask, nor is anything offered', async () => {
      const created = await createEvent(admin, false);
      expect(created.recordReplay).toBe(false);
      await stream(created.id, admin, 1);
      expect(existsSync(path.join(recordingsRoot(ctx.app), created.id))).toBe(false);
      const none = await call(ctx.app, 'GET', `/api/events/${created.id}/replay`, member);
      expectError(none, 404, 'document_not_found');
    }, 60_000);
  },
  { env: janus ? { JANUS_URL: janus.url, JANUS_API_SECRET: janus.apiSecret } : {} },
);

describe.skipIf(!hasTools)('Watch again across a restart', () => {
  for (const engine of engines()) {
    it(`a stream ENDed just before the server stopped becomes a replay after it starts again [${engine}]`, async () => {
      const env = { JANUS_URL: janus?.url as string, JANUS_API_SECRET: janus?.apiSecret as string };
      let id = '';
      let host: TestMember;
      await acrossRestart(engine, env, {
        // A process that runs no jobs: the stream is recorded and ended, its job only written.
        before: async (first) => {
          host = await createAdmin(first);
          const origin = await listening(first);
          await waitFor(() => sfuState(first)?.janus.up, 'the app’s Janus session');
          id = (await createEventAs(first, host, true)).id;
          await streamThrough(first, origin, id, host, 3);
        },
        between: async (config) => {
          const raw = path.join(config.janus?.recordingsDir as string, id);
          expect(readdirSync(raw).length).toBeGreaterThan(0);
        },
        // The next process picks the job up and makes the replay.
        after: async (second) => {
          const replay = await waitFor(
            async () => ((await call(second, 'GET', `/api/events/${id}`, host)).json() as EventView).replay,
            'the replay after the restart',
            90_000,
          );
          expect(replay.duration).toBeGreaterThan(1);
          const res = await call(second, 'GET', `/api/events/${id}/replay`, host);
          expect(res.statusCode).toBe(200);
          expect(res.rawPayload.length).toBe(replay.size);
        },
      });
    }, 180_000);
  }
});

describe.skipIf(!hasTools)('Watch again where Janus may not write', () => {
  for (const engine of engines()) {
    it(`Janus records nothing in a folder its protected_folders hold (/var): the stream works, no replay is offered [${engine}]`, async () => {
      const refused = mkdtempSync('/var/tmp/samaj-recordings-');
      const ctx = await createTestApp(engine, {
        env: {
          JANUS_URL: janus?.url as string,
          JANUS_API_SECRET: janus?.apiSecret as string,
          JANUS_RECORDINGS_DIR: refused,
        },
      });
      try {
        const host = await createAdmin(ctx.app);
        const origin = await listening(ctx.app);
        await waitFor(() => sfuState(ctx.app)?.janus.up, 'the app’s Janus session');
        const { id } = await createEventAs(ctx.app, host, true);
        // Janus creates the room and takes the host's media (streamThrough waits for webrtcup), but
        // writes no file there (docs/live-video.md tells operators to keep the folder out of the list).
        await streamThrough(ctx.app, origin, id, host, 1);
        const mjr = existsSync(path.join(refused, id))
          ? readdirSync(path.join(refused, id), { recursive: true }).filter((f) => String(f).endsWith('.mjr'))
          : [];
        expect(mjr).toEqual([]);
        await new Promise((resolve) => setTimeout(resolve, 6000));
        const view = (await call(ctx.app, 'GET', `/api/events/${id}`, host)).json() as EventView;
        expect(view.replay).toBeNull();
      } finally {
        await closeTestApp(ctx);
        rmSync(refused, { recursive: true, force: true });
      }
    }, 90_000);
  }
});
