// A member's session kept in memory for a few seconds, so the requests of someone reading the feed
// do not each cost a database round trip before their answer (on PostgreSQL the lookup
// was half of a feed request's trips). It is never staler than the database says, as far as this
// process can know:
// - the database announces every change to a member or a session, whoever made it (a route, a job, an
//   operator command, another process): triggers publish 'auth.member-changed' (drizzle/0007), and this
//   process forgets that member — with PGlite before the writing statement returns, with PostgreSQL as
//   soon as the notification arrives (milliseconds);
// - a request that may write (any method but GET/HEAD/OPTIONS) empties the cache before its answer
//   leaves, so whoever sent it, or reads after it, is looked up afresh even before a notification —
//   unless its route forgets exactly the members it changed itself (`forgetsWhatItChanges` in the
//   route's config, with session.ts's forgetMember): a route anyone may call without signing in (a
//   confirmation link) must not let them empty every member's entry at will;
// - a lost connection to the database empties it (notifications may have been missed), and an entry
//   lives at most ENTRY_MS whatever happens.
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route's writes forget the members they change (forgetMember): the cache is not emptied. */
    forgetsWhatItChanges?: boolean;
  }
}

/** The longest an entry is trusted without hearing from the database. */
export const ENTRY_MS = 30_000;
/** Bounds the memory a burst of distinct sessions can take (each entry is one member's row). */
const MAX_ENTRIES = 10_000;
export const MEMBER_CHANGED = 'auth.member-changed';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

interface Entry<V> {
  value: V;
  member: string;
  until: number;
}

export class SessionCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  /**
   * Moves on every forgetting: a lookup that read the database before a change and finishes after
   * it must not store what it read (`store` takes the generation read at its start).
   */
  private generation = 0;
  /** For operators (/metrics): how often a member's request found their session here. */
  hits = 0;
  misses = 0;

  get(token: string, now = Date.now()): V | undefined {
    const entry = this.entries.get(token);
    if (entry && entry.until <= now) this.entries.delete(token);
    if (!entry || entry.until <= now) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    return entry.value;
  }

  /** Where a lookup starts: pass it back to `store`. */
  mark(): number {
    return this.generation;
  }

  /** Keeps `value` until `until` (capped at ENTRY_MS), unless anything was forgotten since `mark`. */
  store(mark: number, token: string, member: string, value: V, until: number, now = Date.now()): void {
    if (mark !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(token, { value, member, until: Math.min(until, now + ENTRY_MS) });
  }

  forgetMember(member: string): void {
    this.generation++;
    for (const [token, entry] of this.entries) if (entry.member === member) this.entries.delete(token);
  }

  forgetToken(token: string): void {
    this.generation++;
    this.entries.delete(token);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/** Empties `cache` whenever the app hears it may be stale (see the file's comment). */
export function keepFresh<V>(app: FastifyInstance, cache: SessionCache<V>): void {
  const unsubscribe = app.realtime.subscribe(
    MEMBER_CHANGED,
    (message) => {
      if (typeof message.user === 'string') cache.forgetMember(message.user);
      else cache.clear();
    },
    { onReconnect: () => cache.clear() },
  );
  app.addHook('onClose', async () => unsubscribe());
  app.addHook('onSend', async (request) => {
    if (!SAFE_METHODS.has(request.method) && !request.routeOptions.config?.forgetsWhatItChanges) {
      cache.clear();
    }
  });
}
