// What the server is configured with (config/schema.ts reads it from the environment).
import type { IceServer } from '@samaj/core';

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
