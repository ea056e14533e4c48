// Operator commands on members: labels and blocking. They run against a
// database directly (PostgreSQL, or PGlite when no server holds it) or inside
// the running server when it receives them over the operator socket.
import { LABELS, type Label } from '@samaj/core';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { session, user } from '../db/schema/index.ts';
import { CommandError } from '../platform/command.ts';

export const MEMBER_COMMANDS = ['grant', 'revoke', 'block', 'unblock'] as const;
export type MemberCommand = (typeof MEMBER_COMMANDS)[number];

export function isMemberCommand(name: string): name is MemberCommand {
  return (MEMBER_COMMANDS as readonly string[]).includes(name);
}

function parseLabel(value: string | undefined): Label {
  const match = LABELS.find((l) => l.toLowerCase() === value?.toLowerCase());
  if (!match) {
    throw new CommandError(
      value
        ? `Unknown label "${value}". Labels are: ${LABELS.join(', ')}.`
        : `Missing the label. Labels are: ${LABELS.join(', ')}.`,
    );
  }
  return match;
}

async function member(db: Database, username: string | undefined) {
  if (!username) throw new CommandError('Missing the username.');
  const [row] = await db
    .select({ id: user.id, labels: user.labels, banned: user.banned })
    .from(user)
    .where(eq(user.id, username));
  if (!row) throw new CommandError(`No member with the username "${username}".`);
  return row;
}

/** Runs one command; returns the line to print. Checks its arguments before touching anything. */
export async function runMemberCommand(
  db: Database,
  command: MemberCommand,
  args: string[],
): Promise<string> {
  const [username, rawLabel] = args;
  switch (command) {
    case 'grant': {
      const label = parseLabel(rawLabel);
      const m = await member(db, username);
      if (m.labels.includes(label)) return `${m.id} already has the ${label} label.`;
      await db
        .update(user)
        .set({ labels: sql`array_append(${user.labels}, ${label})`, updatedAt: new Date() })
        .where(eq(user.id, m.id));
      return `Granted ${label} to ${m.id}.`;
    }
    case 'revoke': {
      const label = parseLabel(rawLabel);
      const m = await member(db, username);
      if (!m.labels.includes(label)) return `${m.id} did not have the ${label} label; nothing changed.`;
      await db
        .update(user)
        .set({ labels: sql`array_remove(${user.labels}, ${label})`, updatedAt: new Date() })
        .where(eq(user.id, m.id));
      return `Revoked ${label} from ${m.id}.`;
    }
    case 'block': {
      const m = await member(db, username);
      const ended = await db.transaction(async (tx) => {
        await tx
          .update(user)
          .set({
            banned: true,
            banReason: 'Blocked by the operator',
            banExpires: null,
            updatedAt: new Date(),
          })
          .where(eq(user.id, m.id));
        return tx.delete(session).where(eq(session.userId, m.id)).returning({ id: session.id });
      });
      const n = ended.length;
      return `${m.banned ? `${m.id} was already blocked` : `Blocked ${m.id}`}; ended ${n} session${n === 1 ? '' : 's'}.`;
    }
    case 'unblock': {
      const m = await member(db, username);
      if (!m.banned) return `${m.id} is not blocked; nothing changed.`;
      await db
        .update(user)
        .set({ banned: false, banReason: null, banExpires: null, updatedAt: new Date() })
        .where(eq(user.id, m.id));
      return `Unblocked ${m.id}; they can log in again.`;
    }
  }
}
