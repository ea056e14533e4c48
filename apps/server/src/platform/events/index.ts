// Domain events (ARCHITECTURE.md "Seams"): a feature publishes what happened inside the transaction
// that made it happen; subscribers either join that transaction (the audit log, a durable job
// enqueued with the change) or run after it commits (realtime fan-out, caches). A rolled-back
// transaction publishes nothing. Features never import each other: they meet here.
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import type { DomainEventName, DomainEvents } from './map.ts';

export type { AuditEntry, DomainEventName, DomainEvents } from './map.ts';

export type TransactionHandler<K extends DomainEventName> = (
  payload: DomainEvents[K],
  tx: Executor,
) => Promise<void> | void;
export type CommitHandler<K extends DomainEventName> = (payload: DomainEvents[K]) => Promise<void> | void;

interface Pending {
  name: DomainEventName;
  payload: unknown;
}

export class EventBus {
  private inTransaction = new Map<DomainEventName, TransactionHandler<DomainEventName>[]>();
  private afterCommit = new Map<DomainEventName, CommitHandler<DomainEventName>[]>();
  private afterEveryCommit: Array<(name: DomainEventName) => void> = [];
  /** Events published inside each open `transaction()`, delivered after its commit. */
  private pending = new WeakMap<object, Pending[]>();

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Runs `handler` inside the publishing transaction: its failure rolls the change back. */
  onTransaction<K extends DomainEventName>(name: K, handler: TransactionHandler<K>): void {
    const list = this.inTransaction.get(name) ?? [];
    list.push(handler as TransactionHandler<DomainEventName>);
    this.inTransaction.set(name, list);
  }

  /** Runs `handler` once the publishing transaction has committed; a failure is logged, not thrown. */
  onCommit<K extends DomainEventName>(name: K, handler: CommitHandler<K>): void {
    const list = this.afterCommit.get(name) ?? [];
    list.push(handler as CommitHandler<DomainEventName>);
    this.afterCommit.set(name, list);
  }

  /** Runs `handler` after every event's commit, whatever its name (caches of what events change). */
  onEveryCommit(handler: (name: DomainEventName) => void): void {
    this.afterEveryCommit.push(handler);
  }

  /**
   * `db.transaction(fn)` whose published events reach commit-phase subscribers once it commits.
   * Use it (not `app.db.transaction`) for any change that publishes.
   */
  async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    let events: Pending[] = [];
    const result = await this.db.transaction(async (tx) => {
      events = [];
      this.pending.set(tx, events);
      return fn(tx);
    });
    for (const event of events) await this.deliver(event);
    return result;
  }

  /**
   * Publishes `name` from inside `events.transaction()` (pass its `tx`), or outside any transaction
   * with the root `db` (then the change is already committed and commit-phase subscribers run now).
   */
  async publish<K extends DomainEventName>(tx: Executor, name: K, payload: DomainEvents[K]): Promise<void> {
    for (const handler of this.inTransaction.get(name) ?? []) await handler(payload, tx);
    if (tx === this.db) {
      await this.deliver({ name, payload });
      return;
    }
    const queue = this.pending.get(tx);
    if (!queue) throw new Error(`publish('${name}') must run inside app.events.transaction()`);
    queue.push({ name, payload });
  }

  private async deliver(event: Pending): Promise<void> {
    for (const handler of this.afterEveryCommit) handler(event.name);
    for (const handler of this.afterCommit.get(event.name) ?? []) {
      try {
        await handler(event.payload as never);
      } catch (error) {
        this.log.error({ err: error, event: event.name }, 'domain event subscriber failed');
      }
    }
  }
}
