// "Watch again" (docs/product/live-video.md, "Watch again"): how an event's stream becomes its replay.
// - While live, an event that asked for "record for replay" has its Janus room created with
//   recording on (`record`, `rec_dir`): Janus writes each published stream as a .mjr file (RTP
//   packets as they came) under JANUS_RECORDINGS_DIR/<event>/<room>/.
// - Once it is no longer live (END, the host gone, a lapsed lease), the replay.make job turns them
//   into ONE file: `janus-pp-rec` for each stream (VP8 → .webm, Opus → .opus, no decoding), then
//   ffmpeg muxes each publisher's video and audio (lined up by the time of their first packets) and
//   joins the pieces (a host who reconnected publishes anew; an earlier replay comes first) into a
//   WebM with its index (Cues) at the front, so Chromium seeks from the first Range request.
//   Why WebM: Janus's VideoRoom sends VP8 and Opus, which WebM holds as they are (stream copy; MP4
//   has no standard place for VP8, so MP4 would mean re-encoding the whole stream on this machine).
// - The file is stored with the storage layer (local disk or S3) under replays/<event>/<id>/replay.webm
//   (a folder per replay) and named on the event; the raw files are deleted. A failure throws and the job is retried.

import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { isUniqueId } from '@samaj/core';
import type { FastifyInstance } from 'fastify';
import { getStorage } from '../../../platform/storage/index.ts';
import { nameReplay, recordsReplay, replayMaking, storedReplay } from './queries.ts';

const run = promisify(execFile);

export const REPLAY_CONTENT_TYPE = 'video/webm';
export const JANUS_PP_REC = '/usr/bin/janus-pp-rec';
export const FFMPEG = '/usr/bin/ffmpeg';
export const FFPROBE = '/usr/bin/ffprobe';
/** Long tools get this long (an hour-long stream is copied, not encoded: seconds, not minutes). */
const TOOL_TIMEOUT_MS = 20 * 60_000;

/** Where recordings are written and read: JANUS_RECORDINGS_DIR, else DATA_DIR/recordings. */
export function recordingsRoot(app: Pick<FastifyInstance, 'config'>): string {
  return app.config.janus?.recordingsDir ?? path.join(app.config.dataDir, 'recordings');
}

/** One event's recordings folder (its id is checked: it becomes a path). */
export function eventRecordings(app: Pick<FastifyInstance, 'config'>, eventId: string): string {
  if (!isUniqueId(eventId)) throw new Error(`Not an event id: ${JSON.stringify(eventId)}`);
  return path.join(recordingsRoot(app), eventId);
}

/** The storage prefix of an event's replays. */
export const replayPrefix = (eventId: string) => `replays/${eventId}/`;

/**
 * What the VideoRoom `create` request adds for an event's room: recording on, into a folder of
 * this stream's own, when the event asked for a replay; nothing otherwise.
 */
export async function roomRecording(
  app: FastifyInstance,
  eventId: string,
  roomId: number,
): Promise<Record<string, unknown>> {
  if (!(await recordsReplay(app.db, eventId))) return {};
  const dir = path.join(eventRecordings(app, eventId), String(roomId));
  // Janus creates it too; made here so that a Janus apart finds the shared folder's parent.
  await mkdir(dir, { recursive: true }).catch(() => {});
  // lock_record: only the room's secret (the server's) may change recording.
  return { record: true, rec_dir: dir, lock_record: true, videocodec: 'vp8', audiocodec: 'opus' };
}

/** What `janus-pp-rec --json` prints of a recording's header (the fields read here). */
interface MjrHeader {
  /** 'a' audio, 'v' video, 'd' data. */
  t: string;
  /** Codec: 'vp8', 'opus', … */
  c: string;
  /** When the first packet was written (µs). */
  u?: number;
  /** When the file was created (µs). */
  s?: number;
}

