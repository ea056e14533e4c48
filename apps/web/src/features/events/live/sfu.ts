// SFU mode (docs/product/live-video.md, "Signalling rules"): the browser's side of the app's
// `/sfu?event=<id>&role=host|viewer` channel. The server is Janus's only client and relays, for the member's
// role, a subset of Janus's JSON API on one VideoRoom handle it attached for this channel (apps/server
// features/events/sfu/rules.ts). This is a small typed wrapper over that subset — transactions, acks and
// answers, trickled candidates and the close codes — not janus.js: the session, the handle and the plugin are
// the server's, and what remains is a request/answer pair and a few events
// (docs/decisions/0041-live-video-janus-sfu.md).
import { SFU_CLOSE_REASON } from '@samaj/core';

export type SfuRole = 'host' | 'viewer';

/** What the server passes on of Janus's messages (rules.ts toMember): no session, no handle. */
export interface JanusMessage {
  janus: string;
  transaction?: string;
  plugindata?: { plugin: string; data: Record<string, unknown> };
  jsep?: RTCSessionDescriptionInit;
  error?: { code: number; reason: string };
  reason?: string;
  type?: string;
  receiving?: boolean;
  uplink?: boolean;
}

/** Janus's answer to a VideoRoom request: the plugin's data and, with an SDP exchange, its jsep. */
export interface JanusAnswer {
  data: Record<string, unknown>;
  jsep?: RTCSessionDescriptionInit;
}

/** The channel closed: Janus's or the server's refusal, or the stream ended. */
export class SfuClosed extends Error {
  override name = 'SfuClosed';
  constructor(
    readonly code: number,
    readonly reason: string,
  ) {
    super(reason || `closed (${code})`);
  }
}

/** Janus answered a request with an error (the channel stays open). */
export class JanusError extends Error {
  override name = 'JanusError';
  constructor(
    readonly code: number,
    reason: string,
  ) {
    super(reason);
  }
}

/** The error type (events.json live.errors) for a closed channel. */
export function closeErrorType(closed: { code: number; reason: string }): string {
  switch (closed.reason) {
    case SFU_CLOSE_REASON.watching:
      return 'already-watching';
    case SFU_CLOSE_REASON.hostTaken:
      return 'unavailable-id';
    default:
      return closed.code === 1013 ? 'server-error' : 'disconnected';
  }
}

export function sfuUrl(eventId: string, role: SfuRole, location: Location = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/sfu?event=${encodeURIComponent(eventId)}&role=${role}`;
}

/** How long a request may wait for Janus's answer (the server gives up at 30 s and says so). */
const ANSWER_TIMEOUT_MS = 35_000;

interface Pending {
  resolve(answer: JanusAnswer): void;
  reject(error: Error): void;
  /** A plugin request is acked first and answered by an event; others answer once. */
  plugin: boolean;
  timer: ReturnType<typeof setTimeout>;
}

export class SfuChannel {
  private readonly ws: WebSocket;
  private readonly pending = new Map<string, Pending>();
  private next = 0;
  private closedWith: SfuClosed | null = null;
  private readonly opened: Promise<void>;
  /** Messages that answer no request: webrtcup, media, hangup, slowlink, the plugin's own events. */
  onEvent: (message: JanusMessage) => void = () => {};
  /** The channel closed, for whatever reason, after it had opened (not called after close()). */
  onClose: (closed: SfuClosed) => void = () => {};
  private closing = false;

  constructor(eventId: string, role: SfuRole) {
    this.ws = new WebSocket(sfuUrl(eventId, role));
    this.opened = new Promise((resolve, reject) => {
      this.ws.addEventListener('open', () => resolve(), { once: true });
      this.ws.addEventListener('close', (event) => reject(new SfuClosed(event.code, event.reason)), {
        once: true,
      });
    });
    this.opened.catch(() => {});
    this.ws.addEventListener('message', (event) => this.receive(event.data));
    this.ws.addEventListener('close', (event) => {
      const closed = new SfuClosed(event.code, event.reason);
      this.closedWith = closed;
      for (const pending of this.pending.values()) {
        clearTimeout(pending.timer);
        pending.reject(closed);
      }
      this.pending.clear();
      if (!this.closing) this.onClose(closed);
    });
  }

  /** Resolves once the server admitted the socket (it may still close it at once with a reason). */
  ready(): Promise<void> {
    return this.opened;
  }

  /** A VideoRoom request (the server fills in room, pin and feeds): Janus's answer, or why not. */
  request(body: Record<string, unknown> & { request: string }, jsep?: RTCSessionDescriptionInit) {
    return this.send(
      { janus: 'message', body, ...(jsep ? { jsep: { type: jsep.type, sdp: jsep.sdp } } : {}) },
      true,
    );
  }

  /** Passes one of our ICE candidates on to Janus (null: gathering is complete). */
  trickle(candidate: RTCIceCandidate | null): void {
    const payload = candidate
      ? {
          candidate: candidate.candidate,
          sdpMid: candidate.sdpMid,
          sdpMLineIndex: candidate.sdpMLineIndex,
        }
      : { completed: true };
    // An empty candidate string is the end of one generation, not something to relay.
    if (candidate && !candidate.candidate) return;
    this.send({ janus: 'trickle', candidate: payload }, false).catch(() => {});
  }

  private async send(message: Record<string, unknown>, plugin: boolean): Promise<JanusAnswer> {
    await this.opened;
    if (this.closedWith) throw this.closedWith;
    const transaction = `t${++this.next}`;
    return new Promise<JanusAnswer>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(transaction);
        reject(new JanusError(504, 'No answer from the video server.'));
      }, ANSWER_TIMEOUT_MS);
      this.pending.set(transaction, { resolve, reject, plugin, timer });
      this.ws.send(JSON.stringify({ ...message, transaction }));
    });
  }

  private receive(raw: unknown): void {
    if (typeof raw !== 'string') return;
    let message: JanusMessage;
    try {
      message = JSON.parse(raw) as JanusMessage;
    } catch {
      return;
    }
    const pending = message.transaction ? this.pending.get(message.transaction) : undefined;
    if (!pending) {
      this.onEvent(message);
      return;
    }
    if (message.janus === 'ack' && pending.plugin) return;
    this.pending.delete(message.transaction as string);
    clearTimeout(pending.timer);
    const data = message.plugindata?.data ?? {};
    if (message.janus === 'error') {
      pending.reject(new JanusError(message.error?.code ?? 500, message.error?.reason ?? 'error'));
    } else if (typeof data.error_code === 'number') {
      pending.reject(new JanusError(data.error_code, String(data.error ?? 'error')));
    } else {
      pending.resolve({ data, jsep: message.jsep });
    }
  }

  close(): void {
    this.closing = true;
    if (this.ws.readyState === WebSocket.CONNECTING || this.ws.readyState === WebSocket.OPEN) {
      this.ws.close(1000);
    }
  }
}

/**
 * Sends a peer connection's candidates through the channel as they come, once `start()` is called
 * (Janus takes them once it has the SDP they belong to, sent just before).
 */
export function trickleThrough(pc: RTCPeerConnection, channel: SfuChannel): { start(): void } {
  const early: Array<RTCIceCandidate | null> = [];
  let started = false;
  pc.addEventListener('icecandidate', ({ candidate }) => {
    if (started) channel.trickle(candidate);
    else early.push(candidate);
  });
  return {
    start() {
      started = true;
      for (const candidate of early.splice(0)) channel.trickle(candidate);
    },
  };
}
