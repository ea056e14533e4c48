// Member data in tables no server feature owns yet: matrimony (profile, shortlists, profile
// requests); push subscriptions moved to features/notifications. Until the matrimony feature lands,
// accounts registers their parts so the export stays complete and a deleted account leaves nothing
// behind. When a feature takes its tables, it registers the part itself and the entry here goes:
// this is the only file of accounts that reads another feature's tables.
import { eq } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { matrimonyProfile, profileRequest, shortlist } from '../../db/schema/index.ts';
import type { MemberDataPart } from '../../platform/registry.ts';

const matrimony: MemberDataPart = {
  name: 'matrimony',
  async export(db: Executor, id: string) {
    const [profile, shortlists, requests] = await Promise.all([
      db.select().from(matrimonyProfile).where(eq(matrimonyProfile.id, id)),
      db.select().from(shortlist).where(eq(shortlist.creator, id)),
      db.select().from(profileRequest).where(eq(profileRequest.creator, id)),
    ]);
    return { profile: profile[0] ?? null, shortlists, profileRequests: requests };
  },
  // The profile's own shortlist entries and requests by others cascade with it.
  async erase(tx: Transaction, id: string) {
    await tx.delete(shortlist).where(eq(shortlist.creator, id));
    await tx.delete(profileRequest).where(eq(profileRequest.creator, id));
    await tx.delete(matrimonyProfile).where(eq(matrimonyProfile.id, id));
    return [];
  },
};

export const UNCLAIMED_PARTS = [matrimony];