async function header(file: string): Promise<MjrHeader | null> {
  try {
    const { stdout } = await run(JANUS_PP_REC, ['--json', file], { timeout: 30_000 });
    return JSON.parse(stdout.trim()) as MjrHeader;
  } catch {
    return null; // empty or cut short: nothing to make of it
  }
}

/** One publisher's streams (Janus names them `<prefix>-video-<mid>.mjr`, `<prefix>-audio-<mid>.mjr`). */
interface Piece {
  name: string;
  video?: { file: string; start: number };
  audio?: { file: string; start: number };
}

async function piecesIn(dirs: string[]): Promise<Piece[]> {
  const byName = new Map<string, Piece>();
  for (const dir of dirs) {
    for (const name of await readdir(dir)) {
      const match = /^(.*)-(audio|video)(-\d+)?\.mjr$/.exec(name);
      if (!match) continue;
      const file = path.join(dir, name);
      if ((await stat(file)).size === 0) continue;
      const info = await header(file);
      if (!info || (info.t !== 'a' && info.t !== 'v')) continue;
      const key = path.join(dir, match[1]);
      const piece = byName.get(key) ?? { name: key };
      const start = info.u ?? info.s ?? 0;
      if (info.t === 'v' && info.c === 'vp8') piece.video = { file, start };
      if (info.t === 'a' && info.c === 'opus') piece.audio = { file, start };
      byName.set(key, piece);
    }
  }
  // A piece without video is left out (nothing to watch); in the order they were published.
  return [...byName.values()]
    .filter((p) => p.video)
    .sort((a, b) => (a.video?.start ?? 0) - (b.video?.start ?? 0));
}

/** One publisher's video and audio as one WebM in `work` (audio shifted to where it started). */
async function muxPiece(piece: Piece, work: string, index: number): Promise<string | null> {
  const video = piece.video as { file: string; start: number };
  const videoOut = path.join(work, `${index}-video.webm`);
  await run(JANUS_PP_REC, [video.file, videoOut], { timeout: TOOL_TIMEOUT_MS });
  if (!existsSync(videoOut) || (await stat(videoOut)).size === 0) return null;
  const out = path.join(work, `${index}.webm`);
  const args = ['-hide_banner', '-loglevel', 'error', '-y', '-i', videoOut];
  let audioOut: string | null = null;
  if (piece.audio) {
    audioOut = path.join(work, `${index}-audio.opus`);
    await run(JANUS_PP_REC, [piece.audio.file, audioOut], { timeout: TOOL_TIMEOUT_MS });
    if (!existsSync(audioOut) || (await stat(audioOut)).size === 0) audioOut = null;
  }
  if (audioOut) {
    const offset = ((piece.audio as { start: number }).start - video.start) / 1e6;
    args.push('-itsoffset', offset.toFixed(3), '-i', audioOut, '-map', '0:v:0', '-map', '1:a:0');
  } else {
    // No sound was sent: a silent track, so every piece has the same streams and they join.
    args.push('-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=stereo', '-map', '0:v:0', '-map', '1:a:0');
    args.push('-c:a', 'libopus', '-shortest');
  }
  args.push('-c:v', 'copy');
  if (audioOut) args.push('-c:a', 'copy');
  args.push(out);
  await run(FFMPEG, args, { timeout: TOOL_TIMEOUT_MS });
  return out;
}

/** Joins WebM pieces (same codecs) into `out`, with the index at the front for seeking. */
async function join(pieces: string[], work: string, out: string): Promise<void> {
  const list = path.join(work, 'pieces.txt');
  await writeFile(list, pieces.map((p) => `file '${p.replaceAll("'", "'\\''")}'\n`).join(''));
  await run(
    FFMPEG,
    [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'concat', '-safe', '0', '-i', list],
      ...['-map', '0', '-c', 'copy', '-cues_to_front', '1', out],
    ],
    { timeout: TOOL_TIMEOUT_MS },
  );
}

