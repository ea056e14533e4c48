import type { ShareCard } from '@samaj/core';
import type { Executor, Transaction } from '../db/client.ts';

export interface MemberDataPart {
  /** The key of this part in the member's export (e.g. 'posts', 'matrimony'). */
  name: string;
  /** The member's own rows of this feature, as JSON (never anyone else's private data). */
  export?(db: Executor, memberId: string): Promise<unknown>;
  /**
   * Deletes the member's rows of this feature inside the account-deletion transaction and returns
   * the ids of stored files that must go too (removed by a job once the deletion has committed).
   */
  erase?(tx: Transaction, memberId: string): Promise<string[]>;
}

export interface WaitingCount {
  /** The key in the console's summary (e.g. 'posts', 'reports'). */
  name: string;
  count(db: Executor): Promise<number>;
}

/**
 * Who may see a stored file, asked by `GET /api/files/:id/preview`: 'public' (anyone, cacheable
 * by shared caches), 'private' (this viewer only: `private, no-store`) or 'hidden' (the same 404
 * as an unknown id).
 */
export type FileAccess = 'public' | 'private' | 'hidden';

/** The viewer as a file-access decider sees them: null for a visitor. */
export interface FileViewer {
  id: string;
  labels: readonly string[];
}

/** Decides access to one file of the kind it was registered for (e.g. a post image: its post's status). */
export type FileAccessDecider = (
  db: Executor,
  fileId: string,
  viewer: FileViewer | null,
) => Promise<FileAccess>;

/**
 * The share card of `/<kind>/<id>` (`GET /api/share-cards/:kind/:id`, platform/share-card.ts) as a
 * visitor may see it, or null when a visitor may not see that thing (or it does not exist): the page
 * then carries its generic head tags, with no trace of it.
 */
export type ShareCardResolver = (db: Executor, id: string) => Promise<ShareCard | null>;

/**
 * Which of `members` the reader may still see by name in an item of their bell about this feature
 * (docs/product/inbox.md, "What an item shows"): the feature that owns the rule decides at read time.
 */
export type InboxPeopleResolver = (db: Executor, reader: string, members: string[]) => Promise<Set<string>>;

export class Registry {
  readonly memberData: MemberDataPart[] = [];
  private readonly shareCards = new Map<string, ShareCardResolver>();
  readonly waitingCounts: WaitingCount[] = [];
  private readonly fileAccessByKind = new Map<string, FileAccessDecider>();
  private readonly inboxPeopleByScope = new Map<string, InboxPeopleResolver>();

  addMemberData(part: MemberDataPart): void {
    if (this.memberData.some((p) => p.name === part.name))
      throw new Error(`member data '${part.name}' twice`);
    this.memberData.push(part);
  }

  addWaitingCount(entry: WaitingCount): void {
    if (this.waitingCounts.some((c) => c.name === entry.name)) throw new Error(`count '${entry.name}' twice`);
    this.waitingCounts.push(entry);
  }

  /**
   * The feature that owns a file kind decides who may see those files. A kind with no decider
   * (profile pictures, event and slide images) stays public: readable by anyone who has the id.
   */
  addFileAccess(kind: string, decide: FileAccessDecider): void {
    if (this.fileAccessByKind.has(kind)) throw new Error(`file access for '${kind}' twice`);
    this.fileAccessByKind.set(kind, decide);
  }

  fileAccess(kind: string): FileAccessDecider | undefined {
    return this.fileAccessByKind.get(kind);
  }

  /** The feature that owns `/<kind>/<id>` pages says what their shared links show. */
  addShareCard(kind: string, resolve: ShareCardResolver): void {
    if (this.shareCards.has(kind)) throw new Error(`share card for '${kind}' twice`);
    this.shareCards.set(kind, resolve);
  }

  shareCard(kind: string): ShareCardResolver | undefined {
    return this.shareCards.get(kind);
  }

  /** The feature that owns a kind of item's people (e.g. 'matrimony') says whom a reader may still see. */
  addInboxPeople(scope: string, resolve: InboxPeopleResolver): void {
    if (this.inboxPeopleByScope.has(scope)) throw new Error(`inbox people for '${scope}' twice`);
    this.inboxPeopleByScope.set(scope, resolve);
  }

  inboxPeople(scope: string): InboxPeopleResolver | undefined {
    return this.inboxPeopleByScope.get(scope);
  }
}
