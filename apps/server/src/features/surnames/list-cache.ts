// The surname list's answers kept in memory (docs/product/operations.md, "Growing past one machine"): a
// hundred rows that change a few times a day, read by every visitor of /surnames and every signup form, cost
// a query and a serialisation each time (0.10–0.17× the bare health route behind nginx). The list is public,
// so one answer per page serves everyone; it is never staler than the database says, as far as this process
// can know:
// - the database announces every change to the directory, whoever made it (a staff decision, a
//   signup moving a member count, an operator's import, another process): a trigger publishes
//   'surnames.changed' (drizzle/0020), and every process drops its answers — with PGlite before the
//   writing statement returns, with PostgreSQL as soon as the notification arrives (milliseconds);
// - a staff decision's domain event drops them in the deciding process as soon as it commits, before
//   its answer leaves, so the staff member who applied a change sees it on the next read;
// - a lost connection to the database drops them (notifications may have been missed), and an answer
//   lives at most ANSWER_MS whatever happens.
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';

/** The longest an answer is trusted without hearing from the database. */
export const ANSWER_MS = 5 * 60_000;
/** Bounds the memory distinct cursors can take (each answer is one page, ~30 KB at 100 surnames). */
const MAX_ANSWERS = 64;
export const SURNAMES_CHANGED = 'surnames.changed';

/** One page as sent: the JSON body and its ETag. */
export interface KeptAnswer {
  body: string;
  etag: string;
}

export class SurnameListCache {
  private readonly answers = new LRUCache<string, KeptAnswer>({ max: MAX_ANSWERS, ttl: ANSWER_MS });
  /**
   * Moves on every drop: a read of the database that started before a change and finishes after it
   * must not keep what it read (`store` takes the generation read at its start).
   */
  private generation = 0;
  /** For operators and the bench: how often a list request was answered from here. */
  hits = 0;
  misses = 0;

  /** The key of one page: the route's inputs, as the query string gave them. */
  static keyOf(cursor: string | undefined, limit: number): string {
    return `${limit} ${cursor ?? ''}`;
  }

  get(key: string): KeptAnswer | undefined {
    const answer = this.answers.get(key);
    if (answer) this.hits++;
    else this.misses++;
    return answer;
  }

  /** Where a read of the database starts: pass it back to `store`. */
  mark(): number {
    return this.generation;
  }

  /** Keeps `answer` for ANSWER_MS, unless the directory changed since `mark`. */
  store(mark: number, key: string, answer: KeptAnswer): void {
    if (mark !== this.generation) return;
    // The least recently read answer is the first to go when it is full.
    this.answers.set(key, answer);
  }

  clear(): void {
    this.generation++;
    this.answers.clear();
  }

  get size(): number {
    return this.answers.size;
  }
}

/** Empties `cache` whenever the app hears the directory may have changed (see the file's comment). */
export function keepFresh(app: FastifyInstance, cache: SurnameListCache): void {
  const unsubscribe = app.realtime.subscribe(SURNAMES_CHANGED, () => cache.clear(), {
    onReconnect: () => cache.clear(),
  });
  app.addHook('onClose', async () => unsubscribe());
  // A rejection changes nothing in the directory; an applied submission does.
  app.events.onCommit('surname_submission.applied', () => cache.clear());
}
