// Reads and writes of the rows accounts owns: the member (user), their sessions, their credential
// account and the files they uploaded (which go with the user row). Every other feature's part of a
// member's data is reached through the registry (platform/registry.ts), never imported here.
import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { account, file, session, surname, user } from '../../db/schema/index.ts';

export type UserRow = typeof user.$inferSelect;

export async function findUser(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(user).where(eq(user.id, id));
  return row;
}

/** Whether a member with this username or (case-insensitive) email exists. */
export async function userExists(db: Executor, username: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(sql`${user.id} = ${username} or lower(${user.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return !!row;
}

/** Ends every session of `userId` but `keep` (a new password logs the other devices out). */
export async function endOtherSessions(db: Executor, userId: string, keep: string): Promise<void> {
  await db.delete(session).where(and(eq(session.userId, userId), ne(session.id, keep)));
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

/** The profile fields a member edits on Manage Profile (email and password go through better-auth). */
export async function updateProfile(
  db: Executor,
  id: string,
  fields: { name: string; dob: string | null; gender: string | null; maritalStatus: string | null },
): Promise<void> {
  await db
    .update(user)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(user.id, id));
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

/**
 * Accounts' part of the DPDP download: the account, its sessions (never their tokens) and the
 * files the member uploaded (metadata; the bytes are reachable by id). Secrets stay out.
 */
export async function exportMemberData(db: Executor, id: string) {
  const me = await findUser(db, id);
  if (!me) return null;
  const [sessions, files] = await Promise.all([
    db
      .select({
        createdAt: session.createdAt,
        expiresAt: session.expiresAt,
        ipAddress: session.ipAddress,
        userAgent: session.userAgent,
      })
      .from(session)
      .where(eq(session.userId, id)),
    db.select().from(file).where(eq(file.owner, id)),
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
    files,
  };
}

/** Locks the member's row for deletion; their surname (whose count must be refreshed), or null if gone. */
export async function lockMember(tx: Transaction, id: string): Promise<{ surname: string | null } | null> {
  const [me] = await tx.select({ surname: user.surname }).from(user).where(eq(user.id, id)).for('update');
  return me ?? null;
}

/**
 * Removes the user row, which takes its sessions, credential account and file rows with it (foreign
 * keys cascade). Returns the ids of those files, whose bytes must be removed once this commits.
 */
export async function deleteMemberRows(tx: Transaction, id: string): Promise<string[]> {
  const files = await tx.select({ id: file.id }).from(file).where(eq(file.owner, id));
  await tx.delete(user).where(eq(user.id, id));
  return files.map((f) => f.id);
}
