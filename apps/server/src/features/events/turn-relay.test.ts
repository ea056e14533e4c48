// The shipped coturn configuration (deploy/coturn/turnserver.conf) lets a member's relay reach the
// public internet and nothing else. A real coturn runs that file (its ports, secret and realm
// substituted, loopback-only listening added, and the placeholder lines for the server's own
// addresses given this machine's addresses); a member's credential from /api/live/ice-servers takes
// one UDP allocation per address family and asks permission (CreatePermission) for an address in
// every special-purpose IPv4 and IPv6 range, the IPv4-mapped, IPv4-compatible and NAT64 spellings of
// private IPv4 addresses, and this machine's own addresses: each is refused 403, while public
// addresses are granted. A TCP relay (RFC 6062) is refused.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import dgram from 'node:dgram';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LiveIceServers } from '@samaj/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classes, Message, makeIntegrityKey, methods, parseMessage } from 'werift-ice';
import { call } from '../../../test/api.ts';
import { describeEachDatabase, tempDir } from '../../../test/harness.ts';
import { createMembers, type TestMember } from '../../../test/members.ts';

const TURNSERVER = '/usr/bin/turnserver';
const hasCoturn = spawnSync(TURNSERVER, ['--version'], { stdio: 'ignore' }).status === 0;
if (!hasCoturn) {
  console.warn(
    `SKIPPED turn-relay.test.ts: ${TURNSERVER} is not installed (apt-get install coturn; .ci/run installs it)`,
  );
}

const ROOT = fileURLToPath(new URL('../../../../..', import.meta.url));
const SHIPPED = path.join(ROOT, 'deploy/coturn/turnserver.conf');
const SECRET = 'test-relay-secret-0123456789abcdef';
const REALM = 'relay.samaj.test';

/** This machine's own addresses other than loopback (what "the server's own addresses" are here). */
const OWN_ADDRESSES = Object.values(os.networkInterfaces())
  .flat()
  .filter((a): a is os.NetworkInterfaceInfo => !!a && !a.internal && !a.address.startsWith('fe80:'))
  .map((a) => a.address);

/** Addresses a relay must never reach, by why. */
const DENIED: Array<[string, string]> = [
  ['0.0.0.1', '"this network"'],
  ['10.0.0.1', 'private'],
  ['10.255.255.254', 'private'],
  ['100.64.0.1', 'carrier-grade NAT'],
  ['100.127.255.254', 'carrier-grade NAT'],
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['169.254.169.254', 'link-local (cloud metadata)'],
  ['172.16.0.1', 'private'],
  ['172.31.255.254', 'private'],
  ['192.0.0.1', 'IETF protocol assignments'],
  ['192.0.0.170', 'NAT64 discovery'],
  ['192.0.2.1', 'TEST-NET-1'],
  ['192.31.196.1', 'AS112-v4'],
  ['192.52.193.1', 'AMT'],
  ['192.88.99.1', '6to4 relay anycast'],
  ['192.168.0.1', 'private'],
  ['192.168.255.254', 'private'],
  ['192.175.48.1', 'AS112 direct delegation'],
  ['198.18.0.1', 'benchmarking'],
  ['198.19.255.254', 'benchmarking'],
  ['198.51.100.1', 'TEST-NET-2'],
  ['203.0.113.1', 'TEST-NET-3'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'broadcast'],
  ['::1', 'loopback'],
  ['::', 'unspecified'],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
  ['::ffff:10.0.0.1', 'IPv4-mapped private'],
  ['::ffff:169.254.169.254', 'IPv4-mapped link-local'],
  ['::ffff:192.168.1.1', 'IPv4-mapped private'],
  ['::ffff:8.8.8.8', 'IPv4-mapped (a browser never relays to one)'],
  ['::127.0.0.1', 'IPv4-compatible loopback'],
  ['::ffff:0:7f00:1', 'IPv4-translated loopback'],
  ['64:ff9b::7f00:1', 'NAT64 of 127.0.0.1'],
  ['64:ff9b::a00:1', 'NAT64 of 10.0.0.1'],
  ['64:ff9b:1::a00:1', 'local-use NAT64'],
  ['100::1', 'discard-only'],
  ['2001::1', 'Teredo'],
  ['2001:2::1', 'benchmarking'],
  ['2001:db8::1', 'documentation'],
  ['2002:7f00:1::1', '6to4 of 127.0.0.1'],
  ['2002:a00:1::1', '6to4 of 10.0.0.1'],
  ['2620:4f:8000::1', 'AS112 direct delegation'],
  ['3fff::1', 'documentation'],
  ['5f00::1', 'SRv6 SIDs'],
  ['fc00::1', 'unique local'],
  ['fd00::1', 'unique local'],
  ['fe80::1', 'link-local'],
  ['fec0::1', 'site-local'],
  ['ff02::1', 'multicast'],
  ...OWN_ADDRESSES.map((address): [string, string] => [address, "this machine's own address"]),
];

