// Reads and writes of member rows that the accounts routes share with the CLI.
import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import {
  account,
  comment,
  event,
  file,
  matrimonyProfile,
  post,
  postReport,
  profileRequest,
  publisherRequest,
  pushSubscription,
  session,
  shortlist,
  surname,
  surnameSubmission,
  user,
} from '../../db/schema/index.ts';

export type UserRow = typeof user.$inferSelect;

export async function findUser(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(user).where(eq(user.id, id));
  return row;
}

export async function surnameExists(db: Executor, id: string): Promise<boolean> {
  const [row] = await db.select({ id: surname.id }).from(surname).where(eq(surname.id, id));
  return !!row;
}

export async function emailTakenByOther(db: Executor, email: string, self: string): Promise<boolean> {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(sql`lower(${user.email})`, email.toLowerCase()), ne(user.id, self)));
  return !!row;
}

/**
 * Sets surname.user_count to the real number of members with that surname.
 * The row lock makes concurrent signups count one after the other, so the last
 * writer always sees every committed member.
 */
export async function recountSurname(db: Database, surnameId: string | null | undefined): Promise<void> {
  if (!surnameId) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select ${surname.id} from ${surname} where ${surname.id} = ${surnameId} for update`);
    const [{ n }] = await tx.select({ n: count() }).from(user).where(eq(user.surname, surnameId));
    await tx.update(surname).set({ user_count: n }).where(eq(surname.id, surnameId));
  });
}

export async function credentialHash(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
  return row?.password ?? null;
}

/** Everything the member put in, for the DPDP download. Secrets (hashes, tokens, push keys) stay out. */
export async function exportMemberData(db: Database, id: string) {
  const me = await findUser(db, id);
  if (!me) return null;
  const [
    sessions,
    posts,
    comments,
    reports,
    submissions,
    matrimony,
    shortlists,
    requests,
    publisher,
    pushes,
    files,
    events,
  ] = await Promise.all([
    db
      .select({
        createdAt: session.createdAt,
        expiresAt: session.expiresAt,
        ipAddress: session.ipAddress,
        userAgent: session.userAgent,
      })
      .from(session)
      .where(eq(session.userId, id)),
    db.select().from(post).where(eq(post.creator, id)),
    db.select().from(comment).where(eq(comment.creator, id)),
    db
      .select({
        id: postReport.id,
        post: postReport.post,
        reason: postReport.reason,
        createdAt: postReport.createdAt,
      })
      .from(postReport)
      .where(eq(postReport.reporter, id)),
    db.select().from(surnameSubmission).where(eq(surnameSubmission.creator, id)),
    db.select().from(matrimonyProfile).where(eq(matrimonyProfile.id, id)),
    db.select().from(shortlist).where(eq(shortlist.creator, id)),
    db.select().from(profileRequest).where(eq(profileRequest.creator, id)),
    db.select().from(publisherRequest).where(eq(publisherRequest.creator, id)),
    db
      .select({ id: pushSubscription.id, createdAt: pushSubscription.createdAt })
      .from(pushSubscription)
      .where(eq(pushSubscription.userId, id)),
    db.select().from(file).where(eq(file.owner, id)),
    db.select().from(event).where(eq(event.host, id)),
  ]);
  return {
    account: {
      id: me.id,
      username: me.username ?? me.id,
      name: me.name,
      email: me.email,
      phone: me.phone,
      surname: me.surname,
      labels: me.labels,
      createdAt: me.createdAt,
      updatedAt: me.updatedAt,
      prefs: {
        dp: me.dp,
        dob: me.dob,
        gender: me.gender,
        marital_status: me.maritalStatus,
        matrimony: me.matrimony,
      },
    },
    sessions,
    posts,
    comments,
    postReports: reports,
    surnameSubmissions: submissions,
    matrimonyProfile: matrimony[0] ?? null,
    shortlists,
    profileRequests: requests,
    publisherRequest: publisher[0] ?? null,
    pushSubscriptions: pushes,
    files,
    hostedEvents: events,
  };
}

/**
 * Removes the member and what they made, in one transaction: posts (with the
 * comments and likes on them), their comments and likes elsewhere, reports,
 * submissions, matrimony data, publisher request, push subscriptions; the user
 * row takes sessions, accounts and file rows with it (foreign keys cascade).
 * Returns the surname whose count must be refreshed.
 */
export async function deleteMemberRows(db: Database, id: string): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [me] = await tx.select({ surname: user.surname }).from(user).where(eq(user.id, id)).for('update');
    if (!me) return null;
    await tx.delete(comment).where(eq(comment.creator, id));
    await tx.delete(postReport).where(eq(postReport.reporter, id));
    await tx.delete(post).where(eq(post.creator, id));
    await tx.delete(surnameSubmission).where(eq(surnameSubmission.creator, id));
    await tx.delete(shortlist).where(eq(shortlist.creator, id));
    await tx.delete(profileRequest).where(eq(profileRequest.creator, id));
    await tx.delete(matrimonyProfile).where(eq(matrimonyProfile.id, id));
    await tx.delete(publisherRequest).where(eq(publisherRequest.creator, id));
    await tx.delete(pushSubscription).where(eq(pushSubscription.userId, id));
    await tx.delete(user).where(eq(user.id, id));
    return me.surname;
  });
}
