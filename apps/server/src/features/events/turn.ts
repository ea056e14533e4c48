// TURN credentials in coturn's REST-API scheme (`use-auth-secret` + `static-auth-secret`;
// docs/product/live-video.md, "TURN"): the username is `<expiry, unix seconds>:<member id>` and the
// credential the base64 HMAC-SHA1 of that username keyed with TURN_SECRET. coturn recomputes it from the same
// secret and refuses it once the expiry has passed, so a credential that leaks from one browser is worth
// hours, not forever, and the secret itself never leaves the server.
import { createHmac } from 'node:crypto';
import type { IceServer } from '@samaj/core';
import type { TurnConfig } from '../../config.ts';

/**
 * How long a member's credential is accepted: the six hours, so a wedding or a Navratri
 * night streamed through a relay is not cut (coturn checks the expiry again on every refresh of an
 * allocation, so a credential that lapses mid-event drops the relayed call within minutes).
 */
export const TURN_CREDENTIAL_TTL_SECONDS = 6 * 60 * 60;

export interface TurnCredential {
  iceServer: IceServer & { username: string; credential: string };
  expiresAt: Date;
}

/** The credential coturn's REST scheme expects for `username` (also for tests that build their own). */
export function turnPassword(secret: string, username: string): string {
  return createHmac('sha1', secret).update(username).digest('base64');
}

/** A TURN entry for `memberId`, accepted by coturn until `now` + TURN_CREDENTIAL_TTL_SECONDS. */
export function turnCredential(turn: TurnConfig, memberId: string, now: number = Date.now()): TurnCredential {
  const expiry = Math.floor(now / 1000) + TURN_CREDENTIAL_TTL_SECONDS;
  const username = `${expiry}:${memberId}`;
  return {
    iceServer: { urls: turn.urls, username, credential: turnPassword(turn.secret, username) },
    expiresAt: new Date(expiry * 1000),
  };
}
