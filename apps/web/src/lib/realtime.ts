// The realtime connection (docs/product/errors.md, "Realtime connection"): one WebSocket at /realtime shared
// by every screen, carrying channel subscriptions. After a drop it reconnects on its schedule, stops for good
// on close code 1008 (the server refused the session), debounces connects by 50 ms so a screen subscribing to
// several channels opens one socket, and tells subscribers to refetch after a reconnect, since messages sent
// meanwhile are lost.
import {
  REALTIME_CONNECT_DEBOUNCE_MS,
  REALTIME_PATH,
  REALTIME_STOP_CODE,
  type RealtimeClientMessage,
  type RealtimeServerMessage,
  realtimeReconnectDelayMs,
} from '@samaj/core';
import { useEffect, useRef } from 'react';

/** A change on a channel: refetch `id` (core's realtime protocol). */
export type RealtimeChange = Extract<RealtimeServerMessage, { type: 'change' }>;
export type RealtimeListener = (change: RealtimeChange) => void;

interface Subscription {
  channel: string;
  onMessage?: RealtimeListener;
  /** SFU mode: the server's viewer count of the live event on this channel. */
  onViewers?: (viewers: number) => void;
  onReconnect?: () => void;
}

/** WebSocket.OPEN, spelled out so the client also runs where WebSocket is stubbed. */
const OPEN = 1;

type SocketFactory = (url: string) => WebSocket;

export interface RealtimeOptions {
  url: () => string;
  createSocket?: SocketFactory;
  log?: (message: string) => void;
}

export class RealtimeClient {
  private socket: WebSocket | null = null;
  private readonly subscriptions = new Set<Subscription>();
  private connectTimer: ReturnType<typeof setTimeout> | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private attempts = 0;
  private everOpened = false;
  private stopped = false;
  private readonly createSocket: SocketFactory;
  private readonly log: (message: string) => void;

  constructor(private readonly options: RealtimeOptions) {
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url));
    // docs/product/errors.md, "Realtime connection" wants this line in the console.
    this.log = options.log ?? ((message) => console.warn(message));
  }

  /** Listens on `channel` until the returned function is called. */
  subscribe(channel: string, onMessage: RealtimeListener, onReconnect?: () => void): () => void {
    return this.add({ channel, onMessage, onReconnect });
  }

  /** Hears the server's viewer counts on `channel` (SFU mode) until the returned function is called. */
  watchViewers(channel: string, onViewers: (viewers: number) => void): () => void {
    return this.add({ channel, onViewers });
  }

  private add(subscription: Subscription): () => void {
    const { channel } = subscription;
    const already = this.channels().has(channel);
    this.subscriptions.add(subscription);
    if (this.socket?.readyState === OPEN) {
      if (!already) this.send({ type: 'subscribe', channels: [channel] });
    } else {
      this.connect();
    }
    return () => {
      this.subscriptions.delete(subscription);
      if (this.subscriptions.size === 0) {
        this.disconnect();
      } else if (!this.channels().has(channel) && this.socket?.readyState === OPEN) {
        this.send({ type: 'unsubscribe', channels: [channel] });
      }
    };
  }

  private channels(): Set<string> {
    return new Set([...this.subscriptions].map((s) => s.channel));
  }

  /** Debounced: several subscriptions in one tick open one socket. */
  private connect(): void {
    if (this.stopped || this.reconnectTimer || this.socket) return;
    if (this.connectTimer) clearTimeout(this.connectTimer);
    this.connectTimer = setTimeout(() => {
      this.connectTimer = null;
      this.open();
    }, REALTIME_CONNECT_DEBOUNCE_MS);
  }

  private open(): void {
    if (this.subscriptions.size === 0 || this.stopped) return;
    const socket = this.createSocket(this.options.url());
    this.socket = socket;
    socket.addEventListener('open', () => {
      if (this.socket !== socket) return;
      this.attempts = 0;
      this.send({ type: 'subscribe', channels: [...this.channels()] });
      if (this.everOpened) for (const s of [...this.subscriptions]) s.onReconnect?.();
      this.everOpened = true;
    });
    socket.addEventListener('message', (event) => {
      if (this.socket !== socket) return;
      this.dispatch(event.data);
    });
    socket.addEventListener('close', (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (event.code === REALTIME_STOP_CODE) {
        this.stopped = true;
        return;
      }
      if (this.subscriptions.size === 0) return;
      const delay = realtimeReconnectDelayMs(this.attempts);
      this.log(`Realtime got disconnected. Reconnect will be attempted in ${delay / 1000} seconds.`);
      this.reconnectTimer = setTimeout(() => {
        this.reconnectTimer = null;
        this.attempts += 1;
        this.open();
      }, delay);
    });
  }

  private dispatch(raw: unknown): void {
    if (typeof raw !== 'string') return;
    let message: unknown;
    try {
      message = JSON.parse(raw);
    } catch {
      return;
    }
    if (!isRecord(message)) return;
    if (message.type === 'viewers' && typeof message.viewers === 'number') {
      const { channel, viewers } = message;
      for (const s of [...this.subscriptions]) if (s.channel === channel) s.onViewers?.(viewers);
      return;
    }
    if (message.type !== 'change') return;
    const change = message as RealtimeChange;
    for (const s of [...this.subscriptions]) if (s.channel === change.channel) s.onMessage?.(change);
  }

  private send(message: RealtimeClientMessage): void {
    this.socket?.send(JSON.stringify(message));
  }

  /** Nobody listens any more: close without reconnecting (a later subscription opens a new socket). */
  private disconnect(): void {
    if (this.connectTimer) clearTimeout(this.connectTimer);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.connectTimer = null;
    this.reconnectTimer = null;
    const socket = this.socket;
    this.socket = null;
    this.attempts = 0;
    this.everOpened = false;
    socket?.close(1000);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function realtimeUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}${REALTIME_PATH}`;
}

/** The app's one connection. */
export const realtime = new RealtimeClient({ url: realtimeUrl });

/**
 * Listens on `channel` while the component is mounted (and `channel` is set). `onReconnect` runs
 * after the socket came back from a drop: refetch what the screen shows.
 */
export function useRealtimeChannel(
  channel: string | null,
  onMessage: RealtimeListener,
  onReconnect?: () => void,
  client: RealtimeClient = realtime,
): void {
  const handlers = useRef({ onMessage, onReconnect });
  handlers.current = { onMessage, onReconnect };
  useEffect(() => {
    if (!channel) return;
    return client.subscribe(
      channel,
      (change) => handlers.current.onMessage(change),
      () => handlers.current.onReconnect?.(),
    );
  }, [channel, client]);
}
