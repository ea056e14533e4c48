// PeerJS signalling for live events (docs/product/live-video.md, "Signalling rules"), on the app's
// own port under /peerjs — never the PeerJS cloud. `peer` relays offers, answers and candidates;
// we decide who may connect, as whom, and to whom:
// - every peer is a signed-in member (session cookie on the upgrade, same Origin);
// - the peer id equal to an event id is the host's: only that event's host or an Admin may take it;
// - viewers use core's `viewerPeerId(eventId)` and may signal only their event's host, and the
//   host only its event's viewers;
// - a malformed message closes that socket (1007, 1003 binary, 1009 oversize), nobody else's;
// - a viewer socket has one connection to its host at a time: an offer under a new connection id
//   replaces the earlier one (the host is told LEAVE first), so one member holds one place;
// - signalling connections per member are limited, and a member watches an event through one
//   viewer socket at a time (a second one is refused while the first is open);
// - each socket's messages are rate-limited (a token bucket; a host's grows with LIVE_MAX_VIEWERS);
// - when a viewer's socket goes, its host is told (LEAVE), so the host frees the viewer's place at once
//   and counts the viewers whose signalling is open: one per member (docs/product/live-video.md, "Watching");
// - when the host's socket goes (tab closed, network lost: no heartbeat for PEER_ALIVE_TIMEOUT_MS)
//   and is not back within LIVE_HOST_GRACE_MS, `live` is cleared and `event.live` published;
// - liveness does not hang on this process: `live` holds a lease (queries.ts LIVE_LEASE_MS) that this
//   process renews while it holds the host's socket; every process clears lapsed leases (a process
//   killed with -9 renews nothing), readers see `live` false once it lapsed, and a graceful stop
//   clears the events whose host is here (docs/product/live-video.md, "The live flag").
// - any process serves any socket: `peer` keeps its peers in this process, and peer-relay.ts shares
//   who holds each id (refused elsewhere while held) and relays messages for a peer held by another
//   process through the realtime pub/sub, so a plain round-robin proxy works.
// Here: the wiring. Who is admitted and what passes: peer-admission.ts (its rules: peer-rules.ts); the
// live flag and its lease: live-hosts.ts; `peer`'s Express app: peer-server.ts.
import { PEER_MAX_MESSAGE_BYTES, PEER_PATH, parsePeerId, REALTIME_CLOSE } from '@samaj/core';
import type { FastifyInstance } from 'fastify';
import type { IClient } from 'peer';
import { WebSocketServer } from 'ws';
import { onUpgrade } from '../../platform/upgrade.ts';
import { LiveHosts } from './live-hosts.ts';
import { PeerAdmission } from './peer-admission.ts';
import { PeerRelay } from './peer-relay.ts';
import { mountPeerServer } from './peer-server.ts';

export function registerSignalling(app: FastifyInstance): void {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: PEER_MAX_MESSAGE_BYTES,
    perMessageDeflate: false,
  });
  const relay: PeerRelay = new PeerRelay(app, {
    // The same token reconnected through another process: this socket is a stale one.
    takenElsewhere: (id) => relay.local.get(id)?.getSocket()?.close(),
    checkSeat: (member, eventId) => admission.checkSeat(member, eventId),
  });
  const hosts = new LiveHosts(app, relay);

  // peer starts its server (and its timers) when mounted: only once someone signals, so an app
  // that never streams keeps no peer timers.
  let mounted = false;
  const peerServer = (): WebSocketServer => {
    if (mounted) return wss;
    mountPeerServer(app, wss, {
      connected(client: IClient) {
        const id = client.getId();
        relay.local.set(id, client);
        if (parsePeerId(id)?.role === 'host') hosts.connected(id, client);
      },
      disconnected(client: IClient) {
        const id = client.getId();
        if (relay.local.get(id) === client) {
          relay.local.delete(id);
          void relay.release(id);
        }
        const gone = parsePeerId(id);
        if (gone?.role === 'viewer') {
          // The viewer's place at its host is free now: without this the host would keep counting a
          // viewer whose tab reconnected under a new id (or a script that cycles sockets).
          relay.send(gone.eventId, { type: 'LEAVE', src: id, dst: gone.eventId });
          return;
        }
        if (gone?.role === 'host') hosts.disconnected(id, client);
      },
    });
    mounted = true;
    return wss;
  };
  const admission = new PeerAdmission(app, relay, peerServer);

  onUpgrade(app, PEER_PATH, (request, socket, head) => admission.admit(request, socket, head));

  // A blocked or deleted member stops broadcasting and watching at once (a host's live is then cleared).
  app.events.onCommit('user.blocked', ({ userId, blocked }) => {
    if (blocked) admission.closeMember(userId);
  });
  app.events.onCommit('account.deleted', ({ userId }) => admission.closeMember(userId));

  app.addHook('onReady', async () => hosts.start());

  app.addHook('preClose', async () => {
    await hosts.stop();
    await relay.close();
  });

  app.addHook('onClose', async () => {
    hosts.close();
    for (const ws of wss.clients) ws.close(REALTIME_CLOSE.GOING_AWAY, 'Server shutting down.');
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  });
}
