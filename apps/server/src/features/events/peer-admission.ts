// Who may open a PeerJS signalling socket, as which peer id, and what passes on it once open
// (docs/product/live-video.md, "Signalling rules"; the rules themselves: peer-rules.ts). Holds the
// sockets this process admitted: each member's, and the one viewer socket of each member and event.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { parsePeerId, REALTIME_CLOSE } from '@samaj/core';
import type { FastifyInstance } from 'fastify';
import type { WebSocket, WebSocketServer } from 'ws';
import { getUpgradeUser } from '../../platform/auth/index.ts';
import {
  ConnectionLimiter,
  refuseUpgrade,
  trackUpgradeSocket,
  upgradeOriginAllowed,
} from '../../platform/upgrade.ts';
import { answersPing, MessageBudget } from './channel-limits.ts';
import type { PeerRelay } from './peer-relay.ts';
import {
  type Claim,
  checkMessage,
  MSG_PEER_FLOOD,
  MSG_PEER_ID_TAKEN,
  MSG_PEER_INVALID_ID,
  MSG_PEER_NO_CONNECTION_ID,
  MSG_PEER_NO_EVENT,
  MSG_PEER_NOT_HOST,
  MSG_PEER_SIGN_IN,
  MSG_PEER_TOO_MANY,
  MSG_PEER_WATCHING,
  PEER_CONNECTS_PER_MINUTE,
  PEER_MAX_OPEN_PER_MEMBER,
  PEER_MESSAGE_BURST,
  PEER_MESSAGES_PER_SECOND,
  PEER_SEAT_PING_MS,
  peerQueryId,
  peerToken,
  refuse,
  ViewerConnection,
} from './peer-rules.ts';
import { mayBroadcast } from './policy.ts';
import { findEvent } from './queries.ts';

