// The environment as one zod schema: every variable the server reads, what each must be, and the rules
// between them. config.ts runs it and turns its first issue into the ConfigError line an operator reads.
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
import type { Config, VapidConfig } from './types.ts';

/** Not in spec: viewers per event in SFU mode unless LIVE_MAX_VIEWERS says otherwise (Janus forwards, not a phone). */
export const LIVE_MAX_VIEWERS_SFU_DEFAULT = 500;

const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const DEFAULT_TILE_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const S3_NAMES = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;
const ICE_SERVERS_EXAMPLE =
  '[{"urls":"stun:turn.example.org:3478"},{"urls":"turn:turn.example.org:3478","username":"samaj","credential":"secret"}]';

/** `(got "value")`, for messages about values that are not secret. */
function got(value: string): string {
  return `(got ${JSON.stringify(value)})`;
}

const email = z.email();

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** A URL of one of `protocols` with a host. */
function isUrlOf(value: string, protocols: string[]): boolean {
  try {
    const url = new URL(value);
    return protocols.includes(url.protocol) && url.hostname !== '';
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

/** A From header: an address, or `Name <address>`. */
function isMailFrom(value: string): boolean {
  const named = /^[^<>]*<([^<>\s]+)>$/.exec(value);
  return email.safeParse(named ? named[1] : value).success;
}

/** A secret others could not guess: 16+ characters, no spaces. */
function isLongSecret(value: string): boolean {
  return value.length >= 16 && !/\s/.test(value);
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

const proxyEntries = (value: string) => value.split(',').map((entry) => entry.trim());

/**
 * Which peers' X-Forwarded-For is believed: none (`false`), or the proxy's own addresses — `loopback`
 * for nginx or Caddy on this machine, addresses or CIDRs, comma-separated. `true` (believe any peer)
 * and hop counts (believe N entries of it from any peer) are refused: with them a client that reaches
 * the app past the proxy, or through a proxy that appends to the header, writes the address its rate
 * limits count.
 */
function isTrustProxy(value: string): boolean {
  return (
    value === 'false' ||
    proxyEntries(value).every((entry) => PROXY_RANGE_NAMES.has(entry) || isAddressOrCidr(entry))
  );
}

const turnUrls = (value: string) =>
  value
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
const isTurnUrl = (url: string) => /^turns?:[^\s/?#]+(\?transport=(udp|tcp))?$/.test(url);

const text = z.string().optional();

/**
 * An optional variable that, when set, must pass `test`; `message` (given the value) says what it must
 * be. A message about a secret never includes the value.
 */
function checked(test: (value: string) => boolean, message: (value: string) => string) {
  return text.refine((value) => value === undefined || test(value), {
    error: (issue) => message(issue.input as string),
  });
}

/** Every variable the server reads, each with what it must be and what it becomes. */
const variables = {
  PORT: checked(
    (value) => /^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 65535,
    (value) => `PORT must be a number from 1 to 65535 ${got(value)}`,
  ).transform((value) => (value === undefined ? 8080 : Number(value))),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: checked(
    (value) => /^postgres(ql)?:\/\//.test(value),
    // Only its start: the rest may hold the password.
    (value) =>
      `DATABASE_URL must be a PostgreSQL URL like postgres://user:password@host:5432/samaj (got a value starting with ${JSON.stringify(value.slice(0, 12))})`,
  ),
  PUBLIC_URL: checked(
    isHttpUrl,
    (value) => `PUBLIC_URL must be an http(s) URL like https://samaj.example.org ${got(value)}`,
  ).transform((value) => (value === undefined ? undefined : new URL(value).origin)),
  COMMUNITY_NAME: z.string().default('Samaj'),
  // Empty when unset: the web app then shows its own default in the member's language.
  COMMUNITY_ABOUT: z.string().default(''),
  COMMUNITY_TIME_ZONE: z
    .string()
    .default(DEFAULT_TIME_ZONE)
    .refine(isTimeZone, {
      error: (issue) =>
        `COMMUNITY_TIME_ZONE must be an IANA time zone such as Asia/Kolkata ${got(issue.input as string)}`,
    }),
  CONTACT_EMAIL: z
    .email({ error: (issue) => `CONTACT_EMAIL must be an email address ${got(issue.input as string)}` })
    .optional(),
  CONTACT_PHONE: text,
  SMTP_URL: checked(
    (value) => isUrlOf(value, ['smtp:', 'smtps:']),
    // Never the value: it may hold the SMTP password.
    () => 'SMTP_URL must be an smtp:// or smtps:// URL like smtps://user:password@mail.example.org:465',
  ),
  MAIL_FROM: checked(isMailFrom, (value) => `MAIL_FROM must be an address or "Name <address>" ${got(value)}`),
  TILE_URL: z
    .string()
    .default(DEFAULT_TILE_URL)
    .refine((value) => isHttpUrl(value.replace(/[{}]/g, '')) && /\{z\}/.test(value), {
      error: (issue) =>
        `TILE_URL must be an http(s) URL with {z}, {x} and {y}, like ${DEFAULT_TILE_URL} ${got(issue.input as string)}`,
    }),
  TILE_ATTRIBUTION: z.string().default(DEFAULT_TILE_ATTRIBUTION),
  S3_ENDPOINT: checked(isHttpUrl, (value) => `S3_ENDPOINT must be an http(s) URL ${got(value)}`),
  S3_BUCKET: text,
  S3_REGION: text,
  S3_ACCESS_KEY_ID: text,
  S3_SECRET_ACCESS_KEY: text,
  VAPID_SUBJECT: checked(
    isVapidSubject,
    (value) =>
      `VAPID_SUBJECT must be a mailto: address or an https: URL of your site, which push services accept (localhost is refused) ${got(value)}`,
  ),
  VAPID_PUBLIC_KEY: checked(
    (value) => isKeyOfLength(value, 65) && Buffer.from(value, 'base64url')[0] === 4,
    () =>
      'VAPID_PUBLIC_KEY must be a base64url P-256 public key of 65 bytes (npx web-push generate-vapid-keys prints a pair)',
  ),
  VAPID_PRIVATE_KEY: checked(
    (value) => isKeyOfLength(value, 32),
    () =>
      'VAPID_PRIVATE_KEY must be a base64url P-256 private key of 32 bytes (npx web-push generate-vapid-keys prints a pair)',
  ),
  PUSH_ENDPOINTS: z
    .enum(['public', 'any'], {
      error: (issue) => `PUSH_ENDPOINTS must be public or any ${got(issue.input as string)}`,
    })
    .default('public'),
  TRUST_PROXY: checked(
    isTrustProxy,
    (value) =>
      `TRUST_PROXY must be false, or your reverse proxy's addresses: loopback (nginx or Caddy on this machine), linklocal, uniquelocal, or IP addresses and CIDRs, comma-separated; true and hop counts are not taken ${got(value)}`,
  ).transform((value): false | string =>
    value === undefined || value === 'false' ? false : proxyEntries(value).join(', '),
  ),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, {
      error: (issue) => `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} ${got(issue.input as string)}`,
    })
    .default('info'),
  AUTH_RATE_LIMIT: z
    .enum(['on', 'off'], {
      error: (issue) => `AUTH_RATE_LIMIT must be on or off ${got(issue.input as string)}`,
    })
    .default('on'),
  METRICS_TOKEN: checked(
    isLongSecret,
    () =>
      'METRICS_TOKEN must be at least 16 characters without spaces (for example the output of: openssl rand -hex 32)',
  ),
  NODE_ENV: z.string().default('development'),
  LIVE_MAX_VIEWERS: checked(
    (value) => /^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 1000,
    (value) => `LIVE_MAX_VIEWERS must be a whole number from 1 to 1000 ${got(value)}`,
  ).transform((value) => (value === undefined ? undefined : Number(value))),
  JANUS_URL: checked(
    (value) => isUrlOf(value, ['ws:', 'wss:']),
    (value) =>
      `JANUS_URL must be the ws:// or wss:// URL of Janus's WebSocket transport, like ws://127.0.0.1:8188 ${got(value)}`,
  ),
  JANUS_API_SECRET: checked(
    (value) => !/\s/.test(value),
    () => "JANUS_API_SECRET must be Janus's api_secret, without spaces",
  ),
  // Checked with JANUS_URL only (below): without it nothing reads it.
  JANUS_RECORDINGS_DIR: text,
  ICE_SERVERS: text.transform((value, ctx): IceServer[] => {
    if (value === undefined) return [];
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      ctx.addIssue({
        code: 'custom',
        message: `ICE_SERVERS must be JSON like ${ICE_SERVERS_EXAMPLE} (it does not parse)`,
      });
      return z.NEVER;
    }
    const servers = iceServersSchema.safeParse(parsed);
    if (!servers.success) {
      ctx.addIssue({
        code: 'custom',
        message: `ICE_SERVERS must be a JSON array of { urls, username?, credential? } with stun:, stuns:, turn: or turns: URLs, like ${ICE_SERVERS_EXAMPLE}`,
      });
      return z.NEVER;
    }
    return servers.data;
  }),
  TURN_URLS: checked(
    (value) => turnUrls(value).length > 0 && turnUrls(value).every(isTurnUrl),
    (value) =>
      `TURN_URLS must be comma-separated turn: or turns: URLs like turn:turn.example.org:3478?transport=udp,turns:turn.example.org:5349?transport=tcp ${got(turnUrls(value).find((url) => !isTurnUrl(url)) ?? value)}`,
  ).transform((value) => (value === undefined ? undefined : turnUrls(value))),
  TURN_SECRET: checked(
    isLongSecret,
    () =>
      "TURN_SECRET must be coturn's static-auth-secret, at least 16 characters without spaces (for example the output of: openssl rand -hex 32)",
  ),
};

type Name = keyof typeof variables;

/** The names of every environment variable the server reads (README's "Configuration" lists exactly these). */
export const CONFIG_VARIABLES = Object.keys(variables) as Name[];

/** Empty strings count as unset: `PORT= npm start` should not be an error. */
const setOrUnset = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined)
  .optional();

/** Which variables go together: first whether they are set together, before what each must be. */
const present = z
  .object(
    Object.fromEntries(CONFIG_VARIABLES.map((name) => [name, setOrUnset])) as Record<Name, typeof setOrUnset>,
  )
  .superRefine((env, ctx) => {
    const missing = (names: readonly Name[]) => names.filter((name) => env[name] === undefined);
    const fail = (name: Name, message: string) => ctx.addIssue({ code: 'custom', path: [name], message });

    const s3Missing = missing(S3_NAMES);
    if (s3Missing.length > 0 && s3Missing.length < S3_NAMES.length) {
      fail(
        s3Missing[0] as Name,
        `S3 storage needs all of ${S3_NAMES.join(', ')}; missing ${s3Missing.join(', ')} (or unset them all to keep files in DATA_DIR)`,
      );
    }
    const [vapidMissing, ...vapidRest] = missing(['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY']);
    if (vapidMissing && vapidRest.length === 0) {
      fail(
        vapidMissing,
        `Web Push needs both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY; missing ${vapidMissing} (or unset both to generate keys in DATA_DIR)`,
      );
    }
    const [turnMissing, ...turnRest] = missing(['TURN_URLS', 'TURN_SECRET']);
    if (turnMissing && turnRest.length === 0) {
      fail(turnMissing, `TURN needs both TURN_URLS and TURN_SECRET; missing ${turnMissing} (or unset both)`);
    }
    if (env.JANUS_API_SECRET !== undefined && env.JANUS_URL === undefined) {
      fail(
        'JANUS_API_SECRET',
        'JANUS_API_SECRET is set but JANUS_URL is not: set JANUS_URL too, or unset both',
      );
    }
    if (env.MAIL_FROM !== undefined && env.SMTP_URL === undefined) {
      fail('MAIL_FROM', 'MAIL_FROM is set but SMTP_URL is not: set both to send mail, or neither');
    }
  });

type Variables = z.output<z.ZodObject<typeof variables>>;

/** VAPID_SUBJECT, else mailto:CONTACT_EMAIL, else PUBLIC_URL when push services would accept it. */
function vapidOf(env: Variables, publicUrl: string): VapidConfig {
  const keys =
    env.VAPID_PUBLIC_KEY !== undefined && env.VAPID_PRIVATE_KEY !== undefined
      ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
      : undefined;
  const subject = [
    env.VAPID_SUBJECT,
    env.CONTACT_EMAIL ? `mailto:${env.CONTACT_EMAIL}` : undefined,
    publicUrl,
  ].find((candidate) => candidate !== undefined && isVapidSubject(candidate));
  return { keys, subject };
}

/** The configuration for `cwd` (DATA_DIR is relative to it): the variables, then what depends on several. */
export function configSchema(cwd: string) {
  return present.pipe(z.object(variables)).transform((env, ctx): Config => {
    const fail = (name: Name, message: string) => {
      ctx.addIssue({ code: 'custom', path: [name], message });
      return z.NEVER;
    };
    const dataDir = path.resolve(cwd, env.DATA_DIR);
    const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;

    const vapid = vapidOf(env, publicUrl);
    if (vapid.keys && vapid.subject === undefined) {
      return fail(
        'VAPID_SUBJECT',
        'VAPID keys are set but Web Push has no subject: set VAPID_SUBJECT to a mailto: address or an https: URL (or CONTACT_EMAIL, or an https PUBLIC_URL)',
      );
    }

    const recordings = env.JANUS_RECORDINGS_DIR;
    if (env.JANUS_URL !== undefined && recordings !== undefined && !path.isAbsolute(recordings)) {
      return fail('JANUS_RECORDINGS_DIR', `JANUS_RECORDINGS_DIR must be an absolute path ${got(recordings)}`);
    }
    const janus =
      env.JANUS_URL === undefined
        ? undefined
        : {
            url: env.JANUS_URL,
            apiSecret: env.JANUS_API_SECRET,
            recordingsDir: recordings ?? path.join(dataDir, 'recordings'),
          };

    // The From header: MAIL_FROM, else the community's name at CONTACT_EMAIL or no-reply@<PUBLIC_URL's host>.
    const sender = `"${env.COMMUNITY_NAME.replace(/["\\<>]/g, '')}" <${env.CONTACT_EMAIL ?? `no-reply@${new URL(publicUrl).hostname}`}>`;

    return {
      port: env.PORT,
      host: env.HOST,
      dataDir,
      databaseUrl: env.DATABASE_URL,
      publicUrl,
      communityName: env.COMMUNITY_NAME,
      communityAbout: env.COMMUNITY_ABOUT,
      timeZone: env.COMMUNITY_TIME_ZONE,
      contactEmail: env.CONTACT_EMAIL,
      contactPhone: env.CONTACT_PHONE,
      tileUrl: env.TILE_URL,
      tileAttribution: env.TILE_ATTRIBUTION,
      s3:
        env.S3_ENDPOINT === undefined
          ? undefined
          : {
              endpoint: env.S3_ENDPOINT,
              bucket: env.S3_BUCKET as string,
              region: env.S3_REGION as string,
              accessKeyId: env.S3_ACCESS_KEY_ID as string,
              secretAccessKey: env.S3_SECRET_ACCESS_KEY as string,
            },
      vapid,
      logLevel: env.LOG_LEVEL,
      nodeEnv: env.NODE_ENV,
      trustProxy: env.TRUST_PROXY,
      authRateLimit: env.AUTH_RATE_LIMIT === 'on',
      metricsToken: env.METRICS_TOKEN,
      liveMaxViewers:
        env.LIVE_MAX_VIEWERS ?? (janus ? LIVE_MAX_VIEWERS_SFU_DEFAULT : LIVE_MAX_VIEWERS_DEFAULT),
      iceServers: env.ICE_SERVERS,
      turn:
        env.TURN_URLS === undefined || env.TURN_SECRET === undefined
          ? undefined
          : { urls: env.TURN_URLS, secret: env.TURN_SECRET },
      pushPrivateEndpoints: env.PUSH_ENDPOINTS === 'any',
      mail: env.SMTP_URL === undefined ? undefined : { url: env.SMTP_URL, from: env.MAIL_FROM ?? sender },
      janus,
    };
  });
}
