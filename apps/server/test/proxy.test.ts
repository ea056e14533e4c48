// The grown setup as an operator runs it (docs/product/operations.md, "Growing past one machine"): Debian's
// nginx with the shipped site (deploy/nginx/samaj.conf; only its ports and certificate substituted) over
// HTTPS and HTTP/2, in front of two real server processes on one PostgreSQL database, with a plain round
// robin between them. Everything goes through the proxy, as a member's browser would; nginx's access log says
// which process served each request, so a check meant to span both processes cannot pass on one.
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http2 from 'node:http2';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { viewerPeerId } from '@samaj/core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webPush from 'web-push';
import WebSocket from 'ws';
import { runCli } from '../src/cli.ts';
import { DEFAULT_AUTH_LIMITS } from '../src/platform/auth/rate-limit.ts';
import { WRITE_LIMITS } from '../src/platform/rate-limit.ts';
import { multipart } from './fixtures/images.ts';
import { scratchDatabase, TEST_DATABASE_URL, tempDir } from './harness.ts';
import { siteForTest } from './nginx-site.ts';
import { type PushReceiver, RECEIVER_CERT_PATH, startPushReceiver } from './push-receiver.ts';
import { waitFor } from './wait.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SITE = path.join(ROOT, 'deploy/nginx/samaj.conf');
// The processes trust the proxy as the shipped settings say (deploy/systemd/samaj.env.example).
const TRUST_PROXY = /^TRUST_PROXY=(.+)$/m.exec(
  fs.readFileSync(path.join(ROOT, 'deploy/systemd/samaj.env.example'), 'utf8'),
)?.[1] as string;
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => fs.existsSync(file));
// The push receiver's certificate is for 127.0.0.1: nginx serves it, and this process trusts it.
const CERT = RECEIVER_CERT_PATH;
const ca = fs.readFileSync(CERT);

const skipReason = !TEST_DATABASE_URL
  ? 'needs PostgreSQL: set TEST_DATABASE_URL (the processes share one database)'
  : !NGINX
    ? 'needs nginx (Debian: apt-get install nginx; .ci/run installs it)'
    : undefined;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

interface Started {
  child: ChildProcess;
  output: () => string;
}

function startProcess(command: string, args: string[], env: NodeJS.ProcessEnv): Started {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  // A run cut short (a timeout, the worker killed) leaves no nginx or server behind.
  process.once('exit', () => child.kill('SIGKILL'));
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, output: () => output };
}

async function stop({ child }: Started): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  json: () => // biome-ignore lint/suspicious/noExplicitAny: test answers
  any;
  /** The cookies it set, as a request header. */
  cookie: string;
}