/** Public addresses: granted, so the refusals above are about the address and not the credential. */
const GRANTED = [
  '8.8.8.8',
  '1.1.1.1',
  '100.63.255.254', // just below carrier-grade NAT
  '172.32.0.1', // just above 172.16.0.0/12
  '198.20.0.1', // just above the benchmarking range
  '2001:4860:4860::8888',
  '2606:4700:4700::1111',
  '2001:200::1', // just above 2001::/23
];

/** A port nothing is bound to right now, for UDP and TCP both (coturn listens on both). */
async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const probe = dgram.createSocket('udp4');
      probe.once('error', reject);
      probe.bind(0, '127.0.0.1', () => {
        const { port } = probe.address();
        probe.close(() => resolve(port));
      });
    });
    const tcpFree = await new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (tcpFree) return port;
  }
}

/**
 * The shipped file with this run's ports, secret, realm and files; each substitution must find its
 * line, so a change to the shipped file that the test no longer covers fails here.
 */
function configForTest(
  shipped: string,
  run: { port: number; relayBase: number; dir: string; own: string[] },
): string {
  const [ownV4 = '192.0.2.1', ownV6 = '2001:db8::1'] = [
    run.own.find((a) => net.isIPv4(a)),
    run.own.find((a) => net.isIPv6(a)),
  ];
  const replacements: Array<[RegExp, string]> = [
    [/^listening-port=3478$/m, `listening-port=${run.port}`],
    // No TLS here (no certificate): the TLS port and the certificate lines go, no-tls is added below.
    [/^tls-listening-port=5349\n/m, ''],
    [/^cert=.*\n/m, ''],
    [/^pkey=.*\n/m, ''],
    [/^static-auth-secret=.*$/m, `static-auth-secret=${SECRET}`],
    [/^realm=turn\.example\.org$/m, `realm=${REALM}`],
    [/^min-port=49160$/m, `min-port=${run.relayBase}`],
    [/^max-port=49200$/m, `max-port=${run.relayBase + 20}`],
    // The server's own addresses: this machine's (the operator's step).
    [/^denied-peer-ip=192\.0\.2\.1$/m, `denied-peer-ip=${ownV4}`],
    [/^denied-peer-ip=2001:db8::1$/m, `denied-peer-ip=${ownV6}`],
  ];
  let out = shipped;
  for (const [pattern, value] of replacements) {
    if (!pattern.test(out))
      throw new Error(`deploy/coturn/turnserver.conf no longer has ${pattern}: update the test`);
    out = out.replace(pattern, value);
  }
  const extraOwn = run.own.filter((a) => a !== ownV4 && a !== ownV6).map((a) => `denied-peer-ip=${a}`);
  return [
    out,
    ...extraOwn,
    // This run only: loopback, its own files, no TLS, logs to stdout.
    'listening-ip=127.0.0.1',
    'relay-ip=127.0.0.1',
    'relay-ip=::1',
    'no-tls',
    'no-dtls',
    `userdb=${path.join(run.dir, 'turndb')}`,
    `pidfile=${path.join(run.dir, 'turnserver.pid')}`,
    'log-file=stdout',
    'simple-log',
    '',
  ].join('\n');
}

let coturn: ChildProcess | undefined;
let coturnLog = '';
let port = 0;

// ---------------------------------------------------------------------------------------------
// A minimal TURN client over UDP and TCP: werift-ice encodes and checks the STUN messages.

interface Channel {
  /** Sends `request` and resolves with the answer of the same transaction. */
  exchange(request: Message): Promise<Message>;
  close(): void;
}

