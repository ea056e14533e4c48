import net from 'node:net';
import path from 'node:path';
import {
  DEFAULT_TIME_ZONE,
  type IceServer,
  iceServersSchema,
  isTimeZone,
  LIVE_MAX_VIEWERS_DEFAULT,
} from '@samaj/core';
import { z } from 'zod';

/** A configuration problem, told to the operator in one line (main.ts prints `message` and exits 1). */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface VapidKeys {
  /** base64url of the uncompressed P-256 point (65 bytes), what browsers take as applicationServerKey. */
  publicKey: string;
  /** base64url of the 32-byte private scalar. */
  privateKey: string;
}

export interface VapidConfig {
  /** Given by the operator; undefined: generated on first start into DATA_DIR (platform/vapid.ts). */
  keys: VapidKeys | undefined;
  /**
   * Who the push services may contact: a mailto: or https: URL. Undefined when nothing usable is
   * configured (no VAPID_SUBJECT, no CONTACT_EMAIL, a plain-http PUBLIC_URL): push is then off.
   */
  subject: string | undefined;
}

/**
 * coturn's REST-API credentials (its `use-auth-secret` + `static-auth-secret`): the server signs a
 * short-lived user for each signed-in member (features/events/turn.ts); the secret never leaves it.
 */
export interface TurnConfig {
  /** TURN_URLS: the `turn:`/`turns:` URLs browsers are given. */
  urls: string[];
  /** TURN_SECRET: coturn's static-auth-secret. */
  secret: string;
}

/**
 * Janus Gateway's WebSocket API (JANUS_URL, optional JANUS_API_SECRET): live events go through its
 * VideoRoom (an SFU) with the server as Janus's only client (features/events/sfu/). Undefined: peer-to-peer.
 */
export interface JanusConfig {
  /** ws:// or wss:// URL of Janus's WebSocket transport, e.g. ws://127.0.0.1:8188. */
  url: string;
  /** Janus's `api_secret`, sent with every request; undefined when Janus has none. */
  apiSecret: string | undefined;
  /**
   * JANUS_RECORDINGS_DIR (default DATA_DIR/recordings): where Janus writes the recordings of events
   * that asked for a replay (one folder per event) and the replay job reads them — the same path on
   * Janus's machine and the app's (a shared mount when they run apart; docs/live-video.md).
   */
  recordingsDir: string;
}

/** Not in spec: viewers per event in SFU mode unless LIVE_MAX_VIEWERS says otherwise (Janus forwards, not a phone). */
export const LIVE_MAX_VIEWERS_SFU_DEFAULT = 500;

/** Outgoing mail (password recovery, email confirmation); undefined without SMTP_URL. */
export interface MailConfig {
  /** smtp:// or smtps:// URL, credentials in it (nodemailer reads it as is). */
  url: string;
  /** The From header: MAIL_FROM, else the community's name at CONTACT_EMAIL or no-reply@<PUBLIC_URL's host>. */
  from: string;
}

export interface Config {
  port: number;
  host: string;
  /** Absolute path. */
  dataDir: string;
  /** When set the server uses PostgreSQL; otherwise PGlite in `dataDir/pglite`. */
  databaseUrl: string | undefined;
  /** Origin the members use, without a trailing slash. */
  publicUrl: string;
  communityName: string;
  communityAbout: string;
  /** COMMUNITY_TIME_ZONE (IANA): the zone every event's start is shown and entered in (docs/product/events.md, "Community time zone"). */
  timeZone: string;
  contactEmail: string | undefined;
  contactPhone: string | undefined;
  tileUrl: string;
  tileAttribution: string;
  s3: S3Config | undefined;
  vapid: VapidConfig;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  nodeEnv: string;
  /** false, or the proxy addresses Fastify's trustProxy takes (`loopback`, addresses, CIDRs). */
  trustProxy: false | string;
  /** Login/signup rate limits; AUTH_RATE_LIMIT=off turns them off for benchmarks and browser tests only. */
  authRateLimit: boolean;
  /** When set, /metrics answers requests bearing this token; unset, /metrics is not served. */
  metricsToken: string | undefined;
  /** Viewers one host's phone serves (LIVE_MAX_VIEWERS); the next viewer is told the stream is full. */
  liveMaxViewers: number;
  /** STUN/TURN servers for live video (ICE_SERVERS, JSON); never the PeerJS cloud's. */
  iceServers: IceServer[];
  /** TURN_URLS + TURN_SECRET; undefined: no TURN of the server's own (ICE_SERVERS only, as before). */
  turn: TurnConfig | undefined;
  /**
   * PUSH_ENDPOINTS=any lets browsers subscribe with a push endpoint on this machine or a private
   * network (tests and benchmarks run their own push service); by default such endpoints are
   * refused, so a member cannot make the server send requests into the operator's network.
   */
  pushPrivateEndpoints: boolean;
  /** SMTP for the mails members get (recovery links, confirmations); undefined: no mail is sent. */
  mail: MailConfig | undefined;
  /** JANUS_URL (+ JANUS_API_SECRET): SFU mode for live events; undefined: peer-to-peer as before. */
  janus: JanusConfig | undefined;
}

