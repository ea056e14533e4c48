import https from 'node:https';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  endpointProblem,
  isPrivateEndpoint,
  PRIVATE_ADDRESS,
  PublicAgent,
  publicLookup,
  pushEndpointHost,
} from './endpoint.ts';

/** Endpoints WHATWG URL and web-push's url.parse read with different hosts: the server must refuse them all. */
const PARSER_BYPASSES = [
  'https://127.0.0.1;.x.com/',
  "https://127.0.0.1'.x.com/",
  'https://127.0.0.1{.x.com/',
  'https://127.0.0.1`.x.com/',
  'https://127.0.0.1".x.com/',
  'https://127.0.0.1}.x.com/',
  'https://127.0.0.1|.x.com/',
  'https://127.0.0.1^.x.com/',
  'https://127.0.0.1<.x.com/',
  'https://127.0.0.1%2e.x.com/',
  'https://x.com%3b@127.0.0.1/',
  'https://push.example.com\\@127.0.0.1/',
  'https://user@push.example.com/',
  "https://push.example.com/a'b",
  'https://push.example.com/a{b}',
  'https://push.example.com/a|b^c',
];

describe('push endpoints a member may give', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/abc',
    'https://web.push.apple.com/QGz',
    'https://wns2-par02p.notify.windows.com/w/?token=abc',
    'https://8.8.8.8/x',
    'https://[2001:4860:4860::8888]/x',
  ])('%s is a push service on the internet', (endpoint) => {
    expect(isPrivateEndpoint(endpoint)).toBe(false);
  });

  it.each([
    'https://localhost/x',
    'https://localhost./x',
    'https://api.localhost/x',
    'https://printer.local/x',
    'https://intranet/x',
    'https://127.0.0.1:8443/x',
    'https://2130706433/x',
    'https://0x7f.1/x',
    'https://10.1.2.3/x',
    'https://172.20.0.1/x',
    'https://192.168.1.1/x',
    'https://169.254.169.254/latest/meta-data',
    'https://100.64.0.1/x',
    'https://0.0.0.0/x',
    'https://[::1]/x',
    'https://[::ffff:127.0.0.1]/x',
    'https://[fd00::1]/x',
    'https://[fe80::1]/x',
    // No push service either: documentation ranges, and IPv4 addresses carried in IPv6 (6to4 of 127.0.0.1).
    'https://192.0.2.1/x',
    'https://[2001:db8::1]/x',
    'https://[2002:7f00:1::1]/x',
    'https://[64:ff9b::7f00:1]/x',
  ])('%s is refused: it points into this machine or a private network', (endpoint) => {
    expect(isPrivateEndpoint(endpoint)).toBe(true);
  });
});

describe('endpoints the two URL parsers read differently', () => {
  it.each(PARSER_BYPASSES)('%s is refused, even where private endpoints are allowed', (endpoint) => {
    expect(pushEndpointHost(endpoint)).toBeNull();
    expect(endpointProblem(endpoint, true)).toBe('malformed');
    expect(endpointProblem(endpoint, false)).toBe('malformed');
  });

  it.each([
    ['https://FCM.googleapis.com/fcm/send/abc:def', 'fcm.googleapis.com'],
    ['https://wns2-par02p.notify.windows.com/w/?token=BQY%2b', 'wns2-par02p.notify.windows.com'],
    ['https://127.0.0.1:8443/push/x', '127.0.0.1'],
    ['https://[2001:4860:4860::8888]:443/x', '2001:4860:4860::8888'],
  ])('%s is read as host %s by both', (endpoint, host) => {
    expect(pushEndpointHost(endpoint)).toBe(host);
  });
});

/** A listener that only counts who connects to it. */
async function countingListener() {
  let connections = 0;
  const server = net.createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function get(url: string, agent: https.Agent): Promise<NodeJS.ErrnoException | null> {
  return new Promise((resolve) => {
    const request = https.get(url, { agent, timeout: 2000 }, (response) => {
      response.resume();
      resolve(null);
    });
    request.on('error', (error) => resolve(error));
    request.on('timeout', () => request.destroy(new Error('timeout')));
  });
}

describe('PublicAgent connects only to the public address it checked', () => {
  let listener: Awaited<ReturnType<typeof countingListener>>;
  beforeAll(async () => {
    listener = await countingListener();
  });
  afterAll(() => listener.close());

  it('a name that resolves to 127.0.0.1 when the push is sent is never connected to', async () => {
    const agent = new PublicAgent({
      resolve: ((_name: string, _options: unknown, callback: (e: null, a: unknown) => void) =>
        callback(null, [{ address: '127.0.0.1', family: 4 }])) as never,
    });
    const error = await get(`https://push.example.com:${listener.port}/x`, agent);
    expect(error?.code).toBe(PRIVATE_ADDRESS);
    expect(listener.connections()).toBe(0);
    agent.destroy();
  });

  it('an IP literal (which Node connects to without a lookup) is checked too', async () => {
    const agent = new PublicAgent();
    for (const host of ['127.0.0.1', '[::ffff:127.0.0.1]']) {
      const error = await get(`https://${host}:${listener.port}/x`, agent);
      expect(error?.code, host).toBe(PRIVATE_ADDRESS);
    }
    expect(listener.connections()).toBe(0);
    agent.destroy();
  });
});

describe('publicLookup', () => {
  it('refuses a name that resolves to this machine, before connecting', async () => {
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      publicLookup('localhost', {}, (e) => resolve(e)),
    );
    expect(error?.code).toBe(PRIVATE_ADDRESS);
  });
});