function udpChannel(): Promise<Channel> {
  const socket = dgram.createSocket('udp4');
  return new Promise((resolve) =>
    socket.bind(0, '127.0.0.1', () =>
      resolve({
        exchange: (request) =>
          new Promise((done, fail) => {
            let tries = 0;
            const send = () => socket.send(request.bytes, port, '127.0.0.1');
            const timer = setInterval(() => {
              tries += 1;
              if (tries > 10) {
                clearInterval(timer);
                socket.off('message', onMessage);
                fail(new Error(`coturn did not answer on 127.0.0.1:${port}\n${coturnLog}`));
              } else send();
            }, 200);
            const onMessage = (data: Buffer) => {
              const answer = parseMessage(data);
              if (!answer?.transactionId.equals(request.transactionId)) return;
              clearInterval(timer);
              socket.off('message', onMessage);
              done(answer);
            };
            socket.on('message', onMessage);
            send();
          }),
        close: () => socket.close(),
      }),
    ),
  );
}

/** STUN over TCP: messages back to back, each 20 bytes of header and the length its header says. */
function tcpChannel(): Promise<Channel> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let buffered = Buffer.alloc(0);
    const waiting = new Map<string, (m: Message) => void>();
    socket.on('data', (data) => {
      buffered = Buffer.concat([buffered, data]);
      while (buffered.length >= 20 && buffered.length >= 20 + buffered.readUInt16BE(2)) {
        const size = 20 + buffered.readUInt16BE(2);
        const answer = parseMessage(buffered.subarray(0, size));
        buffered = buffered.subarray(size);
        if (answer) waiting.get(answer.transactionIdHex)?.(answer);
      }
    });
    socket.once('error', reject);
    socket.once('connect', () =>
      resolve({
        exchange: (request) =>
          new Promise((done, fail) => {
            const timer = setTimeout(
              () => fail(new Error(`coturn did not answer over TCP\n${coturnLog}`)),
              5000,
            );
            waiting.set(request.transactionIdHex, (answer) => {
              clearTimeout(timer);
              done(answer);
            });
            socket.write(request.bytes);
          }),
        close: () => socket.destroy(),
      }),
    );
  });
}

const UDP = 0x11000000; // REQUESTED-TRANSPORT: the protocol number (17) in the first byte
const TCP = 0x06000000;
const IPV4 = 0x01000000; // REQUESTED-ADDRESS-FAMILY: the family in the first byte
const IPV6 = 0x02000000;

interface Allocation {
  /** The relayed address, or the error code the Allocate got. */
  result: { relayed: [string, number] } | { refused: number };
  /** CreatePermission for `address`: 'granted', or the error code. */
  permit(address: string): Promise<'granted' | number>;
  close(): Promise<void>;
}

/**
 * A TURN Allocate with long-term credentials (RFC 8656 §9.2): the first request draws the 401 with
 * realm and nonce, the second carries USERNAME and MESSAGE-INTEGRITY keyed MD5(username:realm:password).
 */
async function allocate(
  channel: Channel,
  credential: { username: string; credential: string },
  options: { transport: number; family: number },
): Promise<Allocation> {
  const request = () =>
    new Message(methods.ALLOCATE, classes.REQUEST)
      .setAttribute('LIFETIME', 120)
      .setAttribute('REQUESTED-TRANSPORT', options.transport)
      .setAttribute('REQUESTED-ADDRESS-FAMILY', options.family);
  const challenge = await channel.exchange(request().addFingerprint());
  expect(challenge.getAttributeValue('ERROR-CODE')?.[0]).toBe(401);
  const realm: string = challenge.getAttributeValue('REALM');
  const nonce: Buffer = challenge.getAttributeValue('NONCE');
  expect(realm).toBe(REALM);
  const key = makeIntegrityKey(credential.username, realm, credential.credential);
  const signed = (message: Message) =>
    message
      .setAttribute('USERNAME', credential.username)
      .setAttribute('REALM', realm)
      .setAttribute('NONCE', nonce)
      .addMessageIntegrity(key)
      .addFingerprint();
  const answer = await channel.exchange(signed(request()));
  const result =
    answer.messageClass === classes.RESPONSE
      ? { relayed: answer.getAttributeValue('XOR-RELAYED-ADDRESS') as [string, number] }
      : { refused: answer.getAttributeValue('ERROR-CODE')[0] as number };
  return {
    result,
    permit: async (address) => {
      // Written as the URL parser prints it (werift's encoder reads the compressed hex form).
      const canonical = net.isIPv6(address) ? new URL(`http://[${address}]/`).hostname.slice(1, -1) : address;
      const reply = await channel.exchange(
        signed(
          new Message(methods.CREATE_PERMISSION, classes.REQUEST).setAttribute('XOR-PEER-ADDRESS', [
            canonical,
            9,
          ]),
        ),
      );
      return reply.messageClass === classes.RESPONSE
        ? 'granted'
        : (reply.getAttributeValue('ERROR-CODE')[0] as number);
    },
    close: async () => {
      if ('relayed' in result) {
        await channel.exchange(
          signed(new Message(methods.REFRESH, classes.REQUEST).setAttribute('LIFETIME', 0)),
        );
      }
      channel.close();
    },
  };
}