export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_TILE_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

type Env = Record<string, string | undefined>;

function got(value: string): string {
  return `(got ${JSON.stringify(value)})`;
}

/** Empty strings count as unset: `PORT= npm start` should not be an error. */
function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/** The names Fastify's trustProxy (proxy-addr) knows for address ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IPv4 or IPv6 address, or one with a /prefix of its family's length. */
function isAddressOrCidr(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  const family = net.isIP(address);
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which peers' X-Forwarded-For is believed: none (`false`), or the proxy's own addresses — `loopback`
 * for nginx or Caddy on this machine, addresses or CIDRs, comma-separated. `true` (believe any peer)
 * and hop counts (believe N entries of it from any peer) are refused: with them a client that reaches
 * the app past the proxy, or through a proxy that appends to the header, writes the address its rate
 * limits count.
 */
function readTrustProxy(raw: string | undefined): false | string {
  if (raw === undefined || raw === 'false') return false;
  const entries = raw.split(',').map((entry) => entry.trim());
  if (entries.every((entry) => PROXY_RANGE_NAMES.has(entry) || isAddressOrCidr(entry))) {
    return entries.join(', ');
  }
  throw new ConfigError(
    `TRUST_PROXY must be false, or your reverse proxy's addresses: loopback (nginx or Caddy on this machine), linklocal, uniquelocal, or IP addresses and CIDRs, comma-separated; true and hop counts are not taken ${got(raw)}`,
  );
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** base64url (padding tolerated) decoding to exactly `bytes` bytes. */
function isKeyOfLength(value: string, bytes: number): boolean {
  return /^[A-Za-z0-9_-]+={0,2}$/.test(value) && Buffer.from(value, 'base64url').length === bytes;
}

/**
 * A subject push services accept (they reject localhost subjects; Apple answers 403
 * BadJwtToken): mailto: with an address, or an https: URL of a real host.
 */
function isVapidSubject(value: string): boolean {
  if (value.startsWith('mailto:')) return email.safeParse(value.slice('mailto:'.length)).success;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && !/^(localhost|127\.|\[::1\])/.test(url.hostname);
  } catch {
    return false;
  }
}

function readVapid(env: Env, contactEmail: string | undefined, publicUrl: string): VapidConfig {
  const vapidNames = ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'] as const;
  const missing = vapidNames.filter((name) => read(env, name) === undefined);
  if (missing.length === 1) {
    throw new ConfigError(
      `Web Push needs both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY; missing ${missing[0]} (or unset both to generate keys in DATA_DIR)`,
    );
  }
  let keys: VapidKeys | undefined;
  if (missing.length === 0) {
    const publicKey = read(env, 'VAPID_PUBLIC_KEY') as string;
    const privateKey = read(env, 'VAPID_PRIVATE_KEY') as string;
    if (!isKeyOfLength(publicKey, 65) || Buffer.from(publicKey, 'base64url')[0] !== 4) {
      throw new ConfigError(
        'VAPID_PUBLIC_KEY must be a base64url P-256 public key of 65 bytes (npx web-push generate-vapid-keys prints a pair)',
      );
    }
    if (!isKeyOfLength(privateKey, 32)) {
      throw new ConfigError(
        'VAPID_PRIVATE_KEY must be a base64url P-256 private key of 32 bytes (npx web-push generate-vapid-keys prints a pair)',
      );
    }
    keys = { publicKey, privateKey };
  }

  const given = read(env, 'VAPID_SUBJECT');
  if (given !== undefined) {
    if (!isVapidSubject(given)) {
      throw new ConfigError(
        `VAPID_SUBJECT must be a mailto: address or an https: URL of your site, which push services accept (localhost is refused) ${got(given)}`,
      );
    }
    return { keys, subject: given };
  }
  const derived = [contactEmail ? `mailto:${contactEmail}` : undefined, publicUrl].find(
    (candidate) => candidate !== undefined && isVapidSubject(candidate),
  );
  if (keys && !derived) {
    throw new ConfigError(
      'VAPID keys are set but Web Push has no subject: set VAPID_SUBJECT to a mailto: address or an https: URL (or CONTACT_EMAIL, or an https PUBLIC_URL)',
    );
  }
  return { keys, subject: derived };
}

/** JANUS_URL a ws:// or wss:// URL; JANUS_API_SECRET only with it. */
function readJanus(env: Env, dataDir: string): JanusConfig | undefined {
  const url = read(env, 'JANUS_URL');
  const apiSecret = read(env, 'JANUS_API_SECRET');
  if (url === undefined) {
    if (apiSecret !== undefined) {
      throw new ConfigError('JANUS_API_SECRET is set but JANUS_URL is not: set JANUS_URL too, or unset both');
    }
    return undefined;
  }
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'ws:' && parsed.protocol !== 'wss:') || !parsed.hostname) {
    throw new ConfigError(
      `JANUS_URL must be the ws:// or wss:// URL of Janus's WebSocket transport, like ws://127.0.0.1:8188 ${got(url)}`,
    );
  }
  if (apiSecret !== undefined && /\s/.test(apiSecret)) {
    throw new ConfigError("JANUS_API_SECRET must be Janus's api_secret, without spaces");
  }
  const recordings = read(env, 'JANUS_RECORDINGS_DIR');
  if (recordings !== undefined && !path.isAbsolute(recordings)) {
    throw new ConfigError(`JANUS_RECORDINGS_DIR must be an absolute path ${got(recordings)}`);
  }
  return { url, apiSecret, recordingsDir: recordings ?? path.join(dataDir, 'recordings') };
}

