// What a member's SFU channel may ask of Janus (docs/product/live-video.md, "Signalling rules"): the browser
// speaks a subset of Janus's own JSON API for ONE VideoRoom handle the server attached for it, and the server
// passes on only what the member's role allows, with the room, its pin and the feeds filled in by the server:
// - a viewer joins as a subscriber of the event's room, starts, configures or pauses its
//   subscription, leaves, trickles its candidates and hangs up;
// - the event's host (or an Admin) joins as the publisher, publishes, configures (renegotiation:
//   a replaced camera track), unpublishes and leaves;
// - anything else — creating, listing, editing or destroying rooms, other plugins, another session
//   or handle, a field the server sets (room, pin, secret, feed, id) — closes that member's channel
//   with a clear code and touches no one else. Malformed: 1007; not allowed: 1008; binary: 1003.
import { documentIdSchema, REALTIME_CLOSE } from '@samaj/core';
import { z } from 'zod';

export type SfuRole = 'host' | 'viewer';

/** Not in spec: one message of an SFU channel (an SDP offer is a few KB; a renegotiation with simulcast ~12 KB). */
export const SFU_MAX_MESSAGE_BYTES = 32 * 1024;

export const MSG_SFU_NOT_JSON = 'Not JSON.';
export const MSG_SFU_MALFORMED = 'Not a request this channel relays.';
export const MSG_SFU_ONLY_VIDEOROOM =
  'Only VideoRoom requests for this event pass; sessions, handles and plugins are the server’s.';
export const MSG_SFU_ROOMS = 'Rooms are the server’s: this request is not relayed.';
export const MSG_SFU_HOST_ONLY = 'Only the host of this event or an Admin may publish.';
export const MSG_SFU_SERVER_FIELD =
  'A field the server sets (room, pin, secret, feed, id) or one not allowed.';

const transaction = z.string().min(1).max(64);
const sdp = z.string().min(1).max(SFU_MAX_MESSAGE_BYTES);
const offer = z.object({ type: z.literal('offer'), sdp }).strict();
const answer = z.object({ type: z.literal('answer'), sdp }).strict();
const mid = z.string().min(1).max(16);
const candidate = z.union([
  z
    .object({
      candidate: z.string().max(512),
      sdpMid: mid.nullish(),
      sdpMLineIndex: z.number().int().min(0).max(32).nullish(),
      usernameFragment: z.string().max(256).nullish(),
    })
    .strict(),
  z.object({ completed: z.literal(true) }).strict(),
]);

/** The envelope: one of the Janus verbs a channel may use, no session, handle or plugin of its own. */
const envelope = z.discriminatedUnion('janus', [
  z
    .object({
      janus: z.literal('message'),
      transaction,
      body: z.object({ request: z.string().min(1).max(32) }).passthrough(),
      jsep: z.union([offer, answer]).optional(),
    })
    .strict(),
  z
    .object({
      janus: z.literal('trickle'),
      transaction,
      candidate: candidate.optional(),
      candidates: z.array(candidate).min(1).max(32).optional(),
    })
    .strict(),
  z.object({ janus: z.literal('hangup'), transaction }).strict(),
  z.object({ janus: z.literal('keepalive'), transaction }).strict(),
]);
const VERBS = new Set(['message', 'trickle', 'hangup', 'keepalive']);

const codec = z.enum(['opus', 'vp8', 'vp9', 'h264', 'av1']);
const bitrate = z.number().int().min(0).max(8_000_000);
const descriptions = z.array(z.object({ mid, description: z.string().max(64) }).strict()).max(8);

/** The body each request may carry, per role; every other field closes the channel. */
const viewerBodies = {
  join: z.object({ request: z.literal('join'), ptype: z.literal('subscriber') }).strict(),
  start: z.object({ request: z.literal('start') }).strict(),
  configure: z
    .object({
      request: z.literal('configure'),
      streams: z
        .array(
          z
            .object({
              mid,
              send: z.boolean().optional(),
              substream: z.number().int().min(0).max(2).optional(),
              temporal: z.number().int().min(0).max(2).optional(),
            })
            .strict(),
        )
        .max(8)
        .optional(),
      restart: z.boolean().optional(),
    })
    .strict(),
  pause: z.object({ request: z.literal('pause') }).strict(),
  leave: z.object({ request: z.literal('leave') }).strict(),
} as const;

const hostBodies = {
  join: z.object({ request: z.literal('join'), ptype: z.literal('publisher') }).strict(),
  publish: z
    .object({
      request: z.literal('publish'),
      audiocodec: codec.optional(),
      videocodec: codec.optional(),
      bitrate: bitrate.optional(),
      descriptions: descriptions.optional(),
    })
    .strict(),
  configure: z
    .object({
      request: z.literal('configure'),
      bitrate: bitrate.optional(),
      keyframe: z.boolean().optional(),
      streams: z
        .array(z.object({ mid, send: z.boolean().optional(), keyframe: z.boolean().optional() }).strict())
        .max(8)
        .optional(),
      descriptions: descriptions.optional(),
    })
    .strict(),
  unpublish: z.object({ request: z.literal('unpublish') }).strict(),
  leave: z.object({ request: z.literal('leave') }).strict(),
} as const;

/** Requests only a publisher makes: a viewer asking for them is told who may. */
const PUBLISHING = new Set(['publish', 'unpublish', 'joinandconfigure']);

