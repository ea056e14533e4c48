// Business constants and limits (docs/product, each named where it applies), shared so server and web
// agree. "Not in spec" marks a limit the original brief left open and the project set itself.

// Surnames
export const SURNAME_LIST_LIMIT = 100;
export const SURNAME_PREVIEW_CHARS = 60;
export const SURNAME_DESCRIPTION_HINT = 300;
/** Not in spec: cap on a member's submitted description (HTML). */
export const SURNAME_SUBMISSION_DESCRIPTION_MAX = 5000;
/** Not in spec: cap on an imported surname's description (HTML history can be long). */
export const SURNAME_RECORD_DESCRIPTION_MAX = 20000;
/** Not in spec: cap on short surname fields (gam, kuldevta, gotra, pronounce). */
export const SURNAME_FIELD_MAX = 100;
/**
 * Not in spec (docs/product/surnames.md, "Allowed HTML"): the HTML a surname description may keep — server
 * and client sanitizers share it.
 */
export const SURNAME_HTML_TAGS = ['p', 'br', 'b', 'strong', 'i', 'em', 'ul', 'ol', 'li', 'a'] as const;
export const SURNAME_HTML_ATTRIBUTES = { a: ['href', 'title', 'rel', 'target'] } as const;
export const SURNAME_HTML_SCHEMES = ['http', 'https'] as const;

// Text limits
export const ABOUT_MAX = 150;
export const MATRIMONY_EXPECTATION_MAX = 500;
export const POST_DESCRIPTION_MAX = 1000;
export const POST_FEED_TRUNCATE = 100;
export const PUBLISHER_REASON_MAX = 300;
/** Not in spec: comments share the post limit. */
export const COMMENT_MAX = 1000;
/** Not in spec: report and moderation reasons. */
export const REPORT_REASON_MAX = 500;
export const MODERATION_REASON_MAX = 500;
/** Not in spec: display names, occupations, addresses and other short free text. */
export const NAME_MAX = 100;
export const SHORT_TEXT_MAX = 100;
export const ADDRESS_MAX = 500;

// Accounts
export const PASSWORD_MIN = 8;
/** Not in spec: better-auth's default ceiling; keeps hashing cost bounded. */
export const PASSWORD_MAX = 128;
export const USERNAME_MIN = 6;
export const USERNAME_MAX = 32;
export const EMAIL_MAX = 254;
export const EMAIL_LOCAL_MAX = 64;
export const SIGNUP_STEPS = 3;

// Matrimony
export const MATRIMONY_FORM_LAST_STEP = 3;

// Lists and feeds
export const EVENTS_FIRST_PAGE = 4;
export const EVENTS_NEXT_PAGE = 3;
export const POSTS_PAGE_SIZE = 3;
export const FEED_COMMENTS = 3;

// Screens
export const CAROUSEL_SLIDES = 5;
export const CONTROLS_AUTOHIDE_MS = 5000;
export const MAP_CENTER = [22.67, 71.57] as const;
export const MAP_ZOOM = 6;
export const MAP_MIN_ZOOM = 3;
export const MAP_MAX_ZOOM = 18;
export const POST_CARD_MAX_WIDTH = 480;
export const SINGLE_POST_MAX_WIDTH = 690;
export const BREAKPOINT_WIDE = 1130;
export const BREAKPOINT_NARROW = 600;
export const SIDEBAR_MIN_WIDTH = 244;
export const MAIN_MAX_WIDTH = 1100;

// Media
export const PREVIEW_QUALITY = 50;
export const PREVIEW_WIDTHS = [490, 300, 100, 80] as const;
export type PreviewWidth = (typeof PREVIEW_WIDTHS)[number];
export const DEFAULT_PICTURE_ID = 'newuser';
/**
 * Profile pictures are JPEG or PNG (docs/product/profiles.md, "Profile picture"): media types; the server
 * checks the bytes.
 */
export const PROFILE_PICTURE_TYPES = ['image/jpeg', 'image/png'] as const;
/** Not in spec: largest accepted upload. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** Not in spec: uploads are re-encoded to fit this longest side. */
export const IMAGE_MAX_SIDE = 2048;

