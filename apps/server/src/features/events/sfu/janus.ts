// A small typed client of Janus Gateway's JSON API over its WebSocket transport (Janus 1.x,
// subprotocol `janus-protocol`). The app server is Janus's only client: it holds ONE Janus session
// per process (kept alive here) and one plugin handle per member's channel (sfu.ts); browsers never
// reach Janus. Why a wrapper of our own and not Meetecho's janus.js: janus.js is a browser library
// (it drives an RTCPeerConnection); on the server we only need requests, transactions and events.
// Why not Meetecho's Node client janode: it does not pass Janus's messages through (the relay's whole
// job), does not reconnect, and needs a native build at install (docs/decisions/0138-janus-client.md).
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import WebSocket from 'ws';

/** One JSON message from Janus (only the fields we read are typed). */
export interface JanusMessage {
  janus: string;
  transaction?: string;
  session_id?: number;
  sender?: number;
  data?: { id?: number };
  plugindata?: { plugin: string; data: Record<string, unknown> };
  jsep?: { type: string; sdp: string };
  error?: { code: number; reason: string };
  [key: string]: unknown;
}

/** Janus drops a session it hears nothing of for `session_timeout` (60 s by default). */
const KEEPALIVE_MS = 25_000;
/** How long a request the server makes for itself may take. */
const REQUEST_TIMEOUT_MS = 10_000;
/** Reconnecting after Janus went away: 1 s, doubling, at most this. */
const RECONNECT_MAX_MS = 10_000;

export class JanusError extends Error {
  override name = 'JanusError';
}

type Reply = (message: JanusMessage) => boolean;

interface Pending {
  /** Gets each message with this transaction; true once the exchange is over. */
  reply: Reply;
  fail: (err: Error) => void;
  timer: NodeJS.Timeout;
}

export class JanusClient {
  private ws: WebSocket | undefined;
  private sessionId: number | undefined;
  private readonly pending = new Map<string, Pending>();
  private readonly handles = new Map<number, (message: JanusMessage) => void>();
  private readonly downListeners = new Set<() => void>();
  private readonly upListeners = new Set<() => void>();
  private keepalive: NodeJS.Timeout | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private backoff = 1000;
  private closed = false;
  private connecting: Promise<void> | undefined;
  private warned = false;
  /** Requests sent to Janus, keepalives aside: tests prove that a refused member caused none. */
  sent = 0;

