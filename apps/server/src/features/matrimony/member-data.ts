// The member's matrimony data in their export, and its deletion with their account (registry
// `addMemberData`). The export holds the member's own profile and what they did; of other members
// only ids (never anyone else's phone, address or details).
import { and, eq, or } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import {
  file,
  matrimonyBlock,
  matrimonyMatch,
  matrimonyNotInterested,
  matrimonyPreference,
  matrimonyProfile,
  matrimonyReport,
  profileRequest,
  shortlist,
} from '../../db/schema/index.ts';
import type { MemberDataPart } from '../../platform/registry.ts';

async function exportMatrimony(db: Executor, id: string) {
  const [profile, preferences, shortlists, sent, received, matches, blocks, notInterested, reports] =
    await Promise.all([
      db.select().from(matrimonyProfile).where(eq(matrimonyProfile.id, id)),
      db.select().from(matrimonyPreference).where(eq(matrimonyPreference.member, id)),
      db
        .select({ profile: shortlist.profile, createdAt: shortlist.createdAt })
        .from(shortlist)
        .where(eq(shortlist.creator, id)),
      db
        .select({
          profile: profileRequest.profile,
          state: profileRequest.state,
          createdAt: profileRequest.createdAt,
        })
        .from(profileRequest)
        .where(eq(profileRequest.creator, id)),
      db
        .select({
          creator: profileRequest.creator,
          state: profileRequest.state,
          createdAt: profileRequest.createdAt,
        })
        .from(profileRequest)
        .where(eq(profileRequest.profile, id)),
      db
        .select({ member: matrimonyMatch.other, createdAt: matrimonyMatch.createdAt })
        .from(matrimonyMatch)
        .where(eq(matrimonyMatch.member, id)),
      db
        .select({ profile: matrimonyBlock.blocked, createdAt: matrimonyBlock.createdAt })
        .from(matrimonyBlock)
        .where(eq(matrimonyBlock.blocker, id)),
      db
        .select({ profile: matrimonyNotInterested.profile, createdAt: matrimonyNotInterested.createdAt })
        .from(matrimonyNotInterested)
        .where(eq(matrimonyNotInterested.member, id)),
      db
        .select({
          profile: matrimonyReport.profile,
          reason: matrimonyReport.reason,
          createdAt: matrimonyReport.createdAt,
        })
        .from(matrimonyReport)
        .where(eq(matrimonyReport.reporter, id)),
    ]);
  return {
    profile: profile[0] ?? null,
    partnerPreferences: preferences[0] ?? null,
    shortlists,
    profileRequests: sent,
    requestsReceived: received,
    matches,
    blocks,
    notInterested,
    reports,
  };
}

/**
 * Deletes the profile (its matches, blocks, reports, not-interested marks and the shortlists and
 * requests others made of it cascade) and what the member made of others; returns the member's
 * matrimony photos for the files job.
 */
async function eraseMatrimony(tx: Transaction, id: string): Promise<string[]> {
  const photos = await tx
    .select({ id: file.id })
    .from(file)
    .where(and(eq(file.owner, id), eq(file.kind, 'matrimony')));
  await tx.delete(shortlist).where(or(eq(shortlist.creator, id), eq(shortlist.profile, id)));
  await tx.delete(profileRequest).where(or(eq(profileRequest.creator, id), eq(profileRequest.profile, id)));
  await tx.delete(matrimonyProfile).where(eq(matrimonyProfile.id, id));
  return photos.map((p) => p.id);
}

export const matrimonyMemberData: MemberDataPart = {
  name: 'matrimony',
  export: exportMatrimony,
  erase: eraseMatrimony,
};