export class PeerAdmission {
  private readonly limiter = new ConnectionLimiter(PEER_MAX_OPEN_PER_MEMBER, PEER_CONNECTS_PER_MINUTE);
  /** The one open viewer socket of each member and event (`<member> <event>`). */
  private readonly watching = new Map<string, WebSocket>();
  /** Each member's admitted sockets (closed when the member is blocked or deleted). */
  private readonly byMember = new Map<string, Set<WebSocket>>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly relay: PeerRelay,
    /** `peer`'s WebSocket server, mounted on first use. */
    private readonly peerServer: () => WebSocketServer,
  ) {}

  /** Another process admits this member's viewer socket: ours gives way unless it answers a ping. */
  checkSeat(member: string, eventId: string): void {
    const seated = this.watching.get(`${member} ${eventId}`);
    if (!seated) return;
    void answersPing(seated, PEER_SEAT_PING_MS).then((answered) => {
      if (!answered) seated.terminate();
    });
  }

  /** A blocked or deleted member stops broadcasting and watching at once (a host's live is then cleared). */
  closeMember(memberId: string): void {
    for (const ws of this.byMember.get(memberId) ?? []) refuse(ws, MSG_PEER_SIGN_IN);
  }

  async admit(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const { app } = this;
    if (!upgradeOriginAllowed(request, app.config.publicUrl)) return refuseUpgrade(socket, 403, 'Forbidden');
    const peerId = peerQueryId(request.url);
    if (peerId === null) return refuseUpgrade(socket, 400, 'Bad Request');
    const me = await getUpgradeUser(app, request);
    const claim = parsePeerId(peerId);
    const event = claim ? await findEvent(app.db, claim.eventId) : undefined;
    // The member's viewer socket already open for this event: a tab still there answers a ping and
    // keeps its place; one whose network went (this upgrade is likely its reconnect) gives way.
    const seat = me && claim?.role === 'viewer' ? `${me.id} ${claim.eventId}` : '';
    const seated = this.watching.get(seat);
    if (seated && !(await answersPing(seated, PEER_SEAT_PING_MS))) seated.terminate();
    const server = this.peerServer();
    server.handleUpgrade(request, socket, head, (ws) => {
      // A socket error (a client cut off mid-frame) ends that socket; it must never reach the process.
      ws.on('error', () => ws.terminate());
      if (!me) return refuse(ws, MSG_PEER_SIGN_IN);
      if (!claim) return refuse(ws, MSG_PEER_INVALID_ID);
      if (!event) return refuse(ws, MSG_PEER_NO_EVENT);
      if (claim.role === 'host' && !mayBroadcast(me, event)) return refuse(ws, MSG_PEER_NOT_HOST);
      // One viewer socket per member and event: a second is refused, not replacing the first, as
      // the member's other tab would retry (every RETRY_AFTER_ERROR_MS) and take the stream back,
      // again and again.
      const holder = this.watching.get(seat);
      if (claim.role === 'viewer' && holder && holder.readyState === holder.OPEN) {
        return refuse(ws, MSG_PEER_WATCHING, REALTIME_CLOSE.TRY_LATER);
      }
      const release = this.limiter.acquire(me.id);
      if (!release) return refuse(ws, MSG_PEER_TOO_MANY, REALTIME_CLOSE.TRY_LATER);
      ws.on('close', release);
      if (claim.role === 'viewer') {
        this.watching.set(seat, ws);
        ws.on('close', () => {
          if (this.watching.get(seat) === ws) this.watching.delete(seat);
        });
      }
      // Nothing is read from the socket until every process agreed it may hold this id.
      ws.pause();
      void this.claimEverywhere(ws, me.id, { ...claim, peerId, token: peerToken(request.url) }).then(
        (ok) => {
          if (ok && ws.readyState === ws.OPEN) this.admitted(server, ws, request, me.id, peerId, claim);
          ws.resume();
        },
        (err) => {
          app.log.error({ err }, 'live: claiming a peer id failed');
          refuse(ws, MSG_PEER_TOO_MANY, REALTIME_CLOSE.TRY_LATER);
        },
      );
    });
  }

  /**
   * Takes the peer id in the database: refused while another socket holds it (any process), while the
   * member has too many signalling sockets open across processes, or while the member watches the event
   * through a socket in another process that still answers a ping.
   */
  private async claimEverywhere(
    ws: WebSocket,
    memberId: string,
    claim: Claim & { token: string },
  ): Promise<boolean> {
    const { relay } = this;
    if ((await relay.openSockets(memberId, claim.peerId)) >= PEER_MAX_OPEN_PER_MEMBER) {
      refuse(ws, MSG_PEER_TOO_MANY, REALTIME_CLOSE.TRY_LATER);
      return false;
    }
    if (claim.role === 'viewer') {
      const seat = () => relay.seatsElsewhere(memberId, claim.eventId, claim.peerId);
      if ((await seat()).length > 0) {
        await relay.askSeat(memberId, claim.eventId);
        await new Promise((resolve) => setTimeout(resolve, PEER_SEAT_PING_MS + 500));
        if ((await seat()).length > 0) {
          refuse(ws, MSG_PEER_WATCHING, REALTIME_CLOSE.TRY_LATER);
          return false;
        }
      }
    }
    const taken = !(await relay.claim({
      id: claim.peerId,
      token: claim.token,
      member: memberId,
      event: claim.eventId,
      role: claim.role,
    }));
    if (taken) {
      // What `peer` itself answers for an id held under another token.
      ws.resume();
      if (ws.readyState === ws.OPEN)
        ws.send(JSON.stringify({ type: 'ID-TAKEN', payload: { msg: MSG_PEER_ID_TAKEN } }));
      ws.close(REALTIME_CLOSE.POLICY, MSG_PEER_ID_TAKEN);
      return false;
    }
    return true;
  }

  private admitted(
    server: WebSocketServer,
    ws: WebSocket,
    request: IncomingMessage,
    memberId: string,
    peerId: string,
    claim: NonNullable<ReturnType<typeof parsePeerId>>,
  ): void {
    const { app, relay, byMember } = this;
    const budget =
      claim.role === 'host'
        ? new MessageBudget(
            PEER_MESSAGE_BURST * app.config.liveMaxViewers,
            PEER_MESSAGES_PER_SECOND * app.config.liveMaxViewers,
          )
        : new MessageBudget(PEER_MESSAGE_BURST, PEER_MESSAGES_PER_SECOND);
    const mine = byMember.get(memberId) ?? new Set<WebSocket>();
    mine.add(ws);
    byMember.set(memberId, mine);
    // Closes when its session ends (logout, new password, block, deletion; any process).
    trackUpgradeSocket(app, request, ws);
    ws.on('close', () => {
      mine.delete(ws);
      if (mine.size === 0 && byMember.get(memberId) === mine) byMember.delete(memberId);
    });
    const connections = claim.role === 'viewer' ? new ViewerConnection() : undefined;
    // Checked before peer sees it: `peer` listens for 'message' too, and would relay anything.
    const emit = ws.emit.bind(ws);
    ws.emit = ((name: string | symbol, ...args: unknown[]) => {
      if (name === 'message' && !budget.take()) {
        ws.close(REALTIME_CLOSE.POLICY, MSG_PEER_FLOOD);
        return false;
      }
      if (name === 'message') {
        const message = checkMessage(ws, { peerId, ...claim }, args[0], args[1] as boolean);
        if (!message) return false;
        if (connections && message.dst) {
          const seen = connections.see(message);
          if (seen === 'malformed') {
            ws.close(REALTIME_CLOSE.MALFORMED, MSG_PEER_NO_CONNECTION_ID);
            return false;
          }
          if (seen === 'retired') return false;
          if (seen === 'replaces') {
            // The host drops everything of this viewer's before the new offer reaches it, so it
            // holds one connection (one place) per member however many the socket offers.
            const leave = { type: 'LEAVE', src: peerId, dst: message.dst };
            if (!relay.forward(ws, message.dst, leave)) relay.local.get(message.dst)?.send(leave);
          }
        }
        // For a peer held by another process: relayed there, not queued by `peer` here.
        if (message.dst && relay.forward(ws, message.dst, { ...message, src: peerId })) return true;
      }
      return emit(name, ...args);
    }) as typeof ws.emit;
    server.emit('connection', ws, request);
  }
}