/** Both TURN settings or neither; each URL `turn:` or `turns:`, the secret long enough not to be guessed. */
function readTurn(env: Env): TurnConfig | undefined {
  const rawUrls = read(env, 'TURN_URLS');
  const secret = read(env, 'TURN_SECRET');
  if (rawUrls === undefined && secret === undefined) return undefined;
  if (rawUrls === undefined || secret === undefined) {
    throw new ConfigError(
      `TURN needs both TURN_URLS and TURN_SECRET; missing ${rawUrls === undefined ? 'TURN_URLS' : 'TURN_SECRET'} (or unset both)`,
    );
  }
  const urls = rawUrls
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
  const bad = urls.find((url) => !/^turns?:[^\s/?#]+(\?transport=(udp|tcp))?$/.test(url));
  if (urls.length === 0 || bad !== undefined) {
    throw new ConfigError(
      `TURN_URLS must be comma-separated turn: or turns: URLs like turn:turn.example.org:3478?transport=udp,turns:turn.example.org:5349?transport=tcp ${got(bad ?? rawUrls)}`,
    );
  }
  if (secret.length < 16 || /\s/.test(secret)) {
    throw new ConfigError(
      "TURN_SECRET must be coturn's static-auth-secret, at least 16 characters without spaces (for example the output of: openssl rand -hex 32)",
    );
  }
  return { urls, secret };
}

/** A From header: an address, or `Name <address>`. */
function isMailFrom(value: string): boolean {
  const named = /^[^<>]*<([^<>\s]+)>$/.exec(value);
  return email.safeParse(named ? named[1] : value).success;
}

function readMail(env: Env, config: { communityName: string; contactEmail?: string; publicUrl: string }) {
  const url = read(env, 'SMTP_URL');
  const from = read(env, 'MAIL_FROM');
  if (url === undefined) {
    if (from !== undefined)
      throw new ConfigError('MAIL_FROM is set but SMTP_URL is not: set both to send mail, or neither');
    return undefined;
  }
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') || !parsed.hostname) {
    // Never echo the value: it may hold the SMTP password.
    throw new ConfigError(
      'SMTP_URL must be an smtp:// or smtps:// URL like smtps://user:password@mail.example.org:465',
    );
  }
  if (from !== undefined && !isMailFrom(from)) {
    throw new ConfigError(`MAIL_FROM must be an address or "Name <address>" ${got(from)}`);
  }
  const name = config.communityName.replace(/["\\<>]/g, '');
  const address = config.contactEmail ?? `no-reply@${new URL(config.publicUrl).hostname}`;
  return { url, from: from ?? `"${name}" <${address}>` };
}

const port = z.coerce.number().int().min(1).max(65535);
const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const email = z.email();

/**
 * Reads the whole configuration from the environment (the only place that does).
 * Every problem becomes a ConfigError whose message is one line an operator can act on.
 */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const rawPort = read(env, 'PORT');
  let portValue = 8080;
  if (rawPort !== undefined) {
    const parsed = port.safeParse(rawPort);
    if (!parsed.success || !/^\d+$/.test(rawPort)) {
      throw new ConfigError(`PORT must be a number from 1 to 65535 ${got(rawPort)}`);
    }
    portValue = parsed.data;
  }

  const host = read(env, 'HOST') ?? '0.0.0.0';
  const dataDir = path.resolve(cwd, read(env, 'DATA_DIR') ?? './data');

  const databaseUrl = read(env, 'DATABASE_URL');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError(
      `DATABASE_URL must be a PostgreSQL URL like postgres://user:password@host:5432/samaj (got a value starting with ${JSON.stringify(databaseUrl.slice(0, 12))})`,
    );
  }

  const rawPublicUrl = read(env, 'PUBLIC_URL');
  let publicUrl = `http://localhost:${portValue}`;
  if (rawPublicUrl !== undefined) {
    if (!isHttpUrl(rawPublicUrl)) {
      throw new ConfigError(
        `PUBLIC_URL must be an http(s) URL like https://samaj.example.org ${got(rawPublicUrl)}`,
      );
    }
    publicUrl = new URL(rawPublicUrl).origin;
  }

  const contactEmail = read(env, 'CONTACT_EMAIL');
  if (contactEmail !== undefined && !email.safeParse(contactEmail).success) {
    throw new ConfigError(`CONTACT_EMAIL must be an email address ${got(contactEmail)}`);
  }

  const tileUrl = read(env, 'TILE_URL') ?? DEFAULT_TILE_URL;
  if (!isHttpUrl(tileUrl.replace(/[{}]/g, '')) || !/\{z\}/.test(tileUrl)) {
    throw new ConfigError(
      `TILE_URL must be an http(s) URL with {z}, {x} and {y}, like ${DEFAULT_TILE_URL} ${got(tileUrl)}`,
    );
  }

  const s3Names = [
    'S3_ENDPOINT',
    'S3_BUCKET',
    'S3_REGION',
    'S3_ACCESS_KEY_ID',
    'S3_SECRET_ACCESS_KEY',
  ] as const;
  const s3Set = s3Names.filter((name) => read(env, name) !== undefined);
  let s3: S3Config | undefined;
  if (s3Set.length > 0) {
    const missing = s3Names.filter((name) => read(env, name) === undefined);
    if (missing.length > 0) {
      throw new ConfigError(
        `S3 storage needs all of ${s3Names.join(', ')}; missing ${missing.join(', ')} (or unset them all to keep files in DATA_DIR)`,
      );
    }
    const endpoint = read(env, 'S3_ENDPOINT') as string;
    if (!isHttpUrl(endpoint)) throw new ConfigError(`S3_ENDPOINT must be an http(s) URL ${got(endpoint)}`);
    s3 = {
      endpoint,
      bucket: read(env, 'S3_BUCKET') as string,
      region: read(env, 'S3_REGION') as string,
      accessKeyId: read(env, 'S3_ACCESS_KEY_ID') as string,
      secretAccessKey: read(env, 'S3_SECRET_ACCESS_KEY') as string,
    };
  }

  const vapid = readVapid(env, contactEmail, publicUrl);

  const rawLogLevel = read(env, 'LOG_LEVEL') ?? 'info';
  if (!(logLevels as readonly string[]).includes(rawLogLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${logLevels.join(', ')} ${got(rawLogLevel)}`);
  }

  const trustProxy = readTrustProxy(read(env, 'TRUST_PROXY'));

  const rawAuthRateLimit = read(env, 'AUTH_RATE_LIMIT') ?? 'on';
  if (rawAuthRateLimit !== 'on' && rawAuthRateLimit !== 'off') {
    throw new ConfigError(`AUTH_RATE_LIMIT must be on or off ${got(rawAuthRateLimit)}`);
  }

  const metricsToken = read(env, 'METRICS_TOKEN');
  if (metricsToken !== undefined && (metricsToken.length < 16 || /\s/.test(metricsToken))) {
    throw new ConfigError(
      'METRICS_TOKEN must be at least 16 characters without spaces (for example the output of: openssl rand -hex 32)',
    );
  }

  const janus = readJanus(env, dataDir);
  const rawMaxViewers = read(env, 'LIVE_MAX_VIEWERS');
  let liveMaxViewers = janus ? LIVE_MAX_VIEWERS_SFU_DEFAULT : LIVE_MAX_VIEWERS_DEFAULT;
  if (rawMaxViewers !== undefined) {
    if (!/^\d+$/.test(rawMaxViewers) || Number(rawMaxViewers) < 1 || Number(rawMaxViewers) > 1000) {
      throw new ConfigError(`LIVE_MAX_VIEWERS must be a whole number from 1 to 1000 ${got(rawMaxViewers)}`);
    }
    liveMaxViewers = Number(rawMaxViewers);
  }

  const rawIceServers = read(env, 'ICE_SERVERS');
  let iceServers: IceServer[] = [];
  if (rawIceServers !== undefined) {
    const example =
      '[{"urls":"stun:turn.example.org:3478"},{"urls":"turn:turn.example.org:3478","username":"samaj","credential":"secret"}]';
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawIceServers);
    } catch {
      throw new ConfigError(`ICE_SERVERS must be JSON like ${example} (it does not parse)`);
    }
    const checked = iceServersSchema.safeParse(parsed);
    if (!checked.success) {
      throw new ConfigError(
        `ICE_SERVERS must be a JSON array of { urls, username?, credential? } with stun:, stuns:, turn: or turns: URLs, like ${example}`,
      );
    }
    iceServers = checked.data;
  }

  const rawPushEndpoints = read(env, 'PUSH_ENDPOINTS') ?? 'public';
  if (rawPushEndpoints !== 'public' && rawPushEndpoints !== 'any') {
    throw new ConfigError(`PUSH_ENDPOINTS must be public or any ${got(rawPushEndpoints)}`);
  }

  const communityName = read(env, 'COMMUNITY_NAME') ?? 'Samaj';
  const timeZone = read(env, 'COMMUNITY_TIME_ZONE') ?? DEFAULT_TIME_ZONE;
  if (!isTimeZone(timeZone)) {
    throw new ConfigError(
      `COMMUNITY_TIME_ZONE must be an IANA time zone such as Asia/Kolkata ${got(timeZone)}`,
    );
  }
  const mail = readMail(env, { communityName, contactEmail, publicUrl });

  return {
    port: portValue,
    host,
    dataDir,
    databaseUrl,
    publicUrl,
    communityName,
    // Empty when unset: the web app then shows its own default in the member's language.
    communityAbout: read(env, 'COMMUNITY_ABOUT') ?? '',
    timeZone,
    contactEmail,
    contactPhone: read(env, 'CONTACT_PHONE'),
    tileUrl,
    tileAttribution: read(env, 'TILE_ATTRIBUTION') ?? DEFAULT_TILE_ATTRIBUTION,
    s3,
    vapid,
    logLevel: rawLogLevel as Config['logLevel'],
    nodeEnv: read(env, 'NODE_ENV') ?? 'development',
    trustProxy,
    authRateLimit: rawAuthRateLimit === 'on',
    metricsToken,
    liveMaxViewers,
    iceServers,
    turn: readTurn(env),
    pushPrivateEndpoints: rawPushEndpoints === 'any',
    mail,
    janus,
  };
}
