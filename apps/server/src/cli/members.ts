// Operator commands on members: labels, blocking and one-time password links. They run against a
// database directly (PostgreSQL, or PGlite when no server holds it) or inside
// the running server when it receives them over the operator socket. Each change
// is published as a domain event (`label.changed`, `user.blocked`) whose audit
// entry names the operator as 'cli'.
import { LABELS, type Label } from '@samaj/core';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { session, user } from '../db/schema/index.ts';
import { subscribeAuditLog } from '../platform/audit.ts';
import { authForCommand, makeStaffResetLink } from '../platform/auth/index.ts';
import { CommandError } from '../platform/command.ts';
import { EventBus } from '../platform/events/index.ts';

export const MEMBER_COMMANDS = ['grant', 'revoke', 'block', 'unblock', 'reset-link'] as const;
export type MemberCommand = (typeof MEMBER_COMMANDS)[number];

/** Who the audit log names for operator commands. */
export const OPERATOR_ACTOR = 'cli';

export function isMemberCommand(name: string): name is MemberCommand {
  return (MEMBER_COMMANDS as readonly string[]).includes(name);
}

/**
 * The event bus a command publishes on when it runs without the server's app: the same bus with
 * the same audit subscriber, so a change made from the shell is recorded exactly like one made in
 * the console. (The bus only ever logs a failed after-commit subscriber: that goes to stderr.)
 */
export function operatorEvents(db: Database): EventBus {
  const log = {
    error: (detail: unknown, message?: string) => console.error(message ?? 'error', detail),
  } as unknown as FastifyBaseLogger;
  const events = new EventBus(db, log);
  subscribeAuditLog(events);
  return events;
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

/** Gives or takes a label in one transaction with its `label.changed` event. */
async function changeLabel(events: EventBus, id: string, label: Label, grant: boolean): Promise<void> {
  await events.transaction(async (tx) => {
    const [before] = await tx.select({ labels: user.labels }).from(user).where(eq(user.id, id)).for('update');
    const [after] = await tx
      .update(user)
      .set({
        labels: grant
          ? sql`array_append(${user.labels}, ${label})`
          : sql`array_remove(${user.labels}, ${label})`,
        updatedAt: new Date(),
      })
      .where(eq(user.id, id))
      .returning({ labels: user.labels });
    await events.publish(tx, 'label.changed', {
      userId: id,
      labels: after.labels,
      audit: {
        actor: OPERATOR_ACTOR,
        action: grant ? 'label.grant' : 'label.revoke',
        entity: 'user',
        entityId: id,
        before: { labels: before.labels },
        after: { labels: after.labels },
      },
    });
  });
}

/** Blocks or unblocks in one transaction with its `user.blocked` event; blocking ends every session. */
async function setBlocked(events: EventBus, id: string, blocked: boolean, was: boolean): Promise<number> {
  return events.transaction(async (tx) => {
    await tx
      .update(user)
      .set(
        blocked
          ? { banned: true, banReason: 'Blocked by the operator', banExpires: null, updatedAt: new Date() }
          : { banned: false, banReason: null, banExpires: null, updatedAt: new Date() },
      )
      .where(eq(user.id, id));
    await events.publish(tx, 'user.blocked', {
      userId: id,
      blocked,
      audit: {
        actor: OPERATOR_ACTOR,
        action: blocked ? 'user.block' : 'user.unblock',
        entity: 'user',
        entityId: id,
        before: { banned: was },
        after: { banned: blocked },
      },
    });
    if (!blocked) return 0;
    const ended = await tx.delete(session).where(eq(session.userId, id)).returning({ id: session.id });
    return ended.length;
  });
}

/**
 * Runs one command; returns the line to print. Checks its arguments before touching anything.
 * Inside the server pass its `app.events`, so its own subscribers hear of the change too.
 */
export async function runMemberCommand(
  db: Database,
  command: MemberCommand,
  args: string[],
  events: EventBus = operatorEvents(db),
  /** The server's (or the shell's) settings: reset-link builds its link from PUBLIC_URL. */
  config?: Config,
): Promise<string> {
  const [username, rawLabel] = args;
  switch (command) {
    case 'grant': {
      const label = parseLabel(rawLabel);
      const m = await member(db, username);
      if (m.labels.includes(label)) return `${m.id} already has the ${label} label.`;
      await changeLabel(events, m.id, label, true);
      return `Granted ${label} to ${m.id}.`;
    }
    case 'revoke': {
      const label = parseLabel(rawLabel);
      const m = await member(db, username);
      if (!m.labels.includes(label)) return `${m.id} did not have the ${label} label; nothing changed.`;
      await changeLabel(events, m.id, label, false);
      return `Revoked ${label} from ${m.id}.`;
    }
    case 'block': {
      const m = await member(db, username);
      // Blocking again still ends sessions a stale cookie kept; it is recorded each time.
      const n = await setBlocked(events, m.id, true, m.banned === true);
      return `${m.banned ? `${m.id} was already blocked` : `Blocked ${m.id}`}; ended ${n} session${n === 1 ? '' : 's'}.`;
    }
    case 'reset-link': {
      if (!config) throw new CommandError('reset-link needs the server settings (PUBLIC_URL).');
      const m = await member(db, username);
      if (m.banned)
        throw new CommandError(`${m.id} is blocked: unblock them first, or the link cannot let them in.`);
      const link = await makeStaffResetLink(
        { auth: await authForCommand(db, config), events, publicUrl: config.publicUrl },
        m.id,
        OPERATOR_ACTOR,
      );
      return `One-time password link for ${m.id}, valid until ${link.expiresAt.toISOString()} (shown once):\n${link.url}`;
    }
    case 'unblock': {
      const m = await member(db, username);
      if (!m.banned) return `${m.id} is not blocked; nothing changed.`;
      await setBlocked(events, m.id, false, true);
      return `Unblocked ${m.id}; they can log in again.`;
    }
  }
}