/** A media file's length in seconds (ffprobe), 0 when unknown. */
export async function mediaDuration(file: string): Promise<number> {
  const { stdout } = await run(
    FFPROBE,
    ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=nw=1:nk=1', file],
    { timeout: 60_000 },
  );
  const seconds = Number.parseFloat(stdout.trim());
  return Number.isFinite(seconds) ? seconds : 0;
}

export type ReplayOutcome = 'made' | 'live' | 'nothing' | 'gone';

/**
 * The replay.make job: the event's recordings (every stream since the last replay was made)
 * become its replay. Safe to run again: the raw files go only after the event names the new file.
 */
export async function makeReplay(app: FastifyInstance, eventId: string): Promise<ReplayOutcome> {
  const root = eventRecordings(app, eventId);
  const row = await replayMaking(app.db, eventId);
  if (!row) {
    await rm(root, { recursive: true, force: true });
    return 'gone';
  }
  // Streaming again: Janus is still writing; the END of this stream sends the job again.
  if (row.live) return 'live';
  if (!existsSync(root)) return 'nothing';
  const sessions = [];
  for (const name of await readdir(root)) {
    const dir = path.join(root, name);
    if ((await stat(dir)).isDirectory()) sessions.push(dir);
  }
  const pieces = await piecesIn(sessions);
  if (pieces.length === 0) {
    await rm(root, { recursive: true, force: true });
    return 'nothing';
  }
  const storage = getStorage(app);
  const work = await mkdtemp(path.join(tmpdir(), 'samaj-replay-'));
  try {
    const parts: string[] = [];
    // An earlier replay of this event comes first: a stream started again continues it.
    if (row.replayKey) {
      const earlier = await storage.read(row.replayKey);
      if (earlier) {
        const file = path.join(work, 'earlier.webm');
        await pipeline(earlier, createWriteStream(file));
        parts.push(file);
      }
    }
    for (const [index, piece] of pieces.entries()) {
      const made = await muxPiece(piece, work, index);
      if (made) parts.push(made);
    }
    if (parts.length === 0 || (parts.length === 1 && row.replayKey)) {
      await rm(root, { recursive: true, force: true });
      return 'nothing';
    }
    const out = path.join(work, 'replay.webm');
    await join(parts, work, out);
    const duration = await mediaDuration(out);
    const size = (await stat(out)).size;
    const key = `${replayPrefix(eventId)}${randomUUID()}/replay.webm`;
    await storage.putFile(key, out, REPLAY_CONTENT_TYPE);
    const named = await app.events.transaction(async (tx) => {
      const updated = await nameReplay(tx, eventId, { key, bytes: size, seconds: duration });
      if (updated) {
        if (row.replayKey && row.replayKey !== key) {
          await app.jobs.send('replay.delete', { eventId, key: row.replayKey }, { tx });
        }
        await app.events.publish(tx, 'event.changed', { eventId, change: 'updated' });
      }
      return updated;
    });
    if (!named) {
      // Deleted meanwhile: its replay goes too.
      await storage.deletePrefix(replayPrefix(eventId));
      await rm(root, { recursive: true, force: true });
      return 'gone';
    }
    for (const dir of sessions) await rm(dir, { recursive: true, force: true });
    return 'made';
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** The replay.delete job: one stored replay, or (key null) all an event recorded and stored. */
export async function deleteReplay(app: FastifyInstance, eventId: string, key: string | null): Promise<void> {
  const storage = getStorage(app);
  if (key) {
    // Each replay is the only object of a folder of its own (storage deletes by folder).
    const folder = key.slice(0, key.lastIndexOf('/') + 1);
    if (!folder.startsWith(replayPrefix(eventId)) || folder === replayPrefix(eventId)) {
      throw new Error(`Not a replay of ${eventId}: ${key}`);
    }
    const row = await storedReplay(app.db, eventId);
    if (row?.key === key) return; // named again meanwhile: kept
    await storage.deletePrefix(folder);
    return;
  }
  await storage.deletePrefix(replayPrefix(eventId));
  await rm(eventRecordings(app, eventId), { recursive: true, force: true });
}