// Realtime
export const REALTIME_CONNECT_DEBOUNCE_MS = 50;
/** Close code after which the client must stop reconnecting. */
export const REALTIME_STOP_CODE = 1008;

/**
 * Reconnect delay for the given number of attempts already made
 * (docs/product/errors.md, "Realtime connection").
 */
export function realtimeReconnectDelayMs(attempt: number): number {
  if (attempt < 5) return 1000;
  if (attempt < 15) return 5000;
  if (attempt < 100) return 10000;
  return 60000;
}

// Live video (PeerJS)
export const PEER_HEARTBEAT_MS = 5000;
/** Signalling (`peer`) on the app's own port; peerjs clients pass host, port, PEER_PATH and PEER_KEY. */
export const PEER_PATH = '/peerjs';
export const PEER_KEY = 'peerjs';
/**
 * Not in spec: why a member's second viewer socket for one event is refused (one viewer per member and
 * event). The server sends it; the viewer's browser recognises it to say so in the member's language.
 */
export const PEER_REFUSED_WATCHING =
  'You are already watching this event in another tab or on another device.';
/**
 * Not in spec: why the server closes a member's SFU channel (`/sfu`;
 * docs/product/live-video.md, "Signalling rules"), sent by the server and recognised by the browser to tell
 * the member in their language.
 */
export const SFU_CLOSE_REASON = {
  full: 'The stream is full.',
  watching: 'You are already watching this event in another tab or device.',
  hostTaken: 'Someone is already broadcasting this event.',
  notLive: 'This event is not live.',
  ended: 'The stream has ended.',
} as const;
/** Not in spec: viewers one host serves unless LIVE_MAX_VIEWERS says otherwise (a phone's upload). */
export const LIVE_MAX_VIEWERS_DEFAULT = 12;
/** Not in spec: a signalling socket silent (no heartbeat) this long is dropped. */
export const PEER_ALIVE_TIMEOUT_MS = 3 * PEER_HEARTBEAT_MS;
/**
 * Not in spec: after the host's signalling socket goes, live is cleared unless it is back within this.
 * One heartbeat, but a separate rule (so knip does not count it a duplicate export).
 * @alias
 */
export const LIVE_HOST_GRACE_MS = PEER_HEARTBEAT_MS;
/** Not in spec: largest signalling message (an SDP offer with its candidates is a few KB). */
export const PEER_MAX_MESSAGE_BYTES = 64 * 1024;

// Push
export const PUSH_TOKEN_REFRESH_MS = 7 * 24 * 60 * 60 * 1000;
export const SW_REGISTRATION_FALLBACK_MS = 30000;
/** User-timing mark the app sets as it starts registering its service worker: where a first load ends. */
export const SW_REGISTRATION_MARK = 'samaj:service-worker';
export const MESSAGING_TOPIC = 'everyone';

// Vocabularies
export const LABELS = ['Verified', 'Founder', 'Admin', 'Publisher'] as const;
export type Label = (typeof LABELS)[number];

export const PERSONA_TYPES = [
  'notable',
  'toppers',
  'professionals',
  'donors',
  'committee',
  'volunteers',
] as const;
export type PersonaType = (typeof PERSONA_TYPES)[number];

export const GENDERS = ['Male', 'Female'] as const;
export type Gender = (typeof GENDERS)[number];

export const MARITAL_STATUSES = ['Single', 'Married'] as const;
export type MaritalStatus = (typeof MARITAL_STATUSES)[number];

export const BLOOD_GROUPS = ['A+', 'A', 'B+', 'B', 'AB+', 'AB', 'O+', 'O'] as const;
export type BloodGroup = (typeof BLOOD_GROUPS)[number];

// Share links
export const UTM = { utm_source: 'share', utm_medium: 'web' } as const;

/**
 * Tags a share URL with the utm source and medium. Works on absolute URLs and on
 * site paths; existing utm values are replaced, other query and the hash are kept.
 */
export function withUtm(url: string): string {
  const base = 'http://relative.invalid';
  const absolute = /^[a-z][a-z\d+.-]*:/i.test(url);
  const parsed = new URL(url, base);
  for (const [key, value] of Object.entries(UTM)) parsed.searchParams.set(key, value);
  if (absolute) return parsed.toString();
  return parsed.pathname + parsed.search + parsed.hash;
}
