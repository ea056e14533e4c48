// Realtime (docs/conventions.md "Seams"): tell every app process that something changed, by id,
// so whoever shows it can fetch it again. In-process with PGlite (one process owns the database);
// PostgreSQL's LISTEN/NOTIFY with DATABASE_URL, so a change made through one process reaches
// subscribers in all of them. Delivery is at most once: a notification sent while a listener is
// reconnecting is lost, which is why subscribers get `onReconnect` to refetch what they show.

import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { OpenDatabase } from '../../db/client.ts';

/** Ids and a few small facts, never documents: NOTIFY carries under 8000 bytes. */
export type RealtimeValue = string | number | boolean | null | readonly string[];
export type RealtimeMessage = Readonly<Record<string, RealtimeValue>>;
export type RealtimeHandler = (message: RealtimeMessage) => void | Promise<void>;

export interface SubscribeOptions {
  /** Called after a lost connection to the database is back: messages may have been missed. */
  onReconnect?: () => void | Promise<void>;
}

export interface Realtime {
  readonly kind: 'memory' | 'postgres';
  /** Sends `message` to every subscriber of `channel` in every process; resolves once it is sent. */
  publish(channel: string, message: RealtimeMessage): Promise<void>;
  /** Returns the function that unsubscribes. */
  subscribe(channel: string, handler: RealtimeHandler, options?: SubscribeOptions): () => void;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
export const MAX_PAYLOAD_BYTES = 7999;
const CHANNEL = /^[a-z][a-z0-9_.:-]{0,62}$/;

export class RealtimeError extends Error {
  override name = 'RealtimeError';
}

/** The wire form of one message, checked the same way on both engines. */
export function encode(channel: string, message: RealtimeMessage): string {
  if (!CHANNEL.test(channel))
    throw new RealtimeError(`realtime: invalid channel name ${JSON.stringify(channel)}`);
  const payload = JSON.stringify({ c: channel, m: message });
  const bytes = Buffer.byteLength(payload);
  if (bytes > MAX_PAYLOAD_BYTES) {
    throw new RealtimeError(
      `realtime: a message on "${channel}" is ${bytes} bytes; at most ${MAX_PAYLOAD_BYTES} fit in a notification. Send ids and let subscribers fetch the rest.`,
    );
  }
  return payload;
}

interface Subscription {
  handler: RealtimeHandler;
  options: SubscribeOptions;
}

abstract class Base implements Realtime {
  abstract readonly kind: 'memory' | 'postgres';
  protected readonly channels = new Map<string, Set<Subscription>>();
  protected closed = false;

  constructor(protected readonly log: FastifyBaseLogger) {}

  abstract publish(channel: string, message: RealtimeMessage): Promise<void>;
  abstract start(): Promise<void>;
  abstract close(): Promise<void>;

  subscribe(channel: string, handler: RealtimeHandler, options: SubscribeOptions = {}): () => void {
    if (!CHANNEL.test(channel))
      throw new RealtimeError(`realtime: invalid channel name ${JSON.stringify(channel)}`);
    const subscription = { handler, options };
    const set = this.channels.get(channel) ?? new Set();
    set.add(subscription);
    this.channels.set(channel, set);
    return () => {
      set.delete(subscription);
      if (set.size === 0 && this.channels.get(channel) === set) this.channels.delete(channel);
    };
  }

  protected dispatch(channel: string, message: RealtimeMessage): void {
    if (this.closed) return;
    for (const { handler } of [...(this.channels.get(channel) ?? [])]) {
      this.safely(() => handler(message), channel);
    }
  }

  protected reconnected(): void {
    for (const [channel, set] of this.channels) {
      for (const { options } of [...set]) {
        if (options.onReconnect) this.safely(options.onReconnect, channel);
      }
    }
  }

