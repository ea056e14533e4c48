// What the platform asks of every feature without importing it (ARCHITECTURE.md "Seams"):
// a member's own data (for the export and for account deletion) and the staff console's waiting
// counts. A feature registers its part when its plugin starts; accounts and the console only ever
// read the registry.
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

export class Registry {
  readonly memberData: MemberDataPart[] = [];
  readonly waitingCounts: WaitingCount[] = [];

  addMemberData(part: MemberDataPart): void {
    if (this.memberData.some((p) => p.name === part.name))
      throw new Error(`member data '${part.name}' twice`);
    this.memberData.push(part);
  }

  addWaitingCount(entry: WaitingCount): void {
    if (this.waitingCounts.some((c) => c.name === entry.name)) throw new Error(`count '${entry.name}' twice`);
    this.waitingCounts.push(entry);
  }
}