  constructor(
    private readonly url: string,
    private readonly apiSecret: string | undefined,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Whether a session is open on a connected Janus. */
  get up(): boolean {
    return this.sessionId !== undefined && this.ws?.readyState === WebSocket.OPEN;
  }

  /** Called whenever the connection (and with it the session and every handle) is lost. */
  onDown(listener: () => void): void {
    this.downListeners.add(listener);
  }

  /** Called whenever a new session is open (first start and after every reconnect). */
  onUp(listener: () => void): void {
    this.upListeners.add(listener);
  }

  /** Connects and opens the session; keeps reconnecting in the background until close(). */
  start(): Promise<void> {
    this.connecting ??= this.connect().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private connect(): Promise<void> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(this.url, 'janus-protocol', { perMessageDeflate: false });
      this.ws = ws;
      let opened = false;
      ws.on('open', () => {
        opened = true;
        this.request({ janus: 'create' })
          .then((created) => {
            this.sessionId = created.data?.id;
            this.backoff = 1000;
            this.warned = false;
            this.keepalive = setInterval(() => this.sendKeepalive(), KEEPALIVE_MS);
            this.keepalive.unref();
            for (const listener of this.upListeners) listener();
            resolve();
          })
          .catch((err) => {
            // A wrong JANUS_API_SECRET lands here ("Unauthorized request").
            if (!this.warned)
              this.log.warn({ err: err.message, url: this.url }, 'janus: could not open a session');
            this.warned = true;
            reject(err);
            ws.terminate();
          });
      });
      ws.on('message', (data) => this.receive(String(data)));
      ws.on('error', (err) => {
        if (!opened) reject(err);
        // Once per outage, not on every reconnect attempt.
        if (!this.warned) this.log.warn({ err: err.message, url: this.url }, 'janus: connection error');
        this.warned = true;
      });
      ws.on('close', () => {
        if (!opened) reject(new JanusError('Janus is not reachable'));
        this.lost(ws);
      });
    });
  }

  private lost(ws: WebSocket): void {
    if (this.ws !== ws) return;
    const hadSession = this.sessionId !== undefined;
    this.ws = undefined;
    this.sessionId = undefined;
    clearInterval(this.keepalive);
    for (const [tx, p] of this.pending) {
      clearTimeout(p.timer);
      p.fail(new JanusError('Janus went away'));
      this.pending.delete(tx);
    }
    this.handles.clear();
    if (hadSession) for (const listener of this.downListeners) listener();
    if (this.closed) return;
    this.reconnectTimer = setTimeout(() => {
      this.start().catch(() => {});
    }, this.backoff);
    this.reconnectTimer.unref();
    this.backoff = Math.min(this.backoff * 2, RECONNECT_MAX_MS);
  }

  private receive(text: string): void {
    let message: JanusMessage;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    const p = message.transaction ? this.pending.get(message.transaction) : undefined;
    if (p) {
      if (p.reply(message)) {
        clearTimeout(p.timer);
        this.pending.delete(message.transaction as string);
      }
      return;
    }
    if (typeof message.sender === 'number') this.handles.get(message.sender)?.(message);
  }

  private sendKeepalive(): void {
    if (!this.up) return;
    const ws = this.ws;
    // A Janus that stopped answering (hung, or its machine gone without closing the connection) is
    // treated as gone: the connection is cut, which tells the SFU and starts reconnecting.
    this.raw({ janus: 'keepalive', session_id: this.sessionId }, () => true, REQUEST_TIMEOUT_MS).catch(() =>
      ws?.terminate(),
    );
  }

  /** Sends `payload` with a fresh transaction; `reply` sees every message of that transaction. */
  private raw(payload: Record<string, unknown>, reply: Reply, timeoutMs: number): Promise<void> {
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN)
      return Promise.reject(new JanusError('Janus is not connected'));
    const transaction = randomBytes(9).toString('base64url');
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(transaction);
        reject(new JanusError(`Janus did not answer ${String(payload.janus)} in time`));
      }, timeoutMs);
      timer.unref();
      this.pending.set(transaction, {
        reply: (m) => {
          const done = reply(m);
          if (done) resolve();
          return done;
        },
        fail: reject,
        timer,
      });
      const secret = this.apiSecret ? { apisecret: this.apiSecret } : {};
      if (payload.janus !== 'keepalive') this.sent += 1;
      ws.send(JSON.stringify({ ...payload, ...secret, transaction }));
    });
  }

  /** A core request (create, attach, detach, …): its first answer that is not an ack. */
  private async request(payload: Record<string, unknown>): Promise<JanusMessage> {
    let answer: JanusMessage | undefined;
    await this.raw(
      payload,
      (m) => {
        if (m.janus === 'ack') return false;
        answer = m;
        return true;
      },
      REQUEST_TIMEOUT_MS,
    );
    const got = answer as JanusMessage;
    if (got.janus === 'error') throw new JanusError(got.error?.reason ?? 'Janus refused the request');
    return got;
  }

  /** Attaches a handle to `plugin`; `onEvent` gets the handle's events that answer no request of ours. */
  async attach(plugin: string, onEvent: (message: JanusMessage) => void): Promise<number> {
    const attached = await this.request({ janus: 'attach', session_id: this.sessionId, plugin });
    const id = attached.data?.id;
    if (typeof id !== 'number') throw new JanusError('Janus attached no handle');
    this.handles.set(id, onEvent);
    return id;
  }

  /** Detaches (hangs up and leaves): what a member's closed channel does. Absent is fine. */
  async detach(handleId: number): Promise<void> {
    if (!this.handles.delete(handleId) || !this.up) return;
    await this.request({ janus: 'detach', session_id: this.sessionId, handle_id: handleId }).catch(() => {});
  }

  /** A synchronous plugin request the server makes for itself (create, destroy, exists): its data. */
  async pluginRequest(handleId: number, body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const answer = await this.request({
      janus: 'message',
      session_id: this.sessionId,
      handle_id: handleId,
      body,
    });
    const data = answer.plugindata?.data ?? {};
    if (typeof data.error_code === 'number') throw new JanusError(String(data.error ?? 'VideoRoom error'));
    return data;
  }

  /**
   * Relays a member's message on their handle: every message Janus sends for it (the ack, then the
   * plugin's event) goes to `answer` until the exchange is over.
   */
  relay(
    handleId: number,
    payload: Record<string, unknown>,
    answer: (message: JanusMessage) => void,
    timeoutMs: number,
  ): Promise<void> {
    const asyncRequest = payload.janus === 'message';
    return this.raw(
      { ...payload, session_id: this.sessionId, handle_id: handleId },
      (m) => {
        answer(m);
        // A plugin message is acked first and answered by an event; everything else answers once.
        return !(asyncRequest && m.janus === 'ack');
      },
      timeoutMs,
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.keepalive);
    const ws = this.ws;
    if (!ws) return;
    if (this.up) {
      await this.request({ janus: 'destroy', session_id: this.sessionId }).catch(() => {});
    }
    await new Promise<void>((resolve) => {
      ws.once('close', () => resolve());
      ws.close();
      setTimeout(resolve, 1000).unref();
    });
  }
}
