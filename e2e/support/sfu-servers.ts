// The media servers of SFU mode for the browser suite (docs/product/live-video.md; set up as
// docs/live-video.md tells operators): a Janus Gateway written by the server's own janus-process.ts (the
// VideoRoom plugin and the WebSocket transport on loopback, an api_secret) and a coturn configured as
// docs/live-video.md tells operators (REST credentials from a shared secret, a realm, private ranges denied),
// each on ports chosen for this run. Both are started and stopped by Playwright (playwright.sfu.config.ts,
// `webServer`).
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { writeJanusConfig } from '../../apps/server/src/features/events/sfu/janus-process.ts';

export const JANUS_BIN = '/usr/bin/janus';
export const TURNSERVER_BIN = '/usr/bin/turnserver';

/**
 * This machine's first non-loopback IPv4 address. Janus gathers its ICE candidates only on such
 * addresses, so the browsers' media and coturn's relays use it; the traffic stays on
 * this machine.
 */
export function machineAddress(): string | undefined {
  for (const list of Object.values(networkInterfaces())) {
    for (const entry of list ?? []) {
      if (entry.family === 'IPv4' && !entry.internal) return entry.address;
    }
  }
  return undefined;
}

/** docs/live-video.md's "never relay into your own networks" list. */
export const DENIED_PEER_RANGES = [
  '0.0.0.0-0.255.255.255',
  '10.0.0.0-10.255.255.255',
  '100.64.0.0-100.127.255.255',
  '127.0.0.0-127.255.255.255',
  '169.254.0.0-169.254.255.255',
  '172.16.0.0-172.31.255.255',
  '192.168.0.0-192.168.255.255',
  '::1',
  'fc00::-fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
  'fe80::-febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
];

export interface SfuServers {
  janusCommand: string;
  janusPort: number;
  janusUrl: string;
  janusApiSecret: string;
  turnCommand: string;
  turnPort: number;
  turnUrl: string;
  turnSecret: string;
  address: string;
}

/** Writes both servers' configs into `dir` (ports chosen by the caller). */
export function writeSfuServers(
  dir: string,
  ports: { janus: number; turn: number; relayFrom: number },
  address: string,
): SfuServers {
  const janusDir = join(dir, 'janus');
  mkdirSync(janusDir, { recursive: true });
  const janusApiSecret = randomBytes(18).toString('base64url');
  writeJanusConfig(janusDir, { wsPort: ports.janus, apiSecret: janusApiSecret });

  const turnDir = join(dir, 'coturn');
  mkdirSync(turnDir, { recursive: true });
  const turnSecret = randomBytes(24).toString('hex');
  const conf = join(turnDir, 'turnserver.conf');
  writeFileSync(
    conf,
    [
      // Loopback too, so Playwright sees the server up (its port check asks localhost).
      'listening-ip=127.0.0.1',
      `listening-ip=${address}`,
      `relay-ip=${address}`,
      `listening-port=${ports.turn}`,
      `min-port=${ports.relayFrom}`,
      `max-port=${ports.relayFrom + 40}`,
      'fingerprint',
      'use-auth-secret',
      `static-auth-secret=${turnSecret}`,
      'realm=samaj.test',
      'no-cli',
      'no-tls',
      'no-dtls',
      'no-multicast-peers',
      ...DENIED_PEER_RANGES.map((range) => `denied-peer-ip=${range}`),
      // Janus is on this machine: its address is let through, as an operator does for a Janus on
      // their own private network (docs/live-video.md).
      `allowed-peer-ip=${address}`,
      `userdb=${join(turnDir, 'turndb')}`,
      `pidfile=${join(turnDir, 'turnserver.pid')}`,
      'log-file=stdout',
      'simple-log',
      '',
    ].join('\n'),
  );
  return {
    // Restarted when it fails, as Debian's janus.service does (Restart=on-failure), and the server
    // reconnects. Janus 1.1.2 crashed here at END (a use-after-free in janus_plugin_close_pc) while
    // the server destroyed the room as its members' handles were detached; the server now detaches
    // them first (features/events/sfu/sfu.ts destroyRoom), and the restart stays as Debian ships it.
    janusCommand: `sh -c 'until ${JANUS_BIN} -F ${janusDir} -o -N -L ${join(janusDir, 'janus.log')}; do sleep 1; done'`,
    janusPort: ports.janus,
    janusUrl: `ws://127.0.0.1:${ports.janus}`,
    janusApiSecret,
    turnCommand: `${TURNSERVER_BIN} -c ${conf}`,
    turnPort: ports.turn,
    turnUrl: `turn:${address}:${ports.turn}?transport=udp`,
    turnSecret,
    address,
  };
}