describe.skipIf(!!skipReason)(
  `behind nginx: two server processes on one PostgreSQL${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    const started: Started[] = [];
    let nginxDir: string;
    let origin: string;
    let httpPort: number;
    let appPorts: number[];
    let database: { url: string; drop: () => Promise<void> } | undefined;
    let push: PushReceiver;

    const agent = new https.Agent({ ca, keepAlive: false });

    function request(
      method: string,
      url: string,
      options: { json?: unknown; cookie?: string; body?: Buffer; headers?: Record<string, string> } = {},
    ): Promise<Answer> {
      const body =
        options.body ?? (options.json === undefined ? undefined : Buffer.from(JSON.stringify(options.json)));
      const headers: Record<string, string> = {
        ...(options.json === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.cookie ? { cookie: options.cookie } : {}),
        // Mutating requests must come from PUBLIC_URL's origin, as a browser's do.
        ...(method === 'GET' ? {} : { origin }),
        ...options.headers,
      };
      return new Promise((resolve, reject) => {
        const req = https.request(`${origin}${url}`, { method, headers, agent }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            const setCookie = res.headers['set-cookie'] ?? [];
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: text,
              json: () => JSON.parse(text),
              cookie: setCookie
                .map((c) => c.split(';')[0])
                .filter((pair) => !pair.endsWith('='))
                .join('; '),
            });
          });
        });
        req.on('error', reject);
        req.end(body);
      });
    }

    /** nginx's access log so far: one `{ uri, status, upstream }` per finished request. */
    function accessLog(): Array<{ method: string; uri: string; status: number; upstream: string }> {
      const file = path.join(nginxDir, 'access.log');
      if (!fs.existsSync(file)) return [];
      return fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [method, uri, status, upstream] = line.split(' ');
          return { method, uri, status: Number(status), upstream };
        });
    }

    /** The upstream that served the logged request matching `uri` (a WebSocket is logged once closed). */
    async function servedBy(match: (uri: string) => boolean): Promise<string[]> {
      return waitFor(() => {
        const lines = accessLog().filter((l) => match(l.uri));
        return lines.length ? lines.map((l) => l.upstream) : null;
      }, 'the access log line');
    }

    interface Socket {
      ws: WebSocket;
      messages: Array<Record<string, unknown>>;
      next(match: (m: Record<string, unknown>) => boolean, ms?: number): Promise<Record<string, unknown>>;
      closed: Promise<number>;
    }

    /** A WebSocket through the proxy (wss), with the member's cookie and the site's Origin. */
    function socket(url: string, cookie: string): Socket {
      const ws = new WebSocket(`${origin.replace(/^https/, 'wss')}${url}`, {
        headers: { origin, cookie },
        ca,
      });
      const messages: Array<Record<string, unknown>> = [];
      ws.on('message', (data) => {
        try {
          messages.push(JSON.parse(data.toString()));
        } catch {}
      });
      ws.on('error', () => {});
      return {
        ws,
        messages,
        closed: new Promise((resolve) => ws.on('close', (code) => resolve(code))),
        next: (match, ms = 15_000) =>
          waitFor(() => messages.find(match), `a message on ${url.split('?')[0]}`, ms, 25),
      };
    }

    async function surnameId(): Promise<string> {
      const answer = await request('GET', '/api/surnames?limit=1');
      expect(answer.status, answer.body).toBe(200);
      return answer.json().documents[0].id as string;
    }

    let people = 0;
    async function signUp(): Promise<{ id: string; email: string; password: string; cookie: string }> {
      people += 1;
      const username = `proxy_${process.pid.toString(36)}_${people}${crypto.randomBytes(2).toString('hex')}`;
      const password = 'correct horse battery';
      const email = `${username.replace(/_/g, '.')}@example.com`;
      const answer = await request('POST', '/api/account/signup', {
        json: { surname: await surnameId(), username, name: `Member ${people}`, email, password },
      });
      expect(answer.status, answer.body).toBe(201);
      return { id: answer.json().user.id, email, password, cookie: answer.cookie };
    }

    async function grant(username: string, label: string): Promise<void> {
      const code = await runCli(
        ['grant', username, label],
        { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: database?.url as string },
        { out: () => {}, err: () => {} },
      );
      expect(code).toBe(0);
    }

    beforeAll(async () => {
      // A database of the run's own: the processes use its default schemas, as an operator's do.
      database = await scratchDatabase('samaj_proxy');

      push = await startPushReceiver();
      const [a, b, http, httpsPort] = [
        await freePort(),
        await freePort(),
        await freePort(),
        await freePort(),
      ];
      appPorts = [a, b];
      httpPort = http;
      origin = `https://127.0.0.1:${httpsPort}`;

      // nginx as a child of this test, in a folder of its own (no system paths written).
      nginxDir = tempDir('samaj-nginx-');
      fs.chmodSync(nginxDir, 0o755); // run as root, nginx's workers are `nobody`
      const site = siteForTest(fs.readFileSync(SITE, 'utf8'), { http, https: httpsPort, apps: appPorts });
      fs.writeFileSync(path.join(nginxDir, 'samaj.conf'), site);
      const temp = (what: string) => `${what}_temp_path ${path.join(nginxDir, `${what}_temp`)};`;
      fs.writeFileSync(
        path.join(nginxDir, 'nginx.conf'),
        [
          'daemon off;',
          // One worker: its round robin alternates strictly between the two processes.
          'worker_processes 1;',
          `pid ${path.join(nginxDir, 'nginx.pid')};`,
          `error_log ${path.join(nginxDir, 'error.log')} warn;`,
          'events { worker_connections 256; }',
          'http {',
          `  log_format upstream '$request_method $uri $status $upstream_addr';`,
          `  access_log ${path.join(nginxDir, 'access.log')} upstream;`,
          `  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}`,
          `  include ${path.join(nginxDir, 'samaj.conf')};`,
          '}',
          '',
        ].join('\n'),
      );

      const vapid = webPush.generateVAPIDKeys();
      for (const port of appPorts) {
        started.push(
          startProcess(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
            ...process.env,
            NODE_ENV: 'production',
            LOG_LEVEL: 'warn',
            TEST_DATABASE_URL: '',
            DATABASE_URL: database.url,
            DATA_DIR: tempDir('samaj-proxy-data-'),
            PORT: String(port),
            HOST: '127.0.0.1',
            PUBLIC_URL: origin,
            TRUST_PROXY,
            VAPID_PUBLIC_KEY: vapid.publicKey,
            VAPID_PRIVATE_KEY: vapid.privateKey,
            VAPID_SUBJECT: 'mailto:ops@samaj.example',
            // The test's push service is on this machine, with its own certificate.
            PUSH_ENDPOINTS: 'any',
            NODE_EXTRA_CA_CERTS: CERT,
          }),
        );
      }
      // Both at once on the empty database, as systemd starts samaj@8080 and samaj@8081 at boot.
      await Promise.all(
        started.map((app, i) =>
          waitFor(
            async () => {
              if (app.child.exitCode !== null) throw new Error(`a server exited: ${app.output()}`);
              return portOpen(appPorts[i] as number);
            },
            'a server process to listen',
            90_000,
            200,
          ),
        ),
      );
      const nginx = startProcess(
        NGINX as string,
        ['-p', nginxDir, '-c', path.join(nginxDir, 'nginx.conf'), '-e', path.join(nginxDir, 'error.log')],
        process.env,
      );
      started.push(nginx);
      await waitFor(
        async () => {
          if (nginx.child.exitCode !== null) {
            const log = fs.readFileSync(path.join(nginxDir, 'error.log'), 'utf8');
            throw new Error(`nginx exited: ${nginx.output()} ${log}`);
          }
          return portOpen(httpsPort);
        },
        'nginx to listen',
        20_000,
        100,
      );
    }, 180_000);

    afterAll(async () => {
      // nginx first (it holds the sockets), then the servers, then the database.
      for (const process_ of started.reverse()) await stop(process_);
      await push?.close();
      await database?.drop();
    }, 60_000);

    it('serves HTTPS over HTTP/2, sends /sfu to one process and plain HTTP to HTTPS', async () => {
      const session = http2.connect(origin, { ca });
      try {
        const status = await new Promise<number>((resolve, reject) => {
          const req = session.request({ ':path': '/api/health/ready' });
          req.on('response', (headers) => resolve(Number(headers[':status'])));
          req.on('error', reject);
          req.resume();
          req.end();
        });
        expect(status).toBe(200);
        expect(session.alpnProtocol).toBe('h2');
      } finally {
        session.close();
      }
      // /sfu (SFU mode's rooms live in one process) always reaches the first process.
      const before = accessLog().length;
      for (let i = 0; i < 3; i++) await request('GET', '/sfu');
      // nginx writes a request's line once it has closed it: the last may come a moment after its answer.
      const sfu = await waitFor(() => {
        const lines = accessLog()
          .slice(before)
          .filter((line) => line.uri === '/sfu');
        return lines.length >= 3 ? lines : null;
      }, 'three /sfu lines in the access log');
      expect(sfu.map((line) => line.upstream)).toEqual(Array(3).fill(`127.0.0.1:${appPorts[0]}`));
      const plain = await fetch(`http://127.0.0.1:${httpPort}/surnames`, { redirect: 'manual' });
      expect(plain.status).toBe(301);
      expect(plain.headers.get('location')).toMatch(/^https:\/\/127\.0\.0\.1(:\d+)?\/surnames$/);
    });

    it('signs a member up and in, and each process knows their session', async () => {
      const member = await signUp();
      const login = await request('POST', '/api/account/login', {
        json: { email: member.email, password: member.password },
      });
      expect(login.status, login.body).toBe(200);
      expect(String(login.headers['set-cookie'])).toMatch(/; Secure/i);
      const before = accessLog().length;
      for (let i = 0; i < 4; i++) {
        const me = await request('GET', '/api/account', { cookie: login.cookie });
        expect(me.status, me.body).toBe(200);
        expect(me.json().id).toBe(member.id);
      }
      const upstreams = new Set(
        accessLog()
          .slice(before)
          .map((line) => line.upstream),
      );
      expect(upstreams).toEqual(new Set(appPorts.map((port) => `127.0.0.1:${port}`)));
      // A wrong password is told as such, through the proxy as directly.
      const wrong = await request('POST', '/api/account/login', {
        json: { email: member.email, password: 'not the password at all' },
      });
      expect(wrong.status).toBe(401);
    });

    it("a post approved on one process reaches the author's sockets on both, and its push is sent once", async () => {
      const author = await signUp();
      const staff = await signUp();
      await grant(staff.id, 'Admin');

      const browser = push.subscription(`author-${author.id}`);
      const subscribed = await request('POST', '/api/push/subscriptions', {
        cookie: author.cookie,
        json: { endpoint: browser.endpoint, keys: browser.keys, language: 'en' },
      });
      expect(subscribed.status, subscribed.body).toBeLessThan(300);

      // Two sockets one after the other: round robin puts them on different processes.
      const sockets = [socket('/realtime?n=1', author.cookie), socket('/realtime?n=2', author.cookie)];
      for (const s of sockets) {
        if (s.ws.readyState !== WebSocket.OPEN) await new Promise((resolve) => s.ws.once('open', resolve));
        s.ws.send(JSON.stringify({ type: 'subscribe', channels: [`member.${author.id}`] }));
        await s.next((m) => m.type === 'subscribed');
      }

      const form = multipart([], { description: 'Garba practice on Sunday' });
      const created = await request('POST', '/api/posts', {
        cookie: author.cookie,
        body: form.payload,
        headers: form.headers,
      });
      expect(created.status, created.body).toBe(201);
      const postId = created.json().id as string;
      expect(created.json().status).toBe('requested');

      const approved = await request('POST', `/api/admin/posts/${postId}/decision`, {
        cookie: staff.cookie,
        json: { status: 'approved', reason: null },
      });
      expect(approved.status, approved.body).toBe(200);
      for (const s of sockets) {
        expect(await s.next((m) => m.type === 'change')).toMatchObject({
          type: 'change',
          channel: `member.${author.id}`,
          id: postId,
        });
      }

      const arrived = await waitFor(() => push.arrivedFor(browser).length > 0, 'the push', 30_000);
      expect(arrived).toBe(true);
      const text = browser.decrypt(push.arrivedFor(browser)[0]?.body as Buffer);
      expect(text).toContain(`/post/${postId}`);
      // Both processes run the job queue's workers: the push still goes out once.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      expect(push.arrivedFor(browser)).toHaveLength(1);

      for (const s of sockets) s.ws.close();
      await Promise.all(sockets.map((s) => s.closed));
      // The access log has the two sockets, each on another process.
      const socketsOn = await waitFor(async () => {
        const on = await servedBy((uri) => uri === '/realtime');
        return on.length >= 2 ? on : null;
      }, 'both /realtime sockets in the access log');
      expect(new Set(socketsOn.slice(-2)).size).toBe(2);
    });

    it('a live session whose host and viewer land on different processes: the offer and answer cross', async () => {
      const host = await signUp();
      const viewer = await signUp();
      const eventId = crypto.randomBytes(10).toString('hex');
      const client = new pg.Client({ connectionString: database?.url });
      await client.connect();
      try {
        await client.query(
          'insert into event (id, name, time, host, live_stream) values ($1, $2, now(), $3, true)',
          [eventId, 'Garba night', host.id],
        );
      } finally {
        await client.end();
      }
      const peer = (id: string, who: { cookie: string }, token: string) =>
        socket(`/peerjs/peerjs?key=peerjs&id=${encodeURIComponent(id)}&token=${token}`, who.cookie);

      const hostSocket = peer(eventId, host, 'hosttoken');
      await hostSocket.next((m) => m.type === 'OPEN');
      const viewerId = viewerPeerId(eventId);
      const viewerSocket = peer(viewerId, viewer, 'viewertoken');
      await viewerSocket.next((m) => m.type === 'OPEN');

      viewerSocket.ws.send(
        JSON.stringify({
          type: 'OFFER',
          dst: eventId,
          payload: { sdp: { type: 'offer', sdp: 'v=0\r\n' }, connectionId: 'mc_proxy' },
        }),
      );
      expect(await hostSocket.next((m) => m.type === 'OFFER')).toMatchObject({ src: viewerId, dst: eventId });
      hostSocket.ws.send(
        JSON.stringify({
          type: 'ANSWER',
          dst: viewerId,
          payload: { sdp: { type: 'answer', sdp: 'v=0\r\n' }, connectionId: 'mc_proxy' },
        }),
      );
      expect(await viewerSocket.next((m) => m.type === 'ANSWER')).toMatchObject({
        src: eventId,
        dst: viewerId,
      });

      viewerSocket.ws.close();
      hostSocket.ws.close();
      await Promise.all([viewerSocket.closed, hostSocket.closed]);
      // The access log has both sockets (logged once closed), each on another process.
      const peersOn = await waitFor(async () => {
        const on = await servedBy((uri) => uri === '/peerjs/peerjs');
        return on.length >= 2 ? on : null;
      }, 'both /peerjs sockets in the access log');
      expect(new Set(peersOn.slice(-2)).size).toBe(2);
    });

    it("a client's own X-Forwarded-For does not choose the address its limits count", async () => {
      expect(TRUST_PROXY).toBeTruthy();
      // Password recovery is limited per network: each request names another client address of its own
      // (one, or a chain as if other proxies had passed it on); all come from this machine through nginx.
      const max = DEFAULT_AUTH_LIMITS.recoveryPerIp;
      const spoofed = (i: number) =>
        i % 2 === 0 ? `203.0.113.${i + 1}` : `198.51.100.${i + 1}, 192.0.2.${i + 1}`;
      for (let i = 0; i < max; i++) {
        const answer = await request('POST', '/api/account/recovery', {
          json: { email: `spoof.${process.pid}.${i}@example.com` },
          headers: { 'x-forwarded-for': spoofed(i), 'x-real-ip': `203.0.113.${i + 1}` },
        });
        expect(answer.status, `recovery ${i + 1}: ${answer.body}`).not.toBe(429);
      }
      const over = await request('POST', '/api/account/recovery', {
        json: { email: `spoof.${process.pid}.last@example.com` },
        headers: { 'x-forwarded-for': '198.51.100.200', 'x-real-ip': '198.51.100.200' },
      });
      expect(over.status, over.body).toBe(429);
      expect(over.json()).toMatchObject({ type: 'general_rate_limit_exceeded' });
    });

    it("a member's write limit holds across both processes (not twice the limit)", async () => {
      const member = await signUp();
      const { max } = WRITE_LIMITS.push;
      const before = accessLog().length;
      for (let i = 0; i < max; i++) {
        const answer = await request('PUT', '/api/push/settings', {
          cookie: member.cookie,
          json: { event_live: i % 2 === 0 },
        });
        expect(answer.status, `write ${i + 1}: ${answer.body}`).toBe(200);
      }
      const over = await request('PUT', '/api/push/settings', {
        cookie: member.cookie,
        json: { event_live: true },
      });
      expect(over.status).toBe(429);
      expect(over.json()).toMatchObject({ type: 'general_rate_limit_exceeded' });
      // The writes were shared out between the two processes, half each.
      const writes = accessLog()
        .slice(before)
        .filter((line) => line.uri === '/api/push/settings');
      const counts = new Map<string, number>();
      for (const line of writes) counts.set(line.upstream, (counts.get(line.upstream) ?? 0) + 1);
      expect(counts.size).toBe(2);
    });
  },
);
