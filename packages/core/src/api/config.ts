import type { LiveConfig } from './events.ts';

/** What the operator configured that the web app shows (GET /api/public-config). */
export interface PublicConfig extends LiveConfig {
  communityName: string;
  communityAbout: string;
  /** The community's IANA time zone (COMMUNITY_TIME_ZONE): events' starts are shown and entered in it. */
  timeZone: string;
  contactEmail: string | null;
  contactPhone: string | null;
  tileUrl: string;
  tileAttribution: string;
  version: string;
  /** The server's VAPID public key for Web Push (base64url); null when push is off on this server. */
  vapidPublicKey: string | null;
  /**
   * Whether the server sends mail (SMTP_URL): without it "Forgot password?" points to the staff
   * (contactPhone / contactEmail), who can make a reset link
   * (docs/product/accounts.md, "Password recovery without mail (staff link)").
   */
  mailEnabled?: boolean;
}