  /** A subscriber's failure is logged; it never reaches the publisher or the other subscribers. */
  private safely(fn: () => void | Promise<void>, channel: string): void {
    try {
      Promise.resolve(fn()).catch((error) =>
        this.log.error({ err: error, channel }, 'realtime subscriber failed'),
      );
    } catch (error) {
      this.log.error({ err: error, channel }, 'realtime subscriber failed');
    }
  }
}

/**
 * The PostgreSQL channel of a database: one per app schema, so test suites sharing a database stay
 * apart. The triggers that publish (drizzle/0007_member_changes.sql) name it the same way.
 */
export function realtimePgChannel(pgSchema: string | undefined): string {
  return `${pgSchema ?? 'samaj'}_realtime`;
}

/** A notification's payload, as `encode` wrote it (or a trigger); null when unreadable. */
function decode(payload: string): { c: string; m: RealtimeMessage } | null {
  try {
    const { c, m } = JSON.parse(payload) as { c: string; m: RealtimeMessage };
    return typeof c === 'string' && m && typeof m === 'object' ? { c, m } : null;
  } catch {
    return null;
  }
}

/**
 * One process: messages go straight to its subscribers, after the publisher's turn. With PGlite it
 * also hears what the database's triggers NOTIFY, before the statement that fired them returns.
 */
export class MemoryRealtime extends Base {
  readonly kind = 'memory';
  private unlisten: (() => Promise<void>) | undefined;

  constructor(
    log: FastifyBaseLogger,
    private readonly pglite?: PGlite,
  ) {
    super(log);
  }

  async publish(channel: string, message: RealtimeMessage): Promise<void> {
    encode(channel, message);
    if (this.closed) return;
    // A copy, so a subscriber sees what was published even if the publisher changes its object.
    const copy = structuredClone(message) as RealtimeMessage;
    setImmediate(() => this.dispatch(channel, copy));
  }

  async start(): Promise<void> {
    if (!this.pglite || this.unlisten) return;
    this.unlisten = await this.pglite.listen(realtimePgChannel(undefined), (payload) => {
      const message = decode(payload);
      if (message) this.dispatch(message.c, message.m);
      else this.log.error('realtime: unreadable notification');
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.channels.clear();
    await this.unlisten?.().catch(() => {});
    this.unlisten = undefined;
  }
}

const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 10_000;

/** LISTEN on one dedicated connection, NOTIFY through the pool. */
export class PostgresRealtime extends Base {
  readonly kind = 'postgres';
  private client: pg.Client | undefined;
  private timer: NodeJS.Timeout | undefined;
  private delay = RECONNECT_FIRST_MS;
  private everConnected = false;
  private connecting: Promise<void> | undefined;

  constructor(
    log: FastifyBaseLogger,
    private readonly pool: pg.Pool,
    private readonly databaseUrl: string,
    /** The PostgreSQL channel (realtimePgChannel). */
    readonly pgChannel: string,
  ) {
    super(log);
  }

  /** How the LISTEN connection names itself in pg_stat_activity. */
  get applicationName(): string {
    return `samaj-realtime:${this.pgChannel}`.slice(0, 63);
  }

  async publish(channel: string, message: RealtimeMessage): Promise<void> {
    const payload = encode(channel, message);
    await this.pool.query('SELECT pg_notify($1, $2)', [this.pgChannel, payload]);
  }

  async start(): Promise<void> {
    await this.connect();
  }

  private connect(): Promise<void> {
    this.connecting ??= this.open().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async open(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.databaseUrl,
      application_name: this.applicationName,
    });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = undefined;
      client.removeAllListeners('notification');
      client.end().catch(() => {});
      if (this.closed) return;
      this.log.warn({ err: error }, 'realtime: lost the LISTEN connection; reconnecting');
      this.scheduleReconnect();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (notification) => {
      if (notification.channel !== this.pgChannel || !notification.payload) return;
      const message = decode(notification.payload);
      if (message) this.dispatch(message.c, message.m);
      else this.log.error('realtime: unreadable notification');
    });
    try {
      await client.connect();
      await client.query(`LISTEN "${this.pgChannel}"`);
    } catch (error) {
      onLost(error as Error);
      if (!this.everConnected) throw error;
      return;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.delay = RECONNECT_FIRST_MS;
    if (this.everConnected) this.reconnected();
    this.everConnected = true;
  }

  private scheduleReconnect(): void {
    if (this.closed || this.timer || !this.everConnected) return;
    const wait = this.delay;
    this.delay = Math.min(this.delay * 2, RECONNECT_MAX_MS);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.connect().catch(() => {});
    }, wait);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.connecting?.catch(() => {});
    const client = this.client;
    this.client = undefined;
    this.channels.clear();
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
    }
  }
}

export function createRealtime(database: OpenDatabase, log: FastifyBaseLogger): Realtime {
  if (database.raw.engine === 'pglite') return new MemoryRealtime(log, database.raw.client);
  const channel = realtimePgChannel(database.pgSchema);
  return new PostgresRealtime(log, database.raw.pool, database.raw.databaseUrl, channel);
}
