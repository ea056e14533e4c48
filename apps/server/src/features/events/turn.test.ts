// TURN with short-lived credentials (docs/product/live-video.md, "TURN"): TURN_URLS + TURN_SECRET are read
// both or neither; a signed-in member gets ICE_SERVERS plus a TURN entry of their own in coturn's REST scheme
// (username `<expiry>:<member>`, credential base64 HMAC-SHA1), visitors a 401, and nobody the secret. A real
// coturn, started here with a config written for this run, takes the member's credential for an Allocate and
// refuses a forged or an expired one. Without TURN settings the route answers exactly ICE_SERVERS, as
// /api/public-config does.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import dgram from 'node:dgram';
import fs from 'node:fs';
import path from 'node:path';
import type { LiveIceServers } from '@samaj/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classes, Message, makeIntegrityKey, methods, parseMessage } from 'werift-ice';
import { call, expectVisitorRefused } from '../../../test/api.ts';
import { describeEachDatabase, tempDir } from '../../../test/harness.ts';
import { createMembers, type TestMember } from '../../../test/members.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { TURN_CREDENTIAL_TTL_SECONDS, turnCredential } from './turn.ts';

const TURNSERVER = '/usr/bin/turnserver';
const hasCoturn = spawnSync(TURNSERVER, ['--version'], { stdio: 'ignore' }).status === 0;
if (!hasCoturn) {
  console.warn(
    `SKIPPED the coturn half of turn.test.ts: ${TURNSERVER} is not installed (apt-get install coturn; .ci/run installs it)`,
  );
}

const SECRET = 'test-static-auth-secret-0123456789';
const REALM = 'samaj.test';
const STATIC_STUN = { urls: 'stun:stun.kutch.example:3478' };

/** A UDP port nothing is bound to right now. */
function freeUdpPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = dgram.createSocket('udp4');
    probe.once('error', reject);
    probe.bind(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const turnPort = await freeUdpPort();
const TURN_URL = `turn:127.0.0.1:${turnPort}?transport=udp`;

// ---------------------------------------------------------------------------------------------
// A minimal TURN client: werift-ice encodes and checks the STUN messages; this sends them over UDP.

function exchange(socket: dgram.Socket, request: Message): Promise<Message> {
  return new Promise((resolve, reject) => {
    let tries = 0;
    const send = () => socket.send(request.bytes, turnPort, '127.0.0.1');
    // UDP: resend a few times, as a TURN client would, before calling the server silent.
    const timer = setInterval(() => {
      tries += 1;
      if (tries > 10) {
        clearInterval(timer);
        socket.off('message', onMessage);
        reject(new Error(`coturn did not answer on 127.0.0.1:${turnPort}`));
      } else send();
    }, 200);
    const onMessage = (data: Buffer) => {
      const answer = parseMessage(data);
      if (!answer?.transactionId.equals(request.transactionId)) return;
      clearInterval(timer);
      socket.off('message', onMessage);
      resolve(answer);
    };
    socket.on('message', onMessage);
    send();
  });
}

/**
 * Local ports this file has sent from. coturn keys an allocation by the client's address and port, and
 * may still hold a released one for a while: a later socket given the same port by the OS would be
 * answered 437 (Allocation Mismatch) instead of what its credential deserves (seen once in CI).
 */
const usedPorts = new Set<number>();

async function withSocket<T>(fn: (socket: dgram.Socket) => Promise<T>): Promise<T> {
  let socket: dgram.Socket;
  for (;;) {
    const candidate = dgram.createSocket('udp4');
    await new Promise<void>((resolve) => candidate.bind(0, '127.0.0.1', resolve));
    const { port } = candidate.address();
    if (!usedPorts.has(port)) {
      usedPorts.add(port);
      socket = candidate;
      break;
    }
    candidate.close();
  }
  try {
    return await fn(socket);
  } finally {
    socket.close();
  }
}

type AllocateResult = { relayed: [string, number] } | { refused: number };

/**
 * A TURN Allocate (UDP relay) with long-term credentials (RFC 8656 §9.2): the first request draws
 * the server's 401 with its realm and nonce, the second carries the username and MESSAGE-INTEGRITY
 * keyed MD5(username:realm:password). Then the allocation is released (Refresh, lifetime 0).
 */
function allocate(username: string, password: string): Promise<AllocateResult> {
  return withSocket(async (socket) => {
    const request = () =>
      new Message(methods.ALLOCATE, classes.REQUEST)
        .setAttribute('LIFETIME', 60)
        .setAttribute('REQUESTED-TRANSPORT', 0x11000000); // UDP (17) in the protocol byte
    const challenge = await exchange(socket, request().addFingerprint());
    expect(challenge.getAttributeValue('ERROR-CODE')?.[0]).toBe(401);
    const realm: string = challenge.getAttributeValue('REALM');
    const nonce: Buffer = challenge.getAttributeValue('NONCE');
    expect(realm).toBe(REALM);
    const key = makeIntegrityKey(username, realm, password);
    const answer = await exchange(
      socket,
      request()
        .setAttribute('USERNAME', username)
        .setAttribute('REALM', realm)
        .setAttribute('NONCE', nonce)
        .addMessageIntegrity(key)
        .addFingerprint(),
    );
    if (answer.messageClass !== classes.RESPONSE)
      return { refused: answer.getAttributeValue('ERROR-CODE')[0] };
    // A success is signed with the same key: coturn recomputed the member's password from the secret.
    expect(parseMessage(answer.bytes, key)).toBeDefined();
    const relayed = answer.getAttributeValue('XOR-RELAYED-ADDRESS') as [string, number];
    await exchange(
      socket,
      new Message(methods.REFRESH, classes.REQUEST)
        .setAttribute('LIFETIME', 0)
        .setAttribute('USERNAME', username)
        .setAttribute('REALM', realm)
        .setAttribute('NONCE', nonce)
        .addMessageIntegrity(key)
        .addFingerprint(),
    );
    return { relayed };
  });
}

/** Waits until coturn answers a Binding request (no credentials needed for that). */
async function coturnAnswers(log: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await withSocket((socket) => exchange(socket, new Message(methods.BINDING, classes.REQUEST)));
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`coturn never answered: ${String(error)}\n${log()}`);
    }
  }
}