async function startCoturn(): Promise<void> {
  const dir = tempDir('samaj-coturn-relay-');
  port = await freePort();
  const conf = path.join(dir, 'turnserver.conf');
  fs.writeFileSync(
    conf,
    configForTest(fs.readFileSync(SHIPPED, 'utf8'), {
      port,
      relayBase: 40_000 + Math.floor(Math.random() * 20_000),
      dir,
      own: OWN_ADDRESSES,
    }),
  );
  coturn = spawn(TURNSERVER, ['-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (chunk: Buffer) => {
    coturnLog = (coturnLog + chunk.toString()).slice(-20_000);
  };
  coturn.stdout?.on('data', keep);
  coturn.stderr?.on('data', keep);
  // Answers a Binding request (no credential needed) once it listens.
  const deadline = Date.now() + 10_000;
  for (;;) {
    const channel = await udpChannel();
    try {
      await channel.exchange(new Message(methods.BINDING, classes.REQUEST));
      return;
    } catch (error) {
      if (Date.now() > deadline || coturn.exitCode !== null) {
        throw new Error(`coturn never answered: ${String(error)}\n${coturnLog}`);
      }
    } finally {
      channel.close();
    }
  }
}

async function stopCoturn(): Promise<void> {
  const child = coturn;
  coturn = undefined;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
  await exited;
  clearTimeout(timer);
}

describe.skipIf(!hasCoturn)('the shipped coturn configuration (real turnserver)', () => {
  beforeAll(startCoturn, 20_000);
  afterAll(stopCoturn);

  describeEachDatabase(
    'a member relays only to the public internet',
    (ctx) => {
      let member: TestMember;
      let credential: { username: string; credential: string };
      beforeAll(async () => {
        [member] = await createMembers(ctx.app, 1);
        const res = await call(ctx.app, 'GET', '/api/live/ice-servers', member);
        expect(res.statusCode, res.body).toBe(200);
        credential = (res.json() as LiveIceServers).iceServers[0] as typeof credential;
      }, 60_000);

      it('every special-purpose range, IPv4 spelled as IPv6, and this machine are refused; public addresses granted', async () => {
        const v4 = await allocate(await udpChannel(), credential, { transport: UDP, family: IPV4 });
        const v6 = await allocate(await udpChannel(), credential, { transport: UDP, family: IPV6 });
        try {
          expect(v4.result, coturnLog).toEqual({ relayed: ['127.0.0.1', expect.any(Number)] });
          expect(v6.result, coturnLog).toEqual({ relayed: ['::1', expect.any(Number)] });
          const ask = (address: string) => (net.isIPv4(address) ? v4 : v6).permit(address);
          const answers: Record<string, 'granted' | number> = {};
          for (const [address, why] of DENIED) answers[`${address} (${why})`] = await ask(address);
          expect(answers).toEqual(Object.fromEntries(DENIED.map(([a, why]) => [`${a} (${why})`, 403])));
          const granted: Record<string, 'granted' | number> = {};
          for (const address of GRANTED) granted[address] = await ask(address);
          expect(granted).toEqual(Object.fromEntries(GRANTED.map((a) => [a, 'granted'])));
        } finally {
          await v4.close();
          await v6.close();
        }
      });

      it('a TCP relay is refused (the member still reaches coturn over TCP for a UDP relay)', async () => {
        const tcp = await allocate(await tcpChannel(), credential, { transport: TCP, family: IPV4 });
        await tcp.close();
        // 442 Unsupported Transport Protocol.
        expect(tcp.result, coturnLog).toEqual({ refused: 442 });
        const udpOverTcp = await allocate(await tcpChannel(), credential, { transport: UDP, family: IPV4 });
        await udpOverTcp.close();
        expect(udpOverTcp.result, coturnLog).toMatchObject({ relayed: expect.any(Array) });
      });
    },
    {
      env: {
        TURN_URLS: 'turn:127.0.0.1:3478?transport=udp',
        TURN_SECRET: SECRET,
      },
    },
  );
});