/** A message the server may pass on, with the body as checked (the server adds room, pin, feed). */
export type SfuRequest =
  | {
      janus: 'message';
      transaction: string;
      body: Record<string, unknown> & { request: string };
      jsep?: { type: 'offer' | 'answer'; sdp: string };
    }
  | { janus: 'trickle'; transaction: string; candidate?: unknown; candidates?: unknown[] }
  | { janus: 'hangup'; transaction: string }
  | { janus: 'keepalive'; transaction: string };

export type Checked = { ok: true; request: SfuRequest } | { ok: false; code: number; reason: string };

const refuse = (code: number, reason: string): Checked => ({ ok: false, code, reason });

/** Decides one text frame of a member's channel: what to pass on, or how to close the channel. */
export function checkSfuMessage(role: SfuRole, text: string): Checked {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return refuse(REALTIME_CLOSE.MALFORMED, MSG_SFU_NOT_JSON);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return refuse(REALTIME_CLOSE.MALFORMED, MSG_SFU_MALFORMED);
  }
  const record = parsed as Record<string, unknown>;
  // Another verb (create, attach, destroy, claim, info…) or naming a session, handle or plugin.
  if (typeof record.janus === 'string' && !VERBS.has(record.janus)) {
    return refuse(REALTIME_CLOSE.POLICY, MSG_SFU_ONLY_VIDEOROOM);
  }
  if ('session_id' in record || 'handle_id' in record || 'plugin' in record || 'apisecret' in record) {
    return refuse(REALTIME_CLOSE.POLICY, MSG_SFU_ONLY_VIDEOROOM);
  }
  const envelopeResult = envelope.safeParse(parsed);
  if (!envelopeResult.success) return refuse(REALTIME_CLOSE.MALFORMED, MSG_SFU_MALFORMED);
  const message = envelopeResult.data;
  if (message.janus !== 'message') return { ok: true, request: message };

  const name = message.body.request;
  const bodies: Record<string, z.ZodType<Record<string, unknown>>> = role === 'host'
    ? hostBodies
    : viewerBodies;
  const schema = Object.hasOwn(bodies, name) ? bodies[name] : undefined;
  if (!schema) {
    if (role === 'viewer' && PUBLISHING.has(name)) return refuse(REALTIME_CLOSE.POLICY, MSG_SFU_HOST_ONLY);
    return refuse(REALTIME_CLOSE.POLICY, MSG_SFU_ROOMS);
  }
  if (role === 'viewer' && name === 'join' && message.body.ptype === 'publisher') {
    return refuse(REALTIME_CLOSE.POLICY, MSG_SFU_HOST_ONLY);
  }
  const body = schema.safeParse(message.body);
  if (!body.success) return refuse(REALTIME_CLOSE.POLICY, MSG_SFU_SERVER_FIELD);
  // An SDP only where Janus expects one: the host's offer (publish, renegotiating configure), the
  // viewer's answer (start).
  const jsepType = message.jsep?.type;
  const wanted =
    role === 'host'
      ? name === 'publish'
        ? 'offer'
        : name === 'configure'
          ? 'offer?'
          : 'none'
      : name === 'start'
        ? 'answer'
        : 'none';
  const fits =
    wanted === 'none'
      ? jsepType === undefined
      : wanted === 'offer?'
        ? jsepType === undefined || jsepType === 'offer'
        : jsepType === wanted;
  if (!fits) return refuse(REALTIME_CLOSE.MALFORMED, MSG_SFU_MALFORMED);
  return {
    ok: true,
    request: { ...message, body: body.data as Record<string, unknown> & { request: string } },
  };
}

/** What of Janus's messages reaches the member: the shape janus.js reads, nothing of the server's session. */
export function toMember(
  message: Record<string, unknown>,
  transaction: string | undefined,
): Record<string, unknown> {
  const out: Record<string, unknown> = { janus: message.janus };
  if (transaction !== undefined) out.transaction = transaction;
  const plugindata = message.plugindata as { plugin?: unknown; data?: unknown } | undefined;
  if (plugindata) out.plugindata = { plugin: plugindata.plugin, data: plugindata.data };
  for (const key of [
    'jsep',
    'candidate',
    'error',
    'reason',
    'type',
    'receiving',
    'mid',
    'uplink',
    'media',
    'seconds',
    'nacks',
  ]) {
    if (key in message) out[key] = message[key];
  }
  return out;
}

export const SFU_PATH = '/sfu';

const SFU_QUERY = new Set(['event', 'role']);

/** `{ eventId, role }` from `/sfu?event=<id>&role=host|viewer`, each named once and nothing else; or null. */
export function sfuQuery(url: string | undefined): { eventId: string; role: SfuRole } | null {
  let parsed: URL;
  try {
    parsed = new URL(url ?? '', 'https://sfu');
  } catch {
    return null;
  }
  if (parsed.pathname !== SFU_PATH) return null;
  const seen = new Set<string>();
  for (const name of parsed.searchParams.keys()) {
    if (!SFU_QUERY.has(name) || seen.has(name)) return null;
    seen.add(name);
  }
  const eventId = parsed.searchParams.get('event');
  const role = parsed.searchParams.get('role');
  if (!documentIdSchema.safeParse(eventId).success || (role !== 'host' && role !== 'viewer')) return null;
  return { eventId: eventId as string, role };
}