let coturn: ChildProcess | undefined;
let coturnLog = '';

/** coturn for this file: loopback only, its own ports, database and pid file, no CLI, no TLS. */
async function startCoturn(): Promise<void> {
  const dir = tempDir('samaj-coturn-');
  const relayBase = 40_000 + Math.floor(Math.random() * 20_000);
  const conf = path.join(dir, 'turnserver.conf');
  fs.writeFileSync(
    conf,
    [
      'listening-ip=127.0.0.1',
      'relay-ip=127.0.0.1',
      `listening-port=${turnPort}`,
      `min-port=${relayBase}`,
      `max-port=${relayBase + 20}`,
      'use-auth-secret',
      `static-auth-secret=${SECRET}`,
      `realm=${REALM}`,
      'fingerprint',
      'no-cli',
      'no-tcp',
      'no-tls',
      'no-dtls',
      'no-tcp-relay',
      'no-multicast-peers',
      `userdb=${path.join(dir, 'turndb')}`,
      `pidfile=${path.join(dir, 'turnserver.pid')}`,
      'log-file=stdout',
      'simple-log',
      '',
    ].join('\n'),
  );
  coturn = spawn(TURNSERVER, ['-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
  coturn.stdout?.on('data', (chunk) => {
    coturnLog += chunk;
  });
  coturn.stderr?.on('data', (chunk) => {
    coturnLog += chunk;
  });
  await coturnAnswers(() => coturnLog);
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

// ---------------------------------------------------------------------------------------------

describe('TURN settings', () => {
  const failure = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error('loadConfig accepted it');
  };

  it('unset: no TURN of our own (ICE_SERVERS only, as before)', () => {
    expect(loadConfig({}).turn).toBeUndefined();
    expect(loadConfig({ TURN_URLS: ' ', TURN_SECRET: '' }).turn).toBeUndefined();
  });

  it('reads comma-separated turn:/turns: URLs and the secret', () => {
    const turn = loadConfig({
      TURN_URLS: 'turn:turn.example.org:3478?transport=udp, turns:turn.example.org:5349?transport=tcp',
      TURN_SECRET: SECRET,
    }).turn;
    expect(turn).toEqual({
      urls: ['turn:turn.example.org:3478?transport=udp', 'turns:turn.example.org:5349?transport=tcp'],
      secret: SECRET,
    });
  });

  it.each<[Record<string, string>, string]>([
    [{ TURN_URLS: TURN_URL }, 'missing TURN_SECRET'],
    [{ TURN_SECRET: SECRET }, 'missing TURN_URLS'],
    [{ TURN_URLS: 'stun:turn.example.org:3478', TURN_SECRET: SECRET }, 'TURN_URLS must be'],
    [{ TURN_URLS: 'https://turn.example.org', TURN_SECRET: SECRET }, 'TURN_URLS must be'],
    [{ TURN_URLS: 'turn:a.example.org turn:b.example.org', TURN_SECRET: SECRET }, 'TURN_URLS must be'],
    [{ TURN_URLS: ',', TURN_SECRET: SECRET }, 'TURN_URLS must be'],
    [{ TURN_URLS: TURN_URL, TURN_SECRET: 'short' }, 'at least 16 characters'],
    [{ TURN_URLS: TURN_URL, TURN_SECRET: 'sixteen chars but spaced' }, 'without spaces'],
  ])('%o → one clear line', (env, message) => {
    const text = failure(env);
    expect(text).toContain(message);
    expect(text).not.toContain('\n');
    if (env.TURN_SECRET) expect(text).not.toContain(env.TURN_SECRET);
  });
});

/** What coturn computes from its static-auth-secret, written out here rather than taken from turn.ts. */
const expectedPassword = (username: string, secret = SECRET) =>
  createHmac('sha1', secret).update(username, 'utf8').digest('base64');

describe.skipIf(!hasCoturn)('coturn takes the credentials (real turnserver)', () => {
  beforeAll(startCoturn, 20_000);
  afterAll(stopCoturn);

  describeEachDatabase(
    'live ICE servers with TURN',
    (ctx) => {
      let member: TestMember;
      let other: TestMember;
      beforeAll(async () => {
        [member, other] = await createMembers(ctx.app, 2);
      }, 60_000);

      const iceServers = async (who: TestMember) => {
        const res = await call(ctx.app, 'GET', '/api/live/ice-servers', who);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['cache-control']).toBe('private, no-store');
        expect(res.body).not.toContain(SECRET);
        return res.json() as LiveIceServers;
      };

      it('visitors get 401 and no credential', async () => {
        await expectVisitorRefused(ctx.app, [['GET', '/api/live/ice-servers']], [TURN_URL, SECRET]);
      });

      it('a member gets ICE_SERVERS plus a TURN user of their own for six hours, and coturn accepts it', async () => {
        const before = Math.floor(Date.now() / 1000);
        const answer = await iceServers(member);
        const after = Math.floor(Date.now() / 1000);
        expect(answer.iceServers).toHaveLength(2);
        expect(answer.iceServers[0]).toEqual(STATIC_STUN);
        const turn = answer.iceServers[1] as { urls: string[]; username: string; credential: string };
        expect(turn.urls).toEqual([TURN_URL]);
        const [expiry, name, ...rest] = turn.username.split(':');
        expect(rest).toEqual([]);
        expect(name).toBe(member.user.id);
        expect(Number(expiry)).toBeGreaterThanOrEqual(before + 6 * 3600);
        expect(Number(expiry)).toBeLessThanOrEqual(after + 6 * 3600);
        expect(answer.expiresAt).toBe(new Date(Number(expiry) * 1000).toISOString());
        expect(turn.credential).toBe(expectedPassword(turn.username));

        const allocated = await allocate(turn.username, turn.credential);
        expect(allocated, coturnLog).toEqual({ relayed: ['127.0.0.1', expect.any(Number)] });

        // Another member's credential names them, not this member.
        const theirs = (await iceServers(other)).iceServers[1] as { username: string; credential: string };
        expect(theirs.username.endsWith(`:${other.user.id}`)).toBe(true);
        expect(theirs.credential).not.toBe(turn.credential);
      });

      it('coturn refuses a forged name, a credential signed with another secret, and an expired one', async () => {
        const turn = (await iceServers(member)).iceServers[1] as { username: string; credential: string };
        // Someone else's name with this member's credential (or a later expiry): the HMAC no longer fits.
        const [expiry] = turn.username.split(':');
        expect(await allocate(`${expiry}:${other.user.id}`, turn.credential)).toEqual({ refused: 401 });
        expect(await allocate(`${Number(expiry) + 3600}:${member.user.id}`, turn.credential)).toEqual({
          refused: 401,
        });
        // Signed with a secret coturn does not have.
        const forged = `${expiry}:${member.user.id}`;
        expect(await allocate(forged, expectedPassword(forged, 'another-secret-0123456789'))).toEqual({
          refused: 401,
        });
        // Issued more than TURN_CREDENTIAL_TTL_SECONDS ago: well signed, but past its expiry.
        const old = turnCredential(
          { urls: [TURN_URL], secret: SECRET },
          member.user.id,
          Date.now() - (TURN_CREDENTIAL_TTL_SECONDS + 60) * 1000,
        ).iceServer;
        expect(old.credential).toBe(expectedPassword(old.username));
        expect(await allocate(old.username, old.credential)).toEqual({ refused: 401 });
        // The same member's current credential still works after all that.
        expect(await allocate(turn.username, turn.credential)).toMatchObject({ relayed: expect.any(Array) });
      });
    },
    {
      env: {
        ICE_SERVERS: JSON.stringify([STATIC_STUN]),
        TURN_URLS: TURN_URL,
        TURN_SECRET: SECRET,
      },
    },
  );
});

describeEachDatabase(
  'live ICE servers without TURN settings',
  (ctx) => {
    it('a member gets exactly ICE_SERVERS, nothing expires, and public-config is as before', async () => {
      const [member] = await createMembers(ctx.app, 1);
      const res = await call(ctx.app, 'GET', '/api/live/ice-servers', member);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ iceServers: [STATIC_STUN], expiresAt: null });
      const config = await call(ctx.app, 'GET', '/api/public-config', null);
      expect(config.json().iceServers).toEqual([STATIC_STUN]);
      await expectVisitorRefused(ctx.app, [['GET', '/api/live/ice-servers']]);
    });
  },
  { env: { ICE_SERVERS: JSON.stringify([STATIC_STUN]) } },
);
