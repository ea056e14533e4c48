// The WebSockets a session holds open (/realtime, /peerjs), and their end with the session. A socket is
// admitted once, on its upgrade; afterwards nothing on it asks who is there. So whenever the database
// says a member changed (the 'auth.member-changed' notice its triggers send on every change to a member
// or a session, drizzle/0007 — whichever process, route or operator command made it), this process
// looks at the member's sessions again and closes each socket whose session is gone: logged out,
// revoked by a new password, ended by a block, or deleted with the account. A blocked member's sockets
// all close. The notice reaches every process, so a block made by the operator CLI (always another
// process) closes sockets wherever they are. Closed with 1008, which tells clients to stop reconnecting
// until the member signs in again (core REALTIME_CLOSE.POLICY).
import type { IncomingMessage } from 'node:http';
import { REALTIME_CLOSE } from '@samaj/core';
import { and, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { session as sessionTable, user as userTable } from '../../db/schema/auth.ts';
import { upgradeSessionOf } from '../auth/session.ts';
import { MEMBER_CHANGED } from '../auth/session-cache.ts';

export const MSG_SESSION_ENDED = 'The session has ended. Sign in again to receive live updates.';
/** Members whose sessions one query re-reads. */
const CHECK_CHUNK = 500;

/** What the registry needs of a socket (ws's WebSocket has it). */
export interface SessionSocket {
  close(code: number, reason: string): void;
  once(event: 'close', listener: () => void): unknown;
}

export class SessionSockets {
  /** Member id → each open socket and the session it was admitted with. */
  private readonly byMember = new Map<string, Map<SessionSocket, string>>();

  constructor(private readonly app: FastifyInstance) {}

  /** Keeps `socket` until it closes, and closes it when its session ends. */
  track(memberId: string, sessionId: string, socket: SessionSocket): void {
    let mine = this.byMember.get(memberId);
    if (!mine) {
      mine = new Map();
      this.byMember.set(memberId, mine);
    }
    mine.set(socket, sessionId);
    const held = mine;
    socket.once('close', () => {
      held.delete(socket);
      if (held.size === 0 && this.byMember.get(memberId) === held) this.byMember.delete(memberId);
    });
    // The session was read before the socket opened: a logout in between sent its notice too early
    // for this socket, so it is checked once now.
    this.check(memberId);
  }

  /** Sockets open in this process, for tests and operators. */
  count(memberId?: string): number {
    if (memberId !== undefined) return this.byMember.get(memberId)?.size ?? 0;
    let n = 0;
    for (const mine of this.byMember.values()) n += mine.size;
    return n;
  }

  /** Looks at `memberId`'s sessions again (all members' when undefined) and closes what ended. */
  check(memberId?: string): void {
    const members = (memberId === undefined ? [...this.byMember.keys()] : [memberId]).filter((id) =>
      this.byMember.has(id),
    );
    // Everyone at once after a lost LISTEN connection: one query per chunk, not one per member.
    for (let i = 0; i < members.length; i += CHECK_CHUNK) {
      const chunk = members.slice(i, i + CHECK_CHUNK);
      this.closeEnded(chunk).catch((err) =>
        this.app.log.error(
          { err, members: chunk.length },
          'realtime: could not check the sessions of open sockets',
        ),
      );
    }
  }

  private async closeEnded(memberIds: string[]): Promise<void> {
    const rows = await this.app.db
      .select({ id: sessionTable.id })
      .from(sessionTable)
      .innerJoin(userTable, eq(userTable.id, sessionTable.userId))
      .where(
        and(
          inArray(sessionTable.userId, memberIds),
          gt(sessionTable.expiresAt, new Date()),
          or(isNull(userTable.banned), eq(userTable.banned, false)),
        ),
      );
    const live = new Set(rows.map((row) => row.id));
    for (const memberId of memberIds) {
      for (const [socket, sessionId] of this.byMember.get(memberId) ?? []) {
        if (!live.has(sessionId)) socket.close(REALTIME_CLOSE.POLICY, MSG_SESSION_ENDED);
      }
    }
  }
}

// One registry per app, shared by every plugin context (they share the root's HTTP server).
const registries = new WeakMap<object, SessionSockets>();

/** Creates this app's registry and has it follow the database's notices; once, on the root app. */
export function registerSessionSockets(app: FastifyInstance): SessionSockets {
  const existing = registries.get(app.server);
  if (existing) return existing;
  const registry = new SessionSockets(app);
  registries.set(app.server, registry);
  const unsubscribe = app.realtime.subscribe(
    MEMBER_CHANGED,
    (message) => registry.check(typeof message.user === 'string' ? message.user : undefined),
    // Notices sent while the database connection was down are lost: look at everyone again.
    { onReconnect: () => registry.check() },
  );
  app.addHook('onClose', async () => unsubscribe());
  return registry;
}

export function sessionSockets(app: FastifyInstance): SessionSockets {
  const registry = registries.get(app.server);
  if (!registry) throw new Error('registerSessionSockets(app) was not called');
  return registry;
}

/**
 * Ties an admitted socket to the session its upgrade was signed in with (read by getUpgradeUser on
 * the same request): the socket closes when that session ends. A no-op for an upgrade without one.
 */
export function trackUpgradeSocket(
  app: FastifyInstance,
  request: IncomingMessage,
  socket: SessionSocket,
): void {
  const signedIn = upgradeSessionOf(request);
  if (signedIn) sessionSockets(app).track(signedIn.memberId, signedIn.sessionId, socket);
}
