// Mounting `peer` (PeerJS's server, an Express app) on this server's sockets: its WebSocket server is
// ours (`wss`, dispatched from the upgrade after admission), and nothing else of Express is routed.
import { PEER_ALIVE_TIMEOUT_MS, PEER_KEY, PEER_PATH } from '@samaj/core';
import express from 'express';
import type { FastifyInstance } from 'fastify';
import { ExpressPeerServer, type IClient } from 'peer';
import type { WebSocketServer } from 'ws';

export interface PeerEvents {
  connected(client: IClient): void;
  disconnected(client: IClient): void;
}

/** Starts `peer` (and its timers) on `wss`; called once someone signals, so an app that never streams keeps none. */
export function mountPeerServer(app: FastifyInstance, wss: WebSocketServer, on: PeerEvents): void {
  const peer = ExpressPeerServer(app.server, {
    path: '/',
    key: PEER_KEY,
    alive_timeout: PEER_ALIVE_TIMEOUT_MS,
    allow_discovery: false,
    createWebSocketServer: () => wss,
  });
  peer.on('connection', (client: IClient) => on.connected(client));
  peer.on('disconnect', (client: IClient) => on.disconnected(client));
  peer.on('error', (err: Error) => app.log.warn({ err }, 'peer signalling error'));
  express().use(PEER_PATH, peer); // 'mount' starts peer's WebSocket handling on `wss`
}
