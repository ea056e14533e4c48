// A push service on this machine for tests and the bench: an https server (a fixed self-signed
// certificate for 127.0.0.1, trusted by this process only) that records what the server pushes,
// and browser-side subscriptions (a P-256 key pair and an auth secret, as a browser makes them)
// that decrypt what arrives (aes128gcm, RFC 8291) with http_ece.
import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';

const fixtures = new URL('./fixtures/', import.meta.url);
export const RECEIVER_CERT_PATH = new URL('push-receiver.crt', fixtures).pathname;
const cert = fs.readFileSync(RECEIVER_CERT_PATH);
const key = fs.readFileSync(new URL('push-receiver.key', fixtures));

export interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  at: number;
}

export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The push's plaintext, decrypted with this subscription's private key and auth secret. */
  decrypt(body: Buffer): string;
}

export interface PushReceiver {
  url: string;
  received: Received[];
  /** What the receiver answers for a path (default 201); a function may change its mind per request. */
  answer(
    path: string,
    status: number | ((count: number) => { status: number; headers?: Record<string, string> }),
  ): void;
  /** Pushes that arrived for this subscription. */
  arrivedFor(subscription: { endpoint: string }): Received[];
  /** A new subscription whose endpoint is `${url}/push/${name}`. */
  subscription(name: string): BrowserSubscription;
  /** Counts arrivals only (no recording of bodies): for the bench's 10k. */
  countOnly(onArrival: (received: number) => void): void;
  close(): Promise<void>;
}

/** A browser's side of a subscription (what PushManager.subscribe() creates). */
export function browserSubscription(endpoint: string): BrowserSubscription {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  return {
    endpoint,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    decrypt: (body) =>
      ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString(),
  };
}

/**
 * Starts the receiver. Node's default https agent (which web-push uses) is told to trust its
 * certificate, so the server under test reaches it as it would reach a real push service.
 */
export async function startPushReceiver(): Promise<PushReceiver> {
  https.globalAgent.options.ca = [cert];
  const received: Received[] = [];
  const answers = new Map<string, Parameters<PushReceiver['answer']>[1]>();
  const counts = new Map<string, number>();
  let counter: ((count: number) => void) | undefined;
  let arrivals = 0;
  const server = https.createServer({ cert, key }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      if (counter) counter(++arrivals);
      else received.push({ path, headers: request.headers, body: Buffer.concat(chunks), at: Date.now() });
      const count = (counts.get(path) ?? 0) + 1;
      counts.set(path, count);
      const answer = answers.get(path) ?? 201;
      const { status, headers } =
        typeof answer === 'number' ? { status: answer, headers: {} } : answer(count);
      response.writeHead(status, headers).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    answer: (path, status) => answers.set(path, status),
    arrivedFor: (subscription) => received.filter((r) => `${url}${r.path}` === subscription.endpoint),
    subscription: (name) => browserSubscription(`${url}/push/${name}`),
    countOnly: (onArrival) => {
      counter = onArrival;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
