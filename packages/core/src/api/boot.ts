import type { AccountView } from './accounts.ts';
import type { EventPage, LiveConfig } from './events.ts';
import type { PostPage, PostView } from './posts.ts';
import type { SlideView } from './slides.ts';
import type { SurnameView } from './surnames.ts';

/** What the operator configured that the web app shows (GET /api/public-config). */
export interface PublicConfig extends LiveConfig {
  communityName: string;
  communityAbout: string;
  contactEmail: string | null;
  contactPhone: string | null;
  tileUrl: string;
  tileAttribution: string;
  version: string;
  /** The server's VAPID public key for Web Push (base64url); null when push is off on this server. */
  vapidPublicKey: string | null;
  /**
   * Whether the server sends mail (SMTP_URL): without it "Forgot password?" points to the staff
   * (contactPhone / contactEmail), who can make a reset link (issue 32).
   */
  mailEnabled?: boolean;
}

/**
 * The answers the web app would otherwise ask for before it can draw anything, written by the server
 * into the HTML of the page it sends (apps/server/src/platform/boot-data.ts) as a JSON script with
 * this id. Absent when the page comes from the service worker's shell: the app then asks as usual.
 */
export const BOOT_DATA_ID = 'samaj-boot';

export interface BootData {
  /** `GET /api/account`: the signed-in member, or null for a visitor (no 401 round trip to learn it). */
  account?: AccountView | null;
  /** `GET /api/public-config`: the community's name, about text, map tiles, live and push settings. */
  publicConfig?: PublicConfig;
  /** `GET /api/slides`, on the home page only: its carousel is drawn at once, not swapped in later. */
  slides?: SlideView[];
  /**
   * `GET /api/surnames/:id`, on `/surname/:id` only: the surname the page shows, so its first screen
   * is drawn with it (core drawings.ts). `id` is the param as the page's router reads it.
   */
  surnamePage?: { id: string; view: SurnameView };
  /**
   * `GET /api/posts` and `GET /api/events` for a signed-in member on `/posts`: the feed starts from
   * them, and its first page is drawn into the HTML with them (core feed-drawing.ts).
   */
  feedPage?: PostPage;
  eventsPage?: EventPage;
  /**
   * `GET /api/posts/:id` for a signed-in member on `/post/:id` who may see it: the page starts from it
   * and is drawn with it. `id` is the param as the page's router reads it.
   */
  postPage?: { id: string; post: PostView };
}

/**
 * Boot data that changes what a page's first screen shows. The prerendered visitor screens were drawn
 * with none, so a page that has some (non-empty) is drawn by the app instead of from that HTML.
 */
export const FIRST_SCREEN_BOOT_DATA = [
  'slides',
  'surnamePage',
] as const satisfies readonly (keyof BootData)[];

/**
 * Whether the prerendered first screen still shows this page as it is: it was drawn with none of
 * these parts, except `drawnWith` (a page drawn with its data, core drawings.ts).
 */
export function prerenderFits(boot: BootData, drawnWith?: keyof BootData): boolean {
  return FIRST_SCREEN_BOOT_DATA.every((name) => {
    if (name === drawnWith) return true;
    const part = boot[name];
    return part === undefined || part === null || (Array.isArray(part) && part.length === 0);
  });
}
